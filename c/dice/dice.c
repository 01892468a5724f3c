/* dice.c — Battle Dice: parser, column solver, analysis and JSON. See dice.h. */
#include "dice.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/reader.h"

/* Cells below this at the edge of a row are dropped (and counted). */
#define DICE_TAU_FAST 1e-30
/* Floor used by the exact rerun: only denormal-range cells go. */
#define DICE_TAU_EXACT 1e-300
/* The error bound above which the fast run is redone exactly. */
#define DICE_MAX_DROPPED 1e-12
/* Units of work (cells touched) between progress calls. */
#define DICE_PROGRESS_WORK 65536.0

/* ------------------------------------------------------------------ parser */

static int parse_die(wr_reader *r, dice_die *die, const char *whose)
{
    const char *tok;
    size_t len, i;
    int line, col, rc;
    char what[64], buf[16];
    snprintf(what, sizeof what, "a face of %s die (A, D or -)", whose);
    die->nfaces = 0;
    do {
        int a = 0, d = 0;
        rc = wr_read_token(r, what, &tok, &len, &line, &col);
        if (rc) return rc;
        if (die->nfaces == DICE_MAX_FACES)
            return wr_fail(r->err, WR_ERANGE, line, col, "too many faces on %s die: at most %d",
                           whose, DICE_MAX_FACES);
        if (len == 1 && tok[0] == '-') {
            /* blank face */
        } else {
            for (i = 0; i < len; i++) {
                if (tok[i] == 'A' || tok[i] == 'D') {
                    if (a + d == DICE_MAX_ICONS)
                        return wr_fail(r->err, WR_ERANGE, line, col + (int)i,
                                       "too many icons on a face: at most %d", DICE_MAX_ICONS);
                    if (tok[i] == 'A') a++;
                    else d++;
                } else if (tok[i] == '-') {
                    return wr_fail(r->err, WR_ESYNTAX, line, col + (int)i,
                                   "expected A or D, found '-' inside a face (a blank face is a "
                                   "lone '-')");
                } else {
                    return wr_fail(r->err, WR_ESYNTAX, line, col + (int)i,
                                   "expected a face (A, D or -), found %s",
                                   wr_describe_char((unsigned char)tok[i], buf));
                }
            }
        }
        die->faces[die->nfaces].attack = a;
        die->faces[die->nfaces].defence = d;
        die->nfaces++;
    } while (!wr_at_eol(r));
    return wr_read_eol(r);
}

/* 1 when the current line starts (after blanks) with a digit or a sign:
 * the units line rather than a second die. */
static int units_line_here(wr_reader *r)
{
    wr_skip_blanks(r);
    return r->p < r->end && ((*r->p >= '0' && *r->p <= '9') || *r->p == '+');
}

int dice_parse(const char *text, size_t len, dice_request *req, wr_error *err)
{
    wr_reader r;
    int rc = wr_reader_init(&r, text, len, err);
    memset(req, 0, sizeof *req);
    if (rc) return rc;
    if (wr_at_end(&r))
        return wr_fail(err, WR_ESYNTAX, 1, 1,
                       "expected the faces of the die (A, D or -), found an empty input");
    if ((rc = parse_die(&r, &req->die[0], "the"))) return rc;
    if (r.p >= r.end || wr_at_end(&r))
        return wr_fail_here(&r, WR_ESYNTAX,
                            "expected the units 'U1 U2' on the next line, found the end of the input");
    if (units_line_here(&r)) {
        req->die[1] = req->die[0];
        req->same_die = 1;
    } else {
        if ((rc = parse_die(&r, &req->die[1], "player two's"))) return rc;
        req->same_die = 0;
        if (wr_at_end(&r))
            return wr_fail_here(&r, WR_ESYNTAX, "expected the units 'U1 U2' on the next line, "
                                                "found the end of the input");
    }
    if ((rc = wr_read_int(&r, 1, DICE_MAX_UNITS, "player one's units", &req->units[0]))) return rc;
    if ((rc = wr_read_int(&r, 1, DICE_MAX_UNITS, "player two's units", &req->units[1]))) return rc;
    if ((rc = wr_read_eol(&r))) return rc;
    return wr_read_end(&r);
}

/* ------------------------------------------------------------ die summary */

/* A die as a list of distinct (attack, defence) faces with probabilities. */
typedef struct dist {
    int n;
    int a[DICE_MAX_FACES], d[DICE_MAX_FACES];
    double p[DICE_MAX_FACES];
    int amax, dmax, amin, dmin;
} dist;

static void make_dist(const dice_die *die, dist *q)
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

static int is_stalemate(const dist *q1, const dist *q2, int u1, int u2)
{
    return u1 * q1->amax <= u2 * q2->dmin && u2 * q2->amax <= u1 * q1->dmin;
}

/* ------------------------------------------------- player one's (d1, a1) */

/* Joint pmf of player one's defence (row) and attack (column) totals for k
 * dice; each row keeps the extent [lo, hi] of its non-dropped cells. */
typedef struct joint {
    int rows, cols;
    double *v, *w;
    int *lo, *hi, *lo2, *hi2;
    int rlo, rhi, k;
    double dropped;
} joint;

static void joint_reset(joint *j)
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

static double joint_step(joint *j, const dist *q, double tau)
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

/* ------------------------------------------------------ the (s, t) column */

/* Row i holds s = i - off (off = dmax1*u1), the last row L = off + u1 is the
 * lump s >= u1; column j holds t = j, column 0 is the lump t <= 0. Each row
 * keeps its top extent hi, and every cell beyond it is 0 (in both buffers),
 * so the gather below can read past a row's end without tests. */
typedef struct column {
    int rows, width; /* width = amax1*U1 + 1 + DICE_MAX_ICONS: room for reads past hi */
    double *v, *w;   /* the current array and the next one */
    int *hv, *hw;    /* their rows' extents (-1: the row is all zero) */
    int off, L, rlo, u1;
    double dropped;
} column;

static void zero_rows(double *a, int *hi, int rows, int width)
{
    int i;
    for (i = 0; i < rows; i++)
        if (hi[i] >= 0) {
            memset(a + (size_t)i * width, 0, sizeof(double) * (size_t)(hi[i] + 1));
            hi[i] = -1;
        }
}

static void column_init(column *h, const joint *j, int u1, int dmax1)
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

/* sum of a[0..n-1] with four partial sums: no serial add chain. */
static double sum_of(const double *a, int n)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k;
    for (k = 0; k + 3 < n; k += 4) {
        s0 += a[k];
        s1 += a[k + 1];
        s2 += a[k + 2];
        s3 += a[k + 3];
    }
    for (; k < n; k++) s0 += a[k];
    return (s0 + s1) + (s2 + s3);
}

/* sum of a[k] * b[-k], k = 0..n-1, with four partial sums. */
static double dot_rev(const double *a, const double *b, int n)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k;
    for (k = 0; k + 3 < n; k += 4) {
        s0 += a[k] * b[-k];
        s1 += a[k + 1] * b[-k - 1];
        s2 += a[k + 2] * b[-k - 2];
        s3 += a[k + 3] * b[-k - 3];
    }
    for (; k < n; k++) s0 += a[k] * b[-k];
    return (s0 + s1) + (s2 + s3);
}

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
static double column_step(column *h, const dist *q, int floor_s, int ceil_t, double tau, int u2,
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

/* ---------------------------------------------------------------- solver */

typedef struct solver {
    const dice_request *req;
    const wr_options *opt;
    wr_error *err;
    dist q1, q2;
    int U1, U2;
    double tau;
    joint j;
    column h;
    double *P;      /* (U1+1)(U2+1) scratch */
    double *moving; /* analysis: 1 - P(0,0) per state, from the backward pass */
    double *colP;   /* forward pass without cache: one column's P tables */
    double *cache;  /* P tables of columns cache_from..U1, kept from the backward pass */
    int cache_from; /* U1 + 1: nothing cached */
    double work, next_progress, total_work, done_states, total_states;
} solver;

static void solver_free(solver *s)
{
    free(s->j.v);
    free(s->j.w);
    free(s->j.lo);
    free(s->j.hi);
    free(s->j.lo2);
    free(s->j.hi2);
    free(s->h.v);
    free(s->h.w);
    free(s->h.hv);
    free(s->h.hw);
    free(s->P);
    free(s->moving);
    free(s->colP);
    free(s->cache);
}

static void sizes(const dice_request *req, double *jcells, double *hcells, double *hrows)
{
    dist q1;
    int U1 = req->units[0];
    make_dist(&req->die[0], &q1);
    *jcells = ((double)q1.dmax * U1 + 1) * ((double)q1.amax * U1 + 1);
    *hrows = (double)q1.dmax * U1 + U1 + 1;
    *hcells = *hrows * ((double)q1.amax * U1 + 1 + DICE_MAX_ICONS);
}

/* Doubles in one column's P tables, u2 = 1..U2: (u1+1) * tri(U2). */
static double tri(int U2)
{
    return (double)U2 * (U2 + 3) / 2.0;
}

static double colP_cells(int U1, int U2)
{
    return (double)(U1 + 1) * tri(U2);
}

double dice_estimate_bytes(const dice_request *req, int analysis)
{
    double jc, hc, hr, states = (double)(req->units[0] + 1) * (req->units[1] + 1);
    double bytes;
    sizes(req, &jc, &hc, &hr);
    bytes = 8.0 * (2 * jc + 2 * hc) + 4.0 * (4 * ((double)req->units[0] * 9 + 1) + 2 * hr);
    bytes += 8.0 * (2 * states); /* W table + P scratch */
    if (analysis)
        bytes += 8.0 * (3 * states + colP_cells(req->units[0], req->units[1])) +
                 8.0 * (req->units[0] + req->units[1] + 2);
    return bytes + 4096;
}

/* The lowest column whose P tables fit in `bytes` when columns U1, U1-1,
 * ... are cached (the costliest to recompute come first). */
static int cache_from(int U1, int U2, double bytes, double *used)
{
    int u1 = U1 + 1;
    *used = 0;
    while (u1 > 1 && *used + 8.0 * colP_cells(u1 - 1, U2) <= bytes) {
        u1--;
        *used += 8.0 * colP_cells(u1, U2);
    }
    return u1;
}

/* Where column u1's P table for u2 lives in the cache. */
static double *cache_at(const solver *s, int u1, int u2)
{
    size_t from = (size_t)s->cache_from, col = (size_t)u1;
    size_t before = (col * (col + 1) - from * (from + 1)) / 2; /* sum_{v=from}^{u1-1} (v+1) */
    size_t t2 = (size_t)s->U2 * (size_t)(s->U2 + 3) / 2;
    return s->cache + before * t2 + (size_t)(u1 + 1) * ((size_t)(u2 - 1) * (size_t)(u2 + 2) / 2);
}

static int solver_alloc(solver *s, int analysis, double spare)
{
    double jc, hc, hr;
    int jrows, i;
    sizes(s->req, &jc, &hc, &hr);
    jrows = s->q1.dmax * s->U1 + 1;
    s->j.rows = jrows;
    s->j.cols = s->q1.amax * s->U1 + 1;
    s->h.rows = (int)hr;
    s->h.width = s->j.cols + DICE_MAX_ICONS;
    s->j.v = malloc(sizeof(double) * (size_t)jc);
    s->j.w = malloc(sizeof(double) * (size_t)jc);
    s->j.lo = malloc(sizeof(int) * (size_t)jrows);
    s->j.hi = malloc(sizeof(int) * (size_t)jrows);
    s->j.lo2 = malloc(sizeof(int) * (size_t)jrows);
    s->j.hi2 = malloc(sizeof(int) * (size_t)jrows);
    s->h.v = calloc((size_t)hc, sizeof(double));
    s->h.w = calloc((size_t)hc, sizeof(double));
    s->h.hv = malloc(sizeof(int) * (size_t)hr);
    s->h.hw = malloc(sizeof(int) * (size_t)hr);
    s->P = malloc(sizeof(double) * (size_t)(s->U1 + 1) * (size_t)(s->U2 + 1));
    if (analysis) {
        s->colP = malloc(sizeof(double) * (size_t)colP_cells(s->U1, s->U2));
        s->moving = malloc(sizeof(double) * (size_t)(s->U1 + 1) * (size_t)(s->U2 + 1));
    }
    if (!s->j.v || !s->j.w || !s->j.lo || !s->j.hi || !s->j.lo2 || !s->j.hi2 || !s->h.v ||
        !s->h.w || !s->h.hv || !s->h.hw || !s->P ||
        (analysis && (!s->colP || !s->moving)))
        return WR_ENOMEM;
    for (i = 0; i < s->h.rows; i++) s->h.hv[i] = s->h.hw[i] = -1;
    s->cache_from = s->U1 + 1;
    if (analysis) {
        /* Optional: the forward pass reuses the backward pass's transitions
         * instead of recomputing them, for as many columns as fit. Without
         * it (or if malloc refuses) the forward pass recomputes. */
        double used;
        int from = cache_from(s->U1, s->U2, spare, &used);
        if (from <= s->U1 && (s->cache = malloc((size_t)used)) != NULL) s->cache_from = from;
    }
    return WR_OK;
}

static int tick(solver *s, double work)
{
    s->work += work;
    if (s->work >= s->next_progress) {
        s->next_progress = s->work + DICE_PROGRESS_WORK;
        if (wr_progress(s->opt, s->done_states, s->total_states) != WR_OK)
            return wr_fail(s->err, WR_ECANCELLED, 0, 0, "cancelled");
    }
    return WR_OK;
}

/* Sum of P(x,y) over (x,y) != (0,0): 1 - P(0,0) without cancellation. */
static double moving_mass(const double *P, int u1, int u2)
{
    return sum_of(P + 1, (u1 + 1) * (u2 + 1) - 1);
}

static int too_rare(solver *s, int u1, int u2)
{
    return wr_fail(s->err, WR_ERANGE, 0, 0,
                   "from %d vs %d units almost no roll changes anything (below 1e-290 per "
                   "roll): out of double precision",
                   u1, u2);
}

/* Backward pass: W for every state. Returns the error bound in *bound. */
static int backward(solver *s, double *W, double *bound)
{
    int U1 = s->U1, U2 = s->U2, u1, u2, x, y, rc, stride = U2 + 1;
    *bound = 0;
    for (u1 = 0; u1 <= U1; u1++) W[u1 * stride] = u1 > 0 ? 1.0 : 0.0;
    for (u2 = 0; u2 <= U2; u2++) W[u2] = 0.0;
    joint_reset(&s->j);
    for (u1 = 1; u1 <= U1; u1++) {
        if ((rc = tick(s, joint_step(&s->j, &s->q1, s->tau)))) return rc;
        column_init(&s->h, &s->j, u1, s->q1.dmax);
        for (u2 = 1; u2 <= U2; u2++) {
            double c, acc = 0, *P = u1 >= s->cache_from ? cache_at(s, u1, u2) : s->P;
            if ((rc = tick(s, column_step(&s->h, &s->q2, -s->q2.amax * (U2 - u2 + 1),
                                          U2 + s->q2.dmax * (U2 - u2), s->tau, u2, P))))
                return rc;
            s->done_states++;
            if (is_stalemate(&s->q1, &s->q2, u1, u2)) {
                W[u1 * stride + u2] = 0;
                continue;
            }
            c = moving_mass(P, u1, u2);
            if (!(c > 1e-290)) return too_rare(s, u1, u2);
            if (s->moving) s->moving[u1 * stride + u2] = c;
            /* x = u1 leads to W(0, .) = 0: skipped */
            for (x = 0; x < u1; x++) {
                const double *row = P + x * (u2 + 1);
                const double *wr = W + (u1 - x) * stride + u2;
                y = x == 0 ? 1 : 0;
                acc += dot_rev(row + y, wr - y, u2 + 1 - y);
            }
            W[u1 * stride + u2] = acc / c;
            *bound += (s->j.dropped + s->h.dropped) / c;
        }
    }
    return WR_OK;
}

/* Forward pass from (U1, U2): reach probabilities m and R = E[rolls so far;
 * reached], then the outcomes. Cached columns cost only the sums; the
 * others are recomputed (joint from scratch, then the column). */
static int forward(solver *s, double *m, double *R, dice_result *res)
{
    int U1 = s->U1, U2 = s->U2, u1, u2, x, y, k, rc, stride = U2 + 1;
    double ended = 0, rolls = 0;
    m[U1 * stride + U2] = 1;
    for (u1 = U1; u1 >= 1; u1--) {
        int umax = 0, cached = u1 >= s->cache_from;
        size_t off;
        for (u2 = 1; u2 <= U2; u2++)
            if (m[u1 * stride + u2] > 0) umax = u2;
        if (umax == 0) {
            s->done_states += U2;
            continue;
        }
        off = 0;
        if (!cached) {
            joint_reset(&s->j);
            for (k = 0; k < u1; k++)
                if ((rc = tick(s, joint_step(&s->j, &s->q1, s->tau)))) return rc;
            column_init(&s->h, &s->j, u1, s->q1.dmax);
            for (u2 = 1; u2 <= umax; u2++) {
                if ((rc = tick(s, column_step(&s->h, &s->q2, -s->q2.amax * (U2 - u2 + 1),
                                              U2 + s->q2.dmax * (U2 - u2), s->tau, u2,
                                              s->colP + off))))
                    return rc;
                off += (size_t)(u1 + 1) * (size_t)(u2 + 1);
            }
        }
        s->done_states += U2 - umax;
        for (u2 = umax; u2 >= 1; u2--) {
            double mass = m[u1 * stride + u2], r = R[u1 * stride + u2], c, fm, fr;
            const double *P;
            if (!cached) off -= (size_t)(u1 + 1) * (size_t)(u2 + 1);
            s->done_states++;
            if ((rc = tick(s, (double)(u1 + 1) * (u2 + 1)))) return rc;
            if (mass == 0) continue;
            if (is_stalemate(&s->q1, &s->q2, u1, u2)) {
                res->stalemate += mass;
                continue;
            }
            P = cached ? cache_at(s, u1, u2) : s->colP + off;
            /* the backward pass computed c from the same P */
            c = s->moving[u1 * stride + u2];
            fm = mass / c;
            fr = (r + fm) / c;
            for (x = 0; x <= u1; x++) {
                const double *row = P + (size_t)x * (size_t)(u2 + 1);
                double *mt = m + (size_t)(u1 - x) * stride + u2, *rt = R + (mt - m);
                for (y = x == 0 ? 1 : 0; y <= u2; y++) {
                    mt[-y] += fm * row[y];
                    rt[-y] += fr * row[y];
                }
            }
        }
    }
    for (k = 1; k <= U1; k++) {
        double p = m[k * stride];
        res->win += p;
        res->survivors1[k] += p;
        res->survivors2[0] += p;
        rolls += R[k * stride];
    }
    for (k = 1; k <= U2; k++) {
        double p = m[k];
        res->loss += p;
        res->survivors2[k] += p;
        res->survivors1[0] += p;
        rolls += R[k];
    }
    res->draw = m[0];
    res->survivors1[0] += m[0];
    res->survivors2[0] += m[0];
    rolls += R[0];
    ended = res->win + res->draw + res->loss;
    res->expected_rolls = ended > 0 ? rolls / ended : NAN;
    return WR_OK;
}

void dice_result_free(dice_result *res)
{
    free(res->table);
    free(res->survivors1);
    free(res->survivors2);
    memset(res, 0, sizeof *res);
}

static int solve_with(solver *s, int analysis, dice_result *res, double *W, double *bound)
{
    int rc;
    s->work = 0;
    s->next_progress = DICE_PROGRESS_WORK;
    s->done_states = 0;
    s->total_states = (double)s->U1 * s->U2 * (analysis ? 2 : 1);
    if ((rc = backward(s, W, bound))) return rc;
    if (*bound > DICE_MAX_DROPPED && s->tau > DICE_TAU_EXACT) return 1; /* redo exactly */
    if (analysis) {
        size_t n = (size_t)(s->U1 + 1) * (size_t)(s->U2 + 1);
        double *m = calloc(n, sizeof(double)), *R = calloc(n, sizeof(double));
        if (!m || !R) rc = wr_fail_nomem(s->err);
        else rc = forward(s, m, R, res);
        free(m);
        free(R);
        if (rc) return rc;
        res->analysed = 1;
    }
    return WR_OK;
}

/* Bytes the optional transition cache may take: what the budget leaves,
 * at most half of it (and well inside a 32-bit size_t). */
static double cache_room(double need, double budget)
{
    double room = budget - need;
    if (room > budget / 2) room = budget / 2;
    if (room > (double)SIZE_MAX / 4) room = (double)SIZE_MAX / 4;
    return room;
}

int dice_solve(const dice_request *req, int analysis, const wr_options *opt, dice_result *res,
               wr_error *err)
{
    solver s;
    double need = dice_estimate_bytes(req, analysis), budget = wr_budget_bytes(opt), bound = 0;
    double *W = NULL;
    int rc, i, j, U1 = req->units[0], U2 = req->units[1];
    memset(res, 0, sizeof *res);
    memset(&s, 0, sizeof s);
    wr_error_clear(err);
    if (need > budget) return wr_fail_budget(err, need, budget);
    s.req = req;
    s.opt = opt;
    s.err = err;
    s.U1 = U1;
    s.U2 = U2;
    make_dist(&req->die[0], &s.q1);
    make_dist(&req->die[1], &s.q2);
    res->units[0] = U1;
    res->units[1] = U2;
    W = malloc(sizeof(double) * (size_t)(U1 + 1) * (size_t)(U2 + 1));
    res->table = malloc(sizeof(double) * (size_t)U1 * (size_t)U2);
    res->survivors1 = calloc((size_t)U1 + 1, sizeof(double));
    res->survivors2 = calloc((size_t)U2 + 1, sizeof(double));
    if (!W || !res->table || !res->survivors1 || !res->survivors2 ||
        solver_alloc(&s, analysis, cache_room(need, budget)) != WR_OK) {
        rc = wr_fail_nomem(err);
        goto done;
    }
    s.tau = DICE_TAU_FAST;
    rc = solve_with(&s, analysis, res, W, &bound);
    if (rc == 1) {
        s.tau = DICE_TAU_EXACT;
        rc = solve_with(&s, analysis, res, W, &bound);
    }
    if (rc) goto done;
    for (i = 1; i <= U1; i++)
        for (j = 1; j <= U2; j++) res->table[(i - 1) * U2 + (j - 1)] = W[i * (U2 + 1) + j];
    res->states = (long long)U1 * U2;
    res->cached_columns = analysis ? U1 + 1 - s.cache_from : 0;
    res->dropped_mass = bound;
done:
    free(W);
    solver_free(&s);
    if (rc) dice_result_free(res);
    return rc;
}

double dice_answer(const dice_result *res)
{
    return dice_table(res, res->units[0], res->units[1]);
}

double dice_table(const dice_result *res, int i, int j)
{
    return res->table[(size_t)(i - 1) * (size_t)res->units[1] + (size_t)(j - 1)];
}

/* ------------------------------------------------------------------ JSON */

static void json_faces(wr_buf *b, const dice_die *die)
{
    int i, k;
    wr_buf_puts(b, "[");
    for (i = 0; i < die->nfaces; i++) {
        char face[DICE_MAX_ICONS + 1];
        int n = 0;
        for (k = 0; k < die->faces[i].attack; k++) face[n++] = 'A';
        for (k = 0; k < die->faces[i].defence; k++) face[n++] = 'D';
        if (n == 0) face[n++] = '-';
        if (i) wr_buf_puts(b, ",");
        wr_json_str(b, face, (size_t)n);
    }
    wr_buf_puts(b, "]");
}

static void json_array(wr_buf *b, const double *v, int n)
{
    int i;
    wr_buf_puts(b, "[");
    for (i = 0; i < n; i++) {
        if (i) wr_buf_puts(b, ",");
        wr_json_num(b, v[i]);
    }
    wr_buf_puts(b, "]");
}

void dice_write_json(const dice_request *req, const dice_result *res, wr_buf *b)
{
    int U1 = res->units[0], U2 = res->units[1], i;
    wr_buf_puts(b, "{");
    wr_json_key(b, "game");
    wr_json_str(b, "dice", 4);
    wr_buf_puts(b, ",");
    wr_json_key(b, "answer");
    wr_json_num(b, dice_answer(res));
    wr_buf_puts(b, ",");
    wr_json_key(b, "faces1");
    json_faces(b, &req->die[0]);
    wr_buf_puts(b, ",");
    wr_json_key(b, "faces2");
    json_faces(b, &req->die[1]);
    wr_buf_puts(b, ",");
    wr_json_key(b, "sameDie");
    wr_buf_puts(b, req->same_die ? "true" : "false");
    wr_buf_printf(b, ",\"units\":[%d,%d],", U1, U2);
    /* The table's value, not the forward pass's (equal within 1e-12): the page's
     * answer, the CLI's text and "win" must be the same double. */
    wr_json_key(b, "win");
    wr_json_num(b, dice_answer(res));
    wr_buf_puts(b, ",");
    wr_json_key(b, "draw");
    wr_json_num(b, res->draw);
    wr_buf_puts(b, ",");
    wr_json_key(b, "loss");
    wr_json_num(b, res->loss);
    wr_buf_puts(b, ",");
    wr_json_key(b, "stalemate");
    wr_json_num(b, res->stalemate);
    wr_buf_puts(b, ",");
    wr_json_key(b, "survivors1");
    json_array(b, res->survivors1, U1 + 1);
    wr_buf_puts(b, ",");
    wr_json_key(b, "survivors2");
    json_array(b, res->survivors2, U2 + 1);
    wr_buf_puts(b, ",");
    wr_json_key(b, "expectedRolls");
    wr_json_num(b, res->expected_rolls); /* NAN -> null */
    wr_buf_puts(b, ",");
    wr_json_key(b, "table");
    wr_buf_puts(b, "[");
    for (i = 0; i < U1; i++) {
        if (i) wr_buf_puts(b, ",");
        json_array(b, res->table + (size_t)i * U2, U2);
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "states");
    wr_buf_printf(b, "%lld", res->states);
    wr_buf_puts(b, ",");
    wr_json_key(b, "droppedMass");
    wr_json_num(b, res->dropped_mass);
    wr_buf_puts(b, "}\n");
}

/* ------------------------------------------------------------------- run */

static int dice_run(const char *text, size_t len, const wr_options *opt, wr_buf *out,
                    wr_error *err)
{
    dice_request req;
    dice_result res;
    int rc = dice_parse(text, len, &req, err);
    if (rc) return rc;
    rc = dice_solve(&req, opt->json, opt, &res, err);
    if (rc) return rc;
    if (opt->json) {
        dice_write_json(&req, &res, out);
    } else {
        wr_buf_prob(out, dice_answer(&res), opt->digits >= 0 ? opt->digits : DICE_DEFAULT_DIGITS);
        wr_buf_puts(out, "\n");
    }
    dice_result_free(&res);
    return wr_buf_status(out);
}

const wr_game wr_game_dice = {"dice", DICE_DEFAULT_DIGITS, dice_run};
