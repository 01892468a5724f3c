/* sweep_kernels.c — the lane kernels that fill one node's sweep table
 * from its children's: min/max networks over fixed even lane widths, kept in
 * one file so the fixed-width copies inline (see the layout comment). */
#include "internal.h"

/* Table layout and lane kernels.
 *
 * A node's table is filled one mover's line at a time: a line fixes the
 * mover's factor (so his cut), and its lanes run over the other player's
 * factor. Tables are stored lane-major, t[l * nr + r] (r: the mover's factor
 * - 1, nr of them; l: the other's, nl of them): a J-to-move node's table is
 * t[(a_D - 1) * dj + a_J - 1], a D-to-move node's t[(a_J - 1) * dd + a_D - 1].
 * A parent's mover is the child's other player, so the parent's line R of
 * child c is the child's lane min(R, nl_c - 1): nr_c contiguous values, read
 * in place as the parent's lanes (copied and padded with its last value
 * when nr_c is shorter than the parent's lane count).
 *
 * The kernels read p such lines, w >= nl doubles each (lanes past nl are
 * padding, possibly the next line's values: their results are dropped;
 * every table array ends with LANE_SLACK readable doubles for this), and
 * write each result line to a scratch row of w lanes (T[r * w + l]) that
 * sweep_node transposes into place. Lane counts up to 16 are rounded up to
 * an even width (SSE2 and wasm SIMD hold two doubles) and get their own
 * copy of the node code with that width fixed, which gcc -O2 vectorises
 * with no remainder loops.
 *
 * The values read are the children's values u (the child's mover's win
 * probability); a move's value is 1 - u, and since 1 - u is monotone the
 * best a moves are the children with the a smallest u, in ascending u
 * order: the kernels keep the bottom a of u and add 1 - u from the
 * smallest, the same additions in the same order as top_avg, so every
 * entry has the single solve's bits. */
/* A loop over a node's w lanes: unrolled whole (w is a constant up to 16
 * in the fixed-width copies), so no loop control per vector. */
#if defined(__clang__)
#define LANES(l, w) for (l = 0; l < (w); l++)
#else
#define LANES(l, w) _Pragma("GCC unroll 16") for (l = 0; l < (w); l++)
#endif
#define NODE_INLINE static inline __attribute__((always_inline))
/* The kernels: forced inline (so widths are constants) for gcc; emscripten's
 * clang measured 50% slower so (huge functions), and specialises them itself. */
#if defined(__wasm__)
#define KERNEL_INLINE static inline
#else
#define KERNEL_INLINE NODE_INLINE
#endif

/* For each lane, the bottom a u-values (1 <= a <= p) by a branch-free
 * min/max insertion network, then every cut q in a_lo..a:
 * out[(q - a_lo) * w + l] = (sum of the best q move values) / q. After c
 * children only slots 0..c-1 hold values, so child c's insertion starts at
 * slot min(c, a - 1), and an empty slot c simply takes max(bot[c - 1], u)
 * (what a sentinel above every value would give). */
KERNEL_INLINE void top_core(const double *const *L, int p, int w, int a_lo, int a, double *out,
                          double *bot)
{
    double acc[HOPCHESS_MAX_MOVES];
    int c, j, l;
    if (a == 1) {
        LANES(l, w) bot[l] = L[0][l];
        for (c = 1; c < p; c++)
            LANES(l, w) bot[l] = bot[l] < L[c][l] ? bot[l] : L[c][l];
        LANES(l, w) out[l] = 1.0 - bot[l]; /* 0 + x is x: never -0 */
        return;
    }
    if (a == 2) { /* no sentinel row */
        double *b1 = bot + w;
        LANES(l, w) {
            double x = L[0][l], y = L[1][l];
            bot[l] = x < y ? x : y;
            b1[l] = x < y ? y : x;
        }
        for (c = 2; c < p; c++) {
            const double *u = L[c];
            LANES(l, w) {
                double m = bot[l] > u[l] ? bot[l] : u[l];
                b1[l] = b1[l] < m ? b1[l] : m;
                bot[l] = bot[l] < u[l] ? bot[l] : u[l];
            }
        }
    } else {
        LANES(l, w) bot[l] = L[0][l];
        for (c = 1; c < p; c++) {
            const double *u = L[c];
            j = a - 1;
            if (c <= j) { /* slot c is still empty: it takes max(bot[c - 1], u) */
                double *bj = bot + c * w;
                const double *bu = bj - w;
                LANES(l, w) bj[l] = bu[l] > u[l] ? bu[l] : u[l];
                j = c - 1;
            }
            for (; j > 0; j--) {
                double *bj = bot + j * w;
                const double *bu = bj - w;
                LANES(l, w) {
                    double m = bu[l] > u[l] ? bu[l] : u[l];
                    bj[l] = bj[l] < m ? bj[l] : m;
                }
            }
            LANES(l, w) bot[l] = bot[l] < u[l] ? bot[l] : u[l];
        }
    }
    LANES(l, w) acc[l] = 1.0 - bot[l];
    if (a_lo == 1)
        LANES(l, w) out[l] = acc[l];
    for (j = 1; j < a; j++) {
        LANES(l, w) acc[l] += 1.0 - bot[j * w + l];
        if (j + 1 >= a_lo) {
            double *o = out + (j + 1 - a_lo) * w;
            LANES(l, w) o[l] = acc[l] / (j + 1);
        }
    }
}

/* d[0..w-1]: src's n values, then its last one repeated. A select, not a
 * copy and a fill: with w fixed it vectorises with no library call (gcc
 * turns a plain copy loop into memmove). Reads src[0..w-1]: w <= LANE_SLACK
 * keeps that inside the table array. */
NODE_INLINE void pad_line(double *restrict d, const double *restrict src, int n, int w)
{
    double last = src[n - 1];
    int l;
    LANES(l, w) d[l] = l < n ? src[l] : last;
}

/* One node's lines, T[r * w + l] for r < *pnr (the planned count, which may
 * shrink) and l < w = lane_width(nl), from its p children: child c's table at
 * cbase[c] has crows[c] lanes of clen[c] values (in the parent's terms:
 * lines and lanes). Lines r = 0.. are selected one at a time with cut r + 1;
 * past the children's last distinct line re the move values no longer change
 * and only the cut does, so one network serves every remaining cut up to p;
 * lines with cut p or more are all the mean of every move (summed from the
 * smallest u, as top_avg does): the table stops at the first of them (a trim
 * would drop the rest anyway).
 * pad: max(w, LANE_SLACK) x moves doubles (copies of short lines); bot: w x
 * moves doubles. p >= 1. */
NODE_INLINE void node_core(double *T, int *pnr, int nl, int w, int p, const double *const *cbase,
                           const int *crows, const int *clen, double *pad, double *bot)
{
    const double *L[HOPCHESS_MAX_MOVES];
    int full[HOPCHESS_MAX_MOVES], part[HOPCHESS_MAX_MOVES], nfull = 0, npart = 0;
    int c, i, r, l, nr = *pnr, re = 0, ps = w > LANE_SLACK ? w : LANE_SLACK;
    for (c = 0; c < p; c++) {
        if (crows[c] - 1 > re) re = crows[c] - 1;
        if (clen[c] >= nl) full[nfull++] = c; /* read in place */
        else part[npart++] = c;               /* copied and padded */
    }
    if (re > nr - 1) re = nr - 1;
    if (nr > (re + 1 > p ? re + 1 : p)) nr = re + 1 > p ? re + 1 : p;
    *pnr = nr;
    for (r = 0; r <= re; r++) {
        for (i = 0; i < nfull; i++) { /* child c's line r, extended */
            c = full[i];
            L[c] = cbase[c] + (r < crows[c] ? r : crows[c] - 1) * clen[c];
        }
        for (i = 0; i < npart; i++) {
            const double *src;
            double *d;
            c = part[i];
            if (r > 0 && r >= crows[c]) continue; /* past its last line: L[c] holds it */
            src = cbase[c] + r * clen[c];
            d = pad + c * ps;
            if (w <= LANE_SLACK)
                pad_line(d, src, clen[c], w);
            else {
                for (l = 0; l < clen[c]; l++) d[l] = src[l];
                for (; l < w; l++) d[l] = src[clen[c] - 1];
            }
            L[c] = d;
        }
        top_core(L, p, w, r + 1 < p ? r + 1 : p, r + 1 < p ? r + 1 : p, T + r * w, bot);
    }
    if (re + 1 < nr) /* L holds line re, the same as every later line (nr <= p here) */
        top_core(L, p, w, re + 2, nr, T + (re + 1) * w, bot);
}

typedef void (*node_fn)(double *T, int *pnr, int nl, int p, const double *const *cbase,
                        const int *crows, const int *clen, double *pad, double *bot);

#define NODE_FIXED(W)                                                                      \
    static void node_w##W(double *T, int *pnr, int nl, int p, const double *const *cbase, \
                          const int *crows, const int *clen, double *pad, double *bot)     \
    {                                                                                      \
        double nbot[HOPCHESS_MAX_MOVES * W]; /* local: provably apart from the lines */    \
        (void)bot;                                                                         \
        node_core(T, pnr, nl, W, p, cbase, crows, clen, pad, nbot);                        \
    }
NODE_FIXED(2)
NODE_FIXED(4)
NODE_FIXED(6)
NODE_FIXED(8)
NODE_FIXED(10)
NODE_FIXED(12)
NODE_FIXED(14)
NODE_FIXED(16)

static const node_fn node_fixed[8] = {node_w2,  node_w4,  node_w6,  node_w8,
                                      node_w10, node_w12, node_w14, node_w16};

/* A node whose children all have one value (1 x 1 tables; 43% of the
 * nodes of the 3x4 benchmark): one lane, the values sorted once, and line
 * r = the best r + 1 of them, added in the same order as top_core
 * (ascending u). */
static void sweep_scalar(double *dst, int *pnr, int p, const double *const *cbase)
{
    double u[HOPCHESS_MAX_MOVES], acc = 0;
    int c, j, nr = *pnr < p ? *pnr : p;
    for (c = 0; c < p; c++) { /* insertion sort: p is small */
        double x = cbase[c][0];
        for (j = c; j > 0 && u[j - 1] > x; j--) u[j] = u[j - 1];
        u[j] = x;
    }
    for (j = 0; j < nr; j++) {
        acc = j ? acc + (1.0 - u[j]) : 1.0 - u[0];
        dst[j] = acc / (j + 1);
    }
    while (nr > 1 && memcmp(dst + nr - 1, dst + nr - 2, sizeof *dst) == 0) nr--;
    *pnr = nr;
}

/* A node's table from its children (see node_core), trimmed of trailing
 * lines and lanes that equal the one before them (exactly: readers clamp
 * indices to the dims, so the table means the same, and a parent whose
 * children all end early ends early too; the result does not depend on the
 * order of the two trims), written lane-major to dst[l * nr + r]. *pnr and
 * *pnl: the planned dims in, the table's out. T, pad, bot: scratch (see
 * node_core; T: w x moves doubles). */
void sweep_node(double *dst, int *pnr, int *pnl, int p, const double *const *cbase,
                       const int *crows, const int *clen, double *T, double *pad, double *bot)
{
    int nr = *pnr, nl = *pnl, w = lane_width(nl), l, r, c;
    if (p == 0) { /* no move: the mover loses */
        *pnr = *pnl = 1;
        dst[0] = 0.0;
        return;
    }
    for (c = 0; c < p && crows[c] == 1 && clen[c] == 1; c++) {}
    if (c == p) {
        sweep_scalar(dst, pnr, p, cbase);
        *pnl = 1;
        return;
    }
    if (w <= 16) node_fixed[w / 2 - 1](T, &nr, nl, p, cbase, crows, clen, pad, bot);
    else node_core(T, &nr, nl, w, p, cbase, crows, clen, pad, bot);
    while (nr > 1 && memcmp(T + (nr - 1) * w, T + (nr - 2) * w, (size_t)nl * sizeof *T) == 0)
        nr--;
    for (; nl > 1; nl--) {
        for (r = 0; r < nr && T[r * w + nl - 1] == T[r * w + nl - 2]; r++) {}
        if (r < nr) break;
    }
    for (l = 0; l < nl; l++)
        for (r = 0; r < nr; r++) dst[l * nr + r] = T[r * w + l];
    *pnr = nr;
    *pnl = nl;
}
