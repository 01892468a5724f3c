/* kernel.c — the arithmetic of one roll: a die's distinct faces, the joint
 * pmf of player one's defence and attack totals, and the column step that
 * advances every (s, t) state by one roll of player two (gather taps, four
 * partial sums). */
#include <math.h>
#include <string.h>

#include "internal.h"

void make_dist(const dice_die *die, dist *q)
{
    int i, k;
    q->n = 0;
    q->amax = q->dmax = 0;
    q->amin = q->dmin = DICE_MAX_ICONS;
    for (i = 0; i < die->nfaces; i++) {
        int a = die->faces[i].attack, d = die->faces[i].defence;
        for (k = 0; k < q->n; k++)
            if (q->a[k] == a && q->d[k] == d) break;
        if (k == q->n) {
            q->a[k] = a;
            q->d[k] = d;
            q->p[k] = 0;
            q->n++;
        }
        q->p[k] += 1.0 / die->nfaces;
        if (a > q->amax) q->amax = a;
        if (d > q->dmax) q->dmax = d;
        if (a < q->amin) q->amin = a;
        if (d < q->dmin) q->dmin = d;
    }
}

int is_stalemate(const dist *q1, const dist *q2, int u1, int u2)
{
    return u1 * q1->amax <= u2 * q2->dmin && u2 * q2->amax <= u1 * q1->dmin;
}

void joint_reset(joint *j)
{
    int r;
    for (r = 0; r < j->rows; r++) {
        j->lo[r] = 0;
        j->hi[r] = -1;
    }
    j->v[0] = 1;
    j->lo[0] = j->hi[0] = 0;
    j->rlo = j->rhi = 0;
    j->k = 0;
    j->dropped = 0;
}

/* Makes cells [lo, hi] of a row writable (zeroing what was not yet). */
static void touch(double *row, int *rlo, int *rhi, int lo, int hi)
{
    int c;
    if (*rhi < *rlo) {
        for (c = lo; c <= hi; c++) row[c] = 0;
        *rlo = lo;
        *rhi = hi;
        return;
    }
    if (lo < *rlo) {
        for (c = lo; c < *rlo; c++) row[c] = 0;
        *rlo = lo;
    }
    if (hi > *rhi) {
        for (c = *rhi + 1; c <= hi; c++) row[c] = 0;
        *rhi = hi;
    }
}

double joint_step(joint *j, const dist *q, double tau)
{
    int r, f, c, nrlo = -1, nrhi = -1;
    double work = 0;
    int *t;
    double *tv;
    for (r = j->rlo + q->dmin; r <= j->rhi + q->dmax; r++) {
        j->lo2[r] = 0;
        j->hi2[r] = -1;
    }
    for (r = j->rlo; r <= j->rhi; r++) {
        const double *src = j->v + (size_t)r * j->cols;
        int lo = j->lo[r], hi = j->hi[r];
        if (hi < lo) continue;
        for (f = 0; f < q->n; f++) {
            int dr = r + q->d[f];
            double p = q->p[f], *dst = j->w + (size_t)dr * j->cols + q->a[f];
            touch(j->w + (size_t)dr * j->cols, &j->lo2[dr], &j->hi2[dr], lo + q->a[f],
                  hi + q->a[f]);
            for (c = lo; c <= hi; c++) dst[c] += p * src[c];
        }
        work += (double)(hi - lo + 1) * q->n;
    }
    for (r = j->rlo + q->dmin; r <= j->rhi + q->dmax; r++) {
        double *row = j->w + (size_t)r * j->cols;
        while (j->lo2[r] <= j->hi2[r] && row[j->lo2[r]] <= tau) j->dropped += row[j->lo2[r]++];
        while (j->lo2[r] <= j->hi2[r] && row[j->hi2[r]] <= tau) j->dropped += row[j->hi2[r]--];
        if (j->lo2[r] <= j->hi2[r]) {
            if (nrlo < 0) nrlo = r;
            nrhi = r;
        }
    }
    for (r = j->rlo; r <= j->rhi; r++) j->hi[r] = -1, j->lo[r] = 0;
    t = j->lo, j->lo = j->lo2, j->lo2 = t;
    t = j->hi, j->hi = j->hi2, j->hi2 = t;
    tv = j->v, j->v = j->w, j->w = tv;
    /* rows outside the new range must read as empty */
    for (r = j->rlo + q->dmin; r <= j->rhi + q->dmax; r++)
        if (r < nrlo || r > nrhi || nrlo < 0) j->hi[r] = -1, j->lo[r] = 0;
    if (nrlo < 0) nrlo = nrhi = 0; /* everything dropped: cannot happen for tau < 1/F^k */
    j->rlo = nrlo;
    j->rhi = nrhi;
    j->k++;
    return work;
}

static void zero_rows(double *a, int *hi, int rows, int width)
{
    int i;
    for (i = 0; i < rows; i++)
        if (hi[i] >= 0) {
            memset(a + (size_t)i * width, 0, sizeof(double) * (size_t)(hi[i] + 1));
            hi[i] = -1;
        }
}

void column_init(column *h, const joint *j, int u1, int dmax1)
{
    int i, d;
    zero_rows(h->v, h->hv, h->rows, h->width);
    zero_rows(h->w, h->hw, h->rows, h->width);
    h->u1 = u1;
    h->off = dmax1 * u1;
    h->L = h->off + u1;
    h->rlo = h->L;
    for (d = j->rlo; d <= j->rhi; d++) {
        int lo = j->lo[d], hi = j->hi[d];
        if (hi < lo) continue;
        i = h->off - d;
        memcpy(h->v + (size_t)i * h->width + lo, j->v + (size_t)d * j->cols + lo,
               sizeof(double) * (size_t)(hi - lo + 1));
        h->hv[i] = hi;
        if (i < h->rlo) h->rlo = i;
    }
    h->dropped = 0;
}

/* The most source rows one destination row can gather from: every face
 * of player two, and for the lump row s >= u1 up to amax2 + 1 rows each. */
#define DICE_MAX_TAPS (DICE_MAX_FACES * (DICE_MAX_ICONS + 1))

/* dst[k] = (or +=) pa*a[k] + pb*b[k] + pc*c[k] + pe*e[k], k = 1..n:
 * straight-line bodies over contiguous rows, unrolled by two so that
 * the compiler pairs them into SIMD operations even at -O2. */
static void tap4(double *restrict dst, int n, int init, const double *restrict a,
                 const double *restrict b, const double *restrict c, const double *restrict e,
                 double pa, double pb, double pc, double pe)
{
    int k;
    if (init) {
        for (k = 1; k + 1 <= n; k += 2) {
            dst[k] = (pa * a[k] + pb * b[k]) + (pc * c[k] + pe * e[k]);
            dst[k + 1] = (pa * a[k + 1] + pb * b[k + 1]) + (pc * c[k + 1] + pe * e[k + 1]);
        }
        if (k == n) dst[k] = (pa * a[k] + pb * b[k]) + (pc * c[k] + pe * e[k]);
    } else {
        for (k = 1; k + 1 <= n; k += 2) {
            dst[k] += (pa * a[k] + pb * b[k]) + (pc * c[k] + pe * e[k]);
            dst[k + 1] += (pa * a[k + 1] + pb * b[k + 1]) + (pc * c[k + 1] + pe * e[k + 1]);
        }
        if (k == n) dst[k] += (pa * a[k] + pb * b[k]) + (pc * c[k] + pe * e[k]);
    }
}

static void tap2(double *restrict dst, int n, int init, const double *restrict a,
                 const double *restrict b, double pa, double pb)
{
    int k;
    if (init) {
        for (k = 1; k + 1 <= n; k += 2) {
            dst[k] = pa * a[k] + pb * b[k];
            dst[k + 1] = pa * a[k + 1] + pb * b[k + 1];
        }
        if (k == n) dst[k] = pa * a[k] + pb * b[k];
    } else {
        for (k = 1; k + 1 <= n; k += 2) {
            dst[k] += pa * a[k] + pb * b[k];
            dst[k + 1] += pa * a[k + 1] + pb * b[k + 1];
        }
        if (k == n) dst[k] += pa * a[k] + pb * b[k];
    }
}

static void tap1(double *restrict dst, int n, int init, const double *restrict a, double pa)
{
    int k;
    if (init) {
        for (k = 1; k + 1 <= n; k += 2) {
            dst[k] = pa * a[k];
            dst[k + 1] = pa * a[k + 1];
        }
        if (k == n) dst[k] = pa * a[k];
    } else {
        for (k = 1; k + 1 <= n; k += 2) {
            dst[k] += pa * a[k];
            dst[k + 1] += pa * a[k + 1];
        }
        if (k == n) dst[k] += pa * a[k];
    }
}

/* dst[k] = sum_t p[t] * s[t][k] for k = 1..n, taps four at a time (three
 * run as four with a zero weight). */
static void gather(double *dst, int n, const double *const *s, const double *p, int nt)
{
    int t = 0, init = 1;
    for (; nt - t >= 3; t += 4, init = 0) {
        int three = nt - t == 3;
        tap4(dst, n, init, s[t], s[t + 1], s[t + 2], s[three ? t : t + 3], p[t], p[t + 1],
             p[t + 2], three ? 0.0 : p[t + 3]);
        if (three) return;
    }
    if (nt - t == 2) tap2(dst, n, init, s[t], s[t + 1], p[t], p[t + 1]);
    else if (nt - t == 1) tap1(dst, n, init, s[t], p[t]);
}

/* Adds one die of player two and folds the result into P[x*(u2+1) + y]
 * (u2 = player two's dice so far). Each destination row is gathered from
 * its source rows (a face (a, d) moves (s, t) by (+a, -d)), written once,
 * and folded while it is in cache. Rows at or below `floor_s` (s <= -amax2
 * * dice still to come) can never reach x > 0 again and are merged into one
 * row first; cells at or above `ceil_t` (t >= U2 + dmax2 * dice to come)
 * always fold to y = u2 and are merged into one cell. Both merges are
 * exact. Cells <= tau at the top of a row are dropped and counted. */
double column_step(column *h, const dist *q, int floor_s, int ceil_t, double tau, int u2,
                          double *P)
{
    const double *src[DICE_MAX_TAPS];
    double pw[DICE_MAX_TAPS], work = 0, *tv;
    int i, f, c, fl = h->off + floor_s, first, nrlo = -1, di, *ti, W = h->width, stride = u2 + 1;
    if (fl > h->rlo) {
        double *frow = h->v + (size_t)fl * W;
        for (i = h->rlo; i < fl; i++) {
            double *row = h->v + (size_t)i * W;
            int hi = h->hv[i];
            if (hi < 0) continue;
            for (c = 0; c <= hi; c++) frow[c] += row[c];
            memset(row, 0, sizeof(double) * (size_t)(hi + 1));
            if (hi > h->hv[fl]) h->hv[fl] = hi;
            h->hv[i] = -1;
            work += hi + 1;
        }
        h->rlo = fl;
    }
    memset(P, 0, sizeof(double) * (size_t)(h->u1 + 1) * (size_t)stride);
    first = h->rlo + q->amin;
    if (first > h->L) first = h->L; /* the lump row s >= u1 keeps its mass */
    /* rows of the next array below the first written one: stale, cleared */
    for (i = 0; i < first && i <= h->L; i++)
        if (h->hw[i] >= 0) {
            memset(h->w + (size_t)i * W, 0, sizeof(double) * (size_t)(h->hw[i] + 1));
            h->hw[i] = -1;
        }
    for (di = first; di <= h->L; di++) {
        double *dst = h->w + (size_t)di * W, lump = 0, *prow;
        int nt = 0, hi = -1, s, top;
        for (f = 0; f < q->n; f++) {
            int from = di - q->a[f], to = from, d = q->d[f];
            if (di == h->L) to = h->L; /* the lump row absorbs every s >= u1 */
            if (from < h->rlo) from = h->rlo;
            for (i = from; i <= to; i++) {
                const double *row = h->v + (size_t)i * W;
                double acc = 0;
                int sh = h->hv[i];
                if (sh < 0) continue;
                for (c = 0; c <= d && c <= sh; c++) acc += row[c];
                lump += q->p[f] * acc;
                if (sh - d > hi) hi = sh - d;
                src[nt] = row + d;
                pw[nt] = q->p[f];
                nt++;
            }
        }
        if (nt == 0) {
            if (h->hw[di] >= 0) memset(dst, 0, sizeof(double) * (size_t)(h->hw[di] + 1));
            h->hw[di] = -1;
            continue;
        }
        if (hi < 0) hi = 0;
        dst[0] = lump;
        gather(dst, hi, src, pw, nt);
        work += (double)(hi + 1) * nt;
        /* stale cells from this buffer's last use */
        for (c = hi + 1; c <= h->hw[di]; c++) dst[c] = 0;
        if (hi > ceil_t) {
            double tail = 0;
            for (c = ceil_t + 1; c <= hi; c++) tail += dst[c], dst[c] = 0;
            dst[ceil_t] += tail;
            hi = ceil_t;
        }
        while (hi >= 0 && dst[hi] <= tau) h->dropped += dst[hi], dst[hi--] = 0;
        h->hw[di] = hi;
        if (hi < 0) continue;
        if (nrlo < 0) nrlo = di;
        /* fold: x = clamp(s, 0, u1) (row L is s >= u1), y = clamp(t, 0, u2) */
        s = di - h->off;
        prow = P + (size_t)(s > 0 ? s : 0) * (size_t)stride;
        top = hi < u2 - 1 ? hi : u2 - 1;
        for (c = 0; c <= top; c++) prow[c] += dst[c];
        if (hi >= u2) prow[u2] += sum_of(dst + u2, hi - u2 + 1);
    }
    ti = h->hv, h->hv = h->hw, h->hw = ti;
    tv = h->v, h->v = h->w, h->w = tv;
    h->rlo = nrlo < 0 ? h->L : nrlo;
    return work;
}
