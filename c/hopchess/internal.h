/* internal.h — what the hop chess files share (private: only c/hopchess/
 * includes it). The layer encoding and the algorithm are in hopchess.h; this
 * header holds the engine state, the board geometry, the layer iterator and
 * the helpers hot enough to stay inline in every file that moves pieces.
 *
 * Files: parse.c (contest text), layers.c (geometry, layer indexing, the
 * memory estimate), engine.c (the forward pass, the single solve, the public
 * solve and sweep), sweep.c (the sweep's tables, memo and allocator),
 * sweep_kernels.c (the lane kernels that fill a node's table), json.c (JSON
 * and the CLI's run). */
#ifndef WR_HOPCHESS_INTERNAL_H
#define WR_HOPCHESS_INTERNAL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/bits.h"
#include "hopchess.h"
#include "sortnet.h"

/* Values closer than this are ties (the proposal set's cut). */
#define TIE_EPS 1e-12
/* Positions between progress calls. */
#define PROGRESS_EVERY 65536u
/* Readable doubles after every sweep table array (kernels read padding). */
#define LANE_SLACK 16

typedef struct geom {
    int cols;
    uint64_t full, not_last_col, not_first_col;
} geom;

/*
 * Layer k holds the positions with k pieces. Its occupied cells are a
 * k-subset of the n0 initially occupied cells, ranked in colex order
 * (rank = sum of C(q_i, i + 1) over the subset's places q_0 < q_1 < ...
 * among the initial cells); the owners are the k bits of the J mask at the
 * occupied cells, in cell order (pext). Position index = rank << k | owners,
 * so a layer is a bitmap of C(n0, k) * 2^k bits: 3^n0 bits over all layers
 * (5.4 MB for 16 cells). Values are stored only for reachable positions, in
 * index order; a position's slot is its rank among the bitmap's set bits
 * (a directory of running counts per 64-bit word, plus one popcount).
 *
 * Positions of one occupancy (a "block") are visited together, so the
 * per-occupancy work is done once per block: for each occupied cell, the
 * index base of the child block (the occupancy without that cell, one layer
 * down). A move a -> b then gives the child's index with a few bit
 * operations on the owner bits: drop a's bit, set or clear b's bit.
 */

typedef struct engine {
    const hopchess_request *req;
    const wr_options *opt;
    wr_error *err;
    geom g;
    int root_k, root_side, n0, j0, d0;
    uint64_t init;                          /* initially occupied cells */
    uint8_t icell[HOPCHESS_SOLVE_CELLS];    /* the j-th initially occupied cell */
    uint64_t binom[HOPCHESS_SOLVE_CELLS + 2][HOPCHESS_SOLVE_CELLS + 2];
    uint64_t *bits[HOPCHESS_SOLVE_CELLS + 1]; /* layer bitmaps */
    uint32_t *list[HOPCHESS_SOLVE_CELLS + 1]; /* or a waiting layer's indices (layers_pack) */
    uint32_t *dir;                          /* the directory of layer dir_k (layers_step) */
    int dir_k;
    double layer_bytes;                     /* what bits, list and dir hold now */
    size_t words[HOPCHESS_SOLVE_CELLS + 1];
    uint64_t count[HOPCHESS_SOLVE_CELLS + 1]; /* reachable positions per layer */
    int kmin;
    uint64_t positions;
    double fixed_bytes, budget;             /* what else is held (tables); the budget */
    double pos_bytes;                       /* value-array bytes per position, at least */
    double held;                            /* what the sweep's growable arrays hold */
    struct sweep_memo *memo;                /* the sweep's memo: dropped when memory is short */
    double done, total, bound_total;        /* progress bookkeeping */
    unsigned tick;
} engine;

/* One occupancy of layer k and what its moves need. */
typedef struct block {
    uint64_t occ;                          /* occupied cells */
    uint8_t cell[HOPCHESS_SOLVE_CELLS];    /* the i-th occupied cell (owner bit i) */
    uint8_t place[HOPCHESS_SOLVE_CELLS];   /* cell -> i, for occupied cells */
    uint64_t cbase[HOPCHESS_SOLVE_CELLS];  /* layer k-1 index of (occ minus cell i, owners 0) */
} block;

/* Iterates the positions of layer k in index order: it->b is the current
 * position's block, *x its owner bits. */
typedef struct layer_iter {
    const engine *e;
    int k, fresh;
    size_t w;
    uint64_t word, r, comb;
    block b;
} layer_iter;

/* ---- hot helpers, inline in every file ---------------------------------- */

/* The mover's value: the mean of the best min(a, p) of v[0..p-1]. The
 * values are summed in descending order whatever the path, also when every
 * move is proposed (a >= p), so the result does not depend on the order of
 * the moves: the sweep relies on it (see engine_sweep). */
static inline double top_avg(const double *v, int p, int a)
{
    double s = 0;
    int i, j, m = 0;
    if (p == 0) return 0.0;
    if (a > p) a = p;
    if (a == 1) { /* the common small cuts, kept in registers */
        double t0 = v[0];
        for (i = 1; i < p; i++) t0 = v[i] > t0 ? v[i] : t0;
        return t0;
    }
    if (a == 2) {
        double t0 = v[0] > v[1] ? v[0] : v[1], t1 = v[0] > v[1] ? v[1] : v[0];
        for (i = 2; i < p; i++) {
            double x = v[i];
            if (x > t1) {
                if (x > t0) {
                    t1 = t0;
                    t0 = x;
                } else t1 = x;
            }
        }
        return (t0 + t1) / 2;
    } else if (a == p && p <= 16) { /* every move proposed: all, descending, no branches */
        return sum_desc(v, p) / p;
    } else {
        /* keep the best a values, descending; a is usually small */
        double top[HOPCHESS_MAX_MOVES];
        for (i = 0; i < p; i++) {
            double x = v[i];
            if (m == a) {
                if (!(x > top[a - 1])) continue;
                m--;
            }
            for (j = m; j > 0 && top[j - 1] < x; j--) top[j] = top[j - 1];
            top[j] = x;
            m++;
        }
        for (i = 0; i < a; i++) s += top[i];
        return s / a;
    }
}

/* The children (layer k-1 indices) of the position with owner bits x in
 * block b, side to move `side`. When from and to are non-NULL they get the
 * move's cells as well. Returns the count. */
static inline int block_children(const geom *g, const block *b, uint64_t x, int side,
                                 uint64_t *child, uint8_t *from, uint8_t *to)
{
    uint64_t occ = b->occ, jm = 0, s, mine;
    uint64_t src[4];
    int shift[4], d, n = 0;
    for (s = x; s; s &= s - 1) jm |= 1ull << b->cell[__builtin_ctzll(s)];
    mine = side == HOPCHESS_JUSTIN ? jm : occ & ~jm;
    src[0] = mine & (occ >> 1) & g->not_last_col; /* a -> a+1 */
    shift[0] = 1;
    src[1] = mine & (occ << 1) & g->not_first_col; /* a -> a-1 */
    shift[1] = -1;
    src[2] = mine & (occ >> g->cols); /* a -> a+C */
    shift[2] = g->cols;
    src[3] = mine & (occ << g->cols) & g->full; /* a -> a-C */
    shift[3] = -g->cols;
    for (d = 0; d < 4; d++) {
        for (s = src[d]; s; s &= s - 1) {
            int a = __builtin_ctzll(s), bb = a + shift[d];
            int pa = b->place[a], pb = b->place[bb] - (bb > a);
            uint64_t low = (1ull << pa) - 1;
            uint64_t y = ((x >> 1) & ~low) | (x & low); /* drop owner bit pa */
            y = side == HOPCHESS_JUSTIN ? y | (1ull << pb) : y & ~(1ull << pb);
            child[n] = b->cbase[pa] + y;
            if (from) {
                from[n] = (uint8_t)a;
                to[n] = (uint8_t)bb;
            }
            n++;
        }
    }
    return n;
}

/* Gosper's hack: the next k-subset in colex order. */
static inline uint64_t next_comb(uint64_t c)
{
    uint64_t t = c | (c - 1);
    return (t + 1) | (((~t & (t + 1)) - 1) >> (__builtin_ctzll(c) + 1));
}

static inline void bit_set(uint64_t *bits, uint64_t i)
{
    bits[i >> 6] |= 1ull << (i & 63);
}

static inline size_t slot_of(const uint64_t *bits, const uint32_t *dir, uint64_t i)
{
    uint64_t below = bits[i >> 6] & ((1ull << (i & 63)) - 1);
    return (size_t)dir[i >> 6] + (size_t)wr_popcount64(below);
}

static inline int side_of(const engine *e, int k)
{
    return ((e->root_k - k) & 1) ? 1 - e->root_side : e->root_side;
}

static inline int engine_tick(engine *e)
{
    e->done += 1;
    if (++e->tick % PROGRESS_EVERY == 0) return wr_progress(e->opt, e->done, e->total);
    return WR_OK;
}

/* ---- layers.c ----------------------------------------------------------- */

void geom_init(geom *g, const hopchess_request *req);
void block_set(const engine *e, block *b, uint64_t comb, int k);
void iter_init(layer_iter *it, const engine *e, int k);
int layers_pack(engine *e, int from);
void layer_drop(engine *e, int k);
int layers_step(engine *e, int k);
double layers_at(const engine *e, int k);
double layer_bound(int n0, int j0, int d0, int k);
void count_pieces(const hopchess_request *req, int *j0, int *d0);
int over_budget(engine *e, double extra);

/* The next position of the layer in index order (its owner bits in *x, its
 * block in it->b); 0 at the end. Inline: it runs once per position. */
static inline int iter_next(layer_iter *it, uint64_t *x)
{
    const engine *e = it->e;
    uint64_t idx, rr;
    while (!it->word) {
        if (++it->w >= e->words[it->k]) return 0;
        it->word = e->bits[it->k][it->w];
    }
    idx = (uint64_t)it->w * 64 + (uint64_t)__builtin_ctzll(it->word);
    it->word &= it->word - 1;
    rr = idx >> it->k;
    if (rr != it->r || it->fresh) {
        while (it->r < rr) {
            it->comb = next_comb(it->comb);
            it->r++;
        }
        block_set(e, &it->b, it->comb, it->k);
        it->fresh = 0;
    }
    *x = idx & ((1ull << it->k) - 1);
    return 1;
}

/* ---- engine.c ----------------------------------------------------------- */

int engine_init(engine *e, const hopchess_request *req, const wr_options *opt, wr_error *err);
int engine_forward(engine *e);
void engine_free(engine *e);

/* ---- sweep.c and sweep_kernels.c ---------------------------------------- */

/* The sweep's backward pass: Justin's win probability for every factor pair
 * 1..n into out (n*n, row a_J). */
int engine_sweep(engine *e, int n, double *out);

static inline int lane_width(int nl)
{
    return nl <= 16 ? (nl + 1) & ~1 : nl;
}

/* A node's table from its children's tables (sweep_kernels.c). */
void sweep_node(double *dst, int *pnr, int *pnl, int p, const double *const *cbase,
                const int *crows, const int *clen, double *T, double *pad, double *bot);

#endif
