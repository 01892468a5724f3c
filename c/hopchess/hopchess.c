/* hopchess.c — Hop chess with human error: parser, layered solver, sweep,
 * JSON analysis. See hopchess.h for the encoding and the algorithm. */
#include "hopchess.h"
#include "sortnet.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/buf.h"
#include "common/reader.h"

#define TIE_EPS 1e-12
#define PROGRESS_EVERY 65536u

/* ------------------------------------------------------------------------ */
/* Parsing                                                                   */

int hopchess_parse(const char *text, size_t len, hopchess_request *req, wr_error *err)
{
    wr_reader r;
    int rc, line, col, rows_line, rows_col, i, j;
    const char *tok;
    size_t tlen;

    memset(req, 0, sizeof *req);
    rc = wr_reader_init(&r, text, len, err);
    if (rc) return rc;
    wr_skip_blanks(&r);
    rows_line = r.line;
    rows_col = r.column;
    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_CELLS, "the number of rows", &req->rows))) return rc;
    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_CELLS, "the number of columns", &req->cols)))
        return rc;
    if (req->rows * req->cols > HOPCHESS_MAX_CELLS)
        return wr_fail(err, WR_ERANGE, rows_line, rows_col,
                       "the board has %d x %d = %d cells; at most %d are accepted", req->rows,
                       req->cols, req->rows * req->cols, HOPCHESS_MAX_CELLS);
    if ((rc = wr_read_eol(&r))) return rc;

    for (i = 0; i < req->rows; i++) {
        char what[48];
        snprintf(what, sizeof what, "row %d of the board", i + 1);
        if ((rc = wr_read_token(&r, what, &tok, &tlen, &line, &col))) return rc;
        for (j = 0; j < (int)tlen && j < req->cols; j++) {
            char c = tok[j], buf[16];
            if (c != 'J' && c != 'D' && c != '.')
                return wr_fail(err, WR_ESYNTAX, line, col + j,
                               "expected J, D or '.' (a cell of row %d), found %s", i + 1,
                               wr_describe_char((unsigned char)c, buf));
            req->cell[i * req->cols + j] = c;
        }
        if ((int)tlen != req->cols)
            return wr_fail(err, WR_ESYNTAX, line, col + ((int)tlen < req->cols ? (int)tlen : req->cols),
                           "row %d has %d cells, expected %d", i + 1, (int)tlen, req->cols);
        if ((rc = wr_read_eol(&r))) return rc;
    }

    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_FACTOR, "Justin's error factor a_J", &req->a_j)))
        return rc;
    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_FACTOR, "Donald's error factor a_D", &req->a_d)))
        return rc;
    req->to_move = HOPCHESS_JUSTIN;
    if (!wr_at_eol(&r)) {
        if ((rc = wr_read_token(&r, "the side to move", &tok, &tlen, &line, &col))) return rc;
        if (tlen == 1 && (tok[0] == 'J' || tok[0] == 'D'))
            req->to_move = tok[0] == 'J' ? HOPCHESS_JUSTIN : HOPCHESS_DONALD;
        else
            return wr_fail(err, WR_ESYNTAX, line, col,
                           "expected the side to move (J or D) or the end of the line, found '%.*s'",
                           (int)(tlen > 20 ? 20 : tlen), tok);
    }
    return wr_read_end(&r);
}

/* ------------------------------------------------------------------------ */
/* Board geometry and move generation                                        */

typedef struct geom {
    int cols;
    uint64_t full, not_last_col, not_first_col;
} geom;

static void geom_init(geom *g, const hopchess_request *req)
{
    int n = req->rows * req->cols, i;
    g->cols = req->cols;
    g->full = n >= 64 ? ~0ull : (1ull << n) - 1;
    g->not_last_col = g->not_first_col = 0;
    for (i = 0; i < n; i++) {
        if (i % req->cols != req->cols - 1) g->not_last_col |= 1ull << i;
        if (i % req->cols != 0) g->not_first_col |= 1ull << i;
    }
}

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

/* ------------------------------------------------------------------------ */
/* Layer indexing                                                            */
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
    size_t words[HOPCHESS_SOLVE_CELLS + 1];
    uint64_t count[HOPCHESS_SOLVE_CELLS + 1]; /* reachable positions per layer */
    int kmin;
    uint64_t positions;
    double fixed_bytes, budget;             /* bitmaps + tables; the budget */
    double pos_bytes;                       /* value-array bytes per position, at least */
    double held;                            /* what the sweep's growable arrays hold */
    struct sweep_memo *memo;                /* the sweep's memo: dropped when memory is short */
    double done, total, bound_total;        /* progress bookkeeping */
    unsigned tick;
} engine;

/* gcc without -mpopcnt turns __builtin_popcountll into a libgcc call; the
 * SWAR form is as fast there. wasm and popcnt-enabled x86 get the opcode. */
#if defined(__POPCNT__) || defined(__wasm__) || defined(__aarch64__)
#define popc64(x) __builtin_popcountll(x)
#else
static inline int popc64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
#endif

/* One occupancy of layer k and what its moves need. */
typedef struct block {
    uint64_t occ;                          /* occupied cells */
    uint8_t cell[HOPCHESS_SOLVE_CELLS];    /* the i-th occupied cell (owner bit i) */
    uint8_t place[HOPCHESS_SOLVE_CELLS];   /* cell -> i, for occupied cells */
    uint64_t cbase[HOPCHESS_SOLVE_CELLS];  /* layer k-1 index of (occ minus cell i, owners 0) */
} block;

/* Fills b for the k-subset comb of the initial cells. Removing the p-th
 * place shifts the later places down one slot in the colex sum, hence the
 * prefix (C(q_i, i+1), i < p) plus suffix (C(q_i, i), i > p) split. */
static void block_set(const engine *e, block *b, uint64_t comb, int k)
{
    uint64_t pre[HOPCHESS_SOLVE_CELLS], s, acc = 0;
    int q[HOPCHESS_SOLVE_CELLS], i = 0, p;
    b->occ = 0;
    for (s = comb; s; s &= s - 1) {
        int j = __builtin_ctzll(s), c = e->icell[j];
        b->occ |= 1ull << c;
        b->cell[i] = (uint8_t)c;
        b->place[c] = (uint8_t)i;
        q[i++] = j;
    }
    for (p = 0; p < k; p++) {
        pre[p] = acc;
        acc += e->binom[q[p]][p + 1];
    }
    for (acc = 0, p = k - 1; p >= 0; p--) {
        b->cbase[p] = k > 0 ? (pre[p] + acc) << (k - 1) : 0;
        acc += e->binom[q[p]][p];
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
static uint64_t next_comb(uint64_t c)
{
    uint64_t t = c | (c - 1);
    return (t + 1) | (((~t & (t + 1)) - 1) >> (__builtin_ctzll(c) + 1));
}

/* Iterates the positions of layer k in index order: it->b is the current
 * position's block, *x its owner bits. */
typedef struct layer_iter {
    const engine *e;
    int k, fresh;
    size_t w;
    uint64_t word, r, comb;
    block b;
} layer_iter;

static void iter_init(layer_iter *it, const engine *e, int k)
{
    it->e = e;
    it->k = k;
    it->w = 0;
    it->word = e->words[k] ? e->bits[k][0] : 0;
    it->r = 0;
    it->comb = k >= 64 ? ~0ull : (1ull << k) - 1;
    it->fresh = 1;
}

static int iter_next(layer_iter *it, uint64_t *x)
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

static void bit_set(uint64_t *bits, uint64_t i)
{
    bits[i >> 6] |= 1ull << (i & 63);
}

/* Running counts of set bits before each word of layer k. */
static uint32_t *directory(const engine *e, int k)
{
    size_t w, n = e->words[k];
    uint32_t *d = malloc((n ? n : 1) * sizeof *d), s = 0;
    if (!d) return NULL;
    for (w = 0; w < n; w++) {
        d[w] = s;
        s += (uint32_t)popc64(e->bits[k][w]);
    }
    return d;
}

static inline size_t slot_of(const uint64_t *bits, const uint32_t *dir, uint64_t i)
{
    uint64_t below = bits[i >> 6] & ((1ull << (i & 63)) - 1);
    return (size_t)dir[i >> 6] + (size_t)popc64(below);
}

/* ------------------------------------------------------------------------ */
/* Memory estimate                                                           */

static double binom(int n, int k)
{
    double r = 1;
    int i;
    if (k < 0 || k > n) return 0;
    for (i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

/* Upper bound on the positions with k pieces (for progress only): k cells
 * among the n0 initial ones, at most j0 J and d0 D. */
static double layer_bound(int n0, int j0, int d0, int k)
{
    double s = 0;
    int jc;
    if (k == n0) return 1;
    for (jc = 0; jc <= k; jc++)
        if (jc <= j0 && k - jc <= d0) s += binom(k, jc);
    return binom(n0, k) * s;
}

static void count_pieces(const hopchess_request *req, int *j0, int *d0)
{
    int i, n = req->rows * req->cols;
    *j0 = *d0 = 0;
    for (i = 0; i < n; i++) {
        if (req->cell[i] == 'J') ++*j0;
        if (req->cell[i] == 'D') ++*d0;
    }
}

#define TABLE_BYTES ((double)sizeof(engine))

double hopchess_estimate_bytes(const hopchess_request *req, int sweep_n)
{
    int j0, d0, n0, k;
    double bitmaps = 0, dir = 0;
    (void)sweep_n; /* value tables are checked once their exact size is known */
    count_pieces(req, &j0, &d0);
    n0 = j0 + d0;
    if (req->rows * req->cols > HOPCHESS_SOLVE_CELLS) return HUGE_VAL;
    for (k = 1; k <= n0; k++) {
        double words = ceil(binom(n0, k) * ldexp(1.0, k) / 64);
        bitmaps += 8 * words;
        if (4 * words > dir) dir = 4 * words;
    }
    return bitmaps + dir + TABLE_BYTES;
}

static int over_budget(engine *e, double extra)
{
    double need = e->fixed_bytes + extra;
    if (need > e->budget || need > (double)SIZE_MAX / 4)
        return wr_fail_budget(e->err, need, e->budget);
    return WR_OK;
}

/* ------------------------------------------------------------------------ */
/* The layered engine: shared by the single solve and the sweep              */

static int side_of(const engine *e, int k)
{
    return ((e->root_k - k) & 1) ? 1 - e->root_side : e->root_side;
}

static int engine_tick(engine *e)
{
    e->done += 1;
    if (++e->tick % PROGRESS_EVERY == 0) return wr_progress(e->opt, e->done, e->total);
    return WR_OK;
}

static void engine_free(engine *e)
{
    int k;
    for (k = 0; k <= HOPCHESS_SOLVE_CELLS; k++) {
        free(e->bits[k]);
        e->bits[k] = NULL;
    }
}

/* Checks the up-front budget, allocates the bitmaps and index tables. */
static int engine_init(engine *e, const hopchess_request *req, const wr_options *opt,
                       wr_error *err)
{
    int i, k, c, n = req->rows * req->cols;
    double need;

    memset(e, 0, sizeof *e);
    e->req = req;
    e->opt = opt;
    e->err = err;
    e->budget = wr_budget_bytes(opt);
    if (n > HOPCHESS_SOLVE_CELLS)
        return wr_fail(err, WR_ETOOBIG, 0, 0,
                       "a board of %d cells is beyond the solver (at most %d cells)", n,
                       HOPCHESS_SOLVE_CELLS);
    need = hopchess_estimate_bytes(req, 0);
    e->fixed_bytes = 0;
    if (over_budget(e, need)) return WR_ETOOBIG;
    e->fixed_bytes = need;

    geom_init(&e->g, req);
    count_pieces(req, &e->j0, &e->d0);
    e->n0 = e->root_k = e->j0 + e->d0;
    e->root_side = req->to_move;
    for (i = 0, c = 0; i < n; i++)
        if (req->cell[i] != '.') {
            e->init |= 1ull << i;
            e->icell[c++] = (uint8_t)i;
        }
    for (i = 0; i <= HOPCHESS_SOLVE_CELLS + 1; i++)
        for (k = 0; k <= i; k++)
            e->binom[i][k] = k == 0 || k == i ? 1 : e->binom[i - 1][k - 1] + e->binom[i - 1][k];
    for (k = 1; k <= e->n0; k++) {
        uint64_t nbits = e->binom[e->n0][k] << k;
        e->words[k] = (size_t)((nbits + 63) / 64);
        e->bits[k] = calloc(e->words[k], sizeof(uint64_t));
        if (!e->bits[k]) return WR_ENOMEM;
    }
    return WR_OK;
}

/* Refusal from inside the forward pass: `need` is what the layers counted
 * so far already imply, a lower bound on the request's real need. */
static int refuse_early(engine *e, double need)
{
    return wr_fail(e->err, WR_ETOOBIG, 0, 0,
                   "this request needs more than %.0f MB (counting stopped once the positions "
                   "marked so far passed the budget), above the memory budget of %.0f MB "
                   "(raise it with --memory MB)",
                   floor(need / 1048576.0), e->budget / 1048576.0);
}

/* Forward pass: marks every reachable position, layer by layer. The new
 * bits of layer k-1 are counted as they are set, so the value arrays of the
 * pair (k, k-1) -- which the backward pass holds at once -- are known to be
 * at least pos_bytes * (count[k] + marked so far) plus layer k-1's
 * directory; the pass refuses as soon as that passes the budget instead of
 * marking the remaining layers first (a 4x5 board is refused about a third
 * of the way through). */
static int engine_forward(engine *e)
{
    uint64_t child[HOPCHESS_MAX_MOVES];
    double bound_done = 0;
    int k, rc;

    e->kmin = e->root_k;
    e->positions = 0;
    for (k = 1; k <= e->root_k; k++) e->bound_total += layer_bound(e->root_k, e->j0, e->d0, k);
    e->total = 2 * e->bound_total;
    if (e->root_k == 0) return WR_OK;
    {
        uint64_t x = 0; /* the root's owner bits; its occupancy has rank 0 */
        int j;
        for (j = 0; j < e->n0; j++)
            if (e->req->cell[e->icell[j]] == 'J') x |= 1ull << j;
        bit_set(e->bits[e->root_k], x);
        e->count[e->root_k] = 1;
        e->positions = 1;
    }
    if ((rc = over_budget(e, e->pos_bytes))) return rc;
    for (k = e->root_k; k > 1; k--) {
        layer_iter it;
        uint64_t x, fresh = 0, cap, *cbits = e->bits[k - 1];
        int side = side_of(e, k);
        /* the most layer k-1 positions the budget leaves room for */
        double room = (e->budget - e->fixed_bytes - 4.0 * (double)e->words[k - 1]) / e->pos_bytes -
                      (double)e->count[k];
        cap = room < 0 ? 0 : room >= (double)UINT32_MAX ? UINT32_MAX : (uint64_t)room;
        iter_init(&it, e, k);
        while (iter_next(&it, &x)) {
            int n = block_children(&e->g, &it.b, x, side, child, NULL, NULL), c;
            for (c = 0; c < n; c++) {
                uint64_t *w = cbits + (child[c] >> 6), m = 1ull << (child[c] & 63);
                fresh += (*w & m) == 0;
                *w |= m;
            }
            if (fresh > cap)
                return fresh > UINT32_MAX
                           ? wr_fail_budget(e->err, HUGE_VAL, e->budget)
                           : refuse_early(e, e->fixed_bytes + 4.0 * (double)e->words[k - 1] +
                                                 e->pos_bytes * (double)(e->count[k] + fresh));
            if ((rc = engine_tick(e))) return rc;
        }
        if (!fresh) break;
        e->count[k - 1] = fresh;
        e->positions += fresh;
        e->kmin = k - 1;
        /* rescale the expected total by how the bound compares with reality so far */
        bound_done += layer_bound(e->root_k, e->j0, e->d0, k);
        e->total = 2 * (double)e->positions * e->bound_total / (bound_done + 1);
        if (e->total < e->done + (double)e->positions) e->total = e->done + (double)e->positions;
    }
    e->total = e->done + (double)e->positions; /* the backward pass: one unit each */
    return WR_OK;
}

/* Single solve: one value per position (the mover's win probability). On
 * success *root_value is the root's value and res->moves the root's moves. */
static int engine_single(engine *e, double *root_value, hopchess_result *res)
{
    uint64_t child[HOPCHESS_MAX_MOVES], x;
    uint8_t from[HOPCHESS_MAX_MOVES], to[HOPCHESS_MAX_MOVES];
    double v[HOPCHESS_MAX_MOVES];
    double *prev = NULL, *cur = NULL, peak = 0;
    uint32_t *dir = NULL;
    int k, rc = WR_OK;

    *root_value = 0;
    res->nmoves = 0;
    if (e->root_k == 0) return WR_OK;
    for (k = e->kmin; k <= e->root_k; k++) {
        double b = 8.0 * (double)(e->count[k] + (k > e->kmin ? e->count[k - 1] : 0));
        if (k > e->kmin) b += 4.0 * (double)e->words[k - 1];
        if (b > peak) peak = b;
    }
    if ((rc = over_budget(e, peak))) return rc;

    for (k = e->kmin; k <= e->root_k; k++) {
        int side = side_of(e, k), a = side == HOPCHESS_JUSTIN ? e->req->a_j : e->req->a_d;
        int last = k == e->root_k;
        const uint64_t *cbits = k > e->kmin ? e->bits[k - 1] : NULL;
        size_t i = 0;
        layer_iter it;
        cur = malloc((size_t)e->count[k] * sizeof *cur);
        if (!cur) {
            rc = WR_ENOMEM;
            break;
        }
        iter_init(&it, e, k);
        while (iter_next(&it, &x)) {
            int n = block_children(&e->g, &it.b, x, side, child, last ? from : NULL,
                                   last ? to : NULL), c;
            for (c = 0; c < n; c++) v[c] = 1.0 - prev[slot_of(cbits, dir, child[c])];
            if (last) {
                uint64_t jm = 0;
                int j;
                for (j = 0; j < k; j++)
                    if ((x >> j) & 1) jm |= 1ull << it.b.cell[j];
                res->nmoves = n;
                for (c = 0; c < n; c++) {
                    int target_j = (int)((jm >> to[c]) & 1);
                    res->moves[c].from = from[c];
                    res->moves[c].to = to[c];
                    res->moves[c].capture_own = target_j == (side == HOPCHESS_JUSTIN);
                    res->moves[c].value = v[c];
                    res->moves[c].status = HOPCHESS_OUT;
                }
            }
            cur[i++] = top_avg(v, n, a);
            if ((rc = engine_tick(e))) break;
        }
        if (rc) break;
        free(dir);
        free(prev);
        prev = cur;
        cur = NULL;
        dir = NULL;
        if (!last && !(dir = directory(e, k))) {
            rc = WR_ENOMEM;
            break;
        }
    }
    if (rc == WR_OK) *root_value = prev[0];
    free(dir);
    free(prev);
    free(cur);
    return rc;
}

/* Sweep: a table of min(N, mJ) x min(N, mD) values per distinct position
 * value. Most positions share their table with others (the 3x4 benchmark's
 * layer of 18,305 positions has 593 distinct tables), so a layer stores
 * each distinct table once and gives every position a table id; a
 * position's table is a function of the multiset of its children's ids (the
 * values are summed in value order, see top_avg), so a memo keyed by the
 * sorted ids computes each distinct input once. Both are exact: ids are
 * compared as whole sequences, tables as whole bit patterns. A layer's
 * arrays are reused two layers later. */

/* Open-addressing index: slot = (hash, value + 1), 0 = empty. */
typedef struct sweep_index {
    uint32_t *slot; /* 2 x cap */
    size_t cap, n;
} sweep_index;

/* One distinct table: where it starts in its layer's tab, and its dims
 * (distinct a_J rows, distinct a_D columns). */
typedef struct sweep_table_info {
    size_t off;
    uint8_t mj, md;
} sweep_table_info;

typedef struct sweep_layer {
    uint32_t *tid;          /* per position: its table's id */
    sweep_table_info *info; /* per table */
    double *tab;
    sweep_index ix; /* the tables by content hash */
    size_t tid_cap, info_cap, tab_cap, used;
    uint32_t ntab;
} sweep_layer;

/* The memo of one layer: its keys (p, then p child table ids) in one array. */
typedef struct sweep_memo {
    sweep_index ix;
    uint32_t *keys, *result;
    size_t *pos; /* per entry: where its key starts in keys */
    size_t keys_cap, keys_len, ent_cap;
    int dropped; /* freed for memory this layer: neither used nor filled */
} sweep_memo;

static void sweep_layer_free(sweep_layer *l)
{
    free(l->tid);
    free(l->info);
    free(l->tab);
    free(l->ix.slot);
    memset(l, 0, sizeof *l);
}

static void sweep_memo_free(sweep_memo *m)
{
    free(m->ix.slot);
    free(m->keys);
    free(m->result);
    free(m->pos);
    memset(m, 0, sizeof *m);
}

/* The memo only saves work: when an array the sweep needs would pass the
 * budget, the memo is freed first (and stays off for the layer). */
static int memo_drop(engine *e)
{
    sweep_memo *m = e->memo;
    if (!m || m->dropped) return 0;
    e->held -= 4.0 * (double)m->keys_cap + (4.0 + sizeof(size_t)) * (double)m->ent_cap +
               8.0 * (double)m->ix.cap;
    sweep_memo_free(m);
    m->dropped = 1;
    return 1;
}

/* The budget check for `bytes` more sweep memory; with evict, the memo is
 * freed first when that makes room. */
static int sweep_room(engine *e, double bytes, int evict)
{
    if (evict && over_budget(e, e->held + bytes) && memo_drop(e)) wr_error_clear(e->err);
    return over_budget(e, e->held + bytes);
}

/* Grows the array p of elem-byte items (*cap of them) to hold need items,
 * doubling, contents kept. e->held counts what the sweep's arrays hold; the
 * budget sees it plus the new block (a copying realloc holds both). On
 * failure returns p unchanged and sets *rc. */
static void *grow_array(engine *e, void *p, size_t *cap, size_t need, size_t elem, int evict,
                        int *rc)
{
    size_t ncap = *cap ? *cap : 64;
    void *np;
    if (need <= *cap) return p;
    while (ncap < need) ncap *= 2;
    if ((*rc = sweep_room(e, (double)ncap * (double)elem, evict))) return p;
    if (!(np = realloc(p, ncap * elem))) {
        *rc = WR_ENOMEM;
        return p;
    }
    e->held += (double)(ncap - *cap) * (double)elem;
    *cap = ncap;
    return np;
}

/* An array the sweep needs: the memo is freed first if that makes room. */
static void *sweep_grow(engine *e, void *p, size_t *cap, size_t need, size_t elem, int *rc)
{
    return grow_array(e, p, cap, need, elem, 1, rc);
}

/* A memo array: past the budget the memo is dropped instead (see memo_add). */
static void *memo_grow(engine *e, void *p, size_t *cap, size_t need, size_t elem, int *rc)
{
    return grow_array(e, p, cap, need, elem, 0, rc);
}

/* Room in the index for one more entry (load at most 1/2): a table twice
 * the size, the entries re-placed by their hashes. */
static int index_reserve(engine *e, sweep_index *ix)
{
    uint32_t *ns;
    size_t ncap, i;
    int rc;
    if (2 * (ix->n + 1) <= ix->cap) return WR_OK;
    ncap = ix->cap ? 2 * ix->cap : 1024;
    if ((rc = sweep_room(e, 8.0 * (double)ncap, ix != &e->memo->ix))) return rc;
    if (!(ns = calloc(2 * ncap, sizeof *ns))) return WR_ENOMEM;
    for (i = 0; i < ix->cap; i++)
        if (ix->slot[2 * i + 1]) {
            size_t j = ix->slot[2 * i] & (ncap - 1);
            while (ns[2 * j + 1]) j = (j + 1) & (ncap - 1);
            ns[2 * j] = ix->slot[2 * i];
            ns[2 * j + 1] = ix->slot[2 * i + 1];
        }
    free(ix->slot);
    e->held += 8.0 * (double)(ncap - ix->cap);
    ix->slot = ns;
    ix->cap = ncap;
    return WR_OK;
}

static void index_clear(sweep_index *ix)
{
    if (ix->cap) memset(ix->slot, 0, 2 * ix->cap * sizeof *ix->slot);
    ix->n = 0;
}

/* The values stored under hash h, one per call: start with *j = SIZE_MAX;
 * UINT32_MAX when there are no more. */
static uint32_t index_next(const sweep_index *ix, uint32_t h, size_t *j)
{
    if (!ix->cap) return UINT32_MAX;
    *j = *j == SIZE_MAX ? h & (ix->cap - 1) : (*j + 1) & (ix->cap - 1);
    for (; ix->slot[2 * *j + 1]; *j = (*j + 1) & (ix->cap - 1))
        if (ix->slot[2 * *j] == h) return ix->slot[2 * *j + 1] - 1;
    return UINT32_MAX;
}

/* Places value v under hash h (room reserved). */
static void index_put(sweep_index *ix, uint32_t h, uint32_t v)
{
    size_t j = h & (ix->cap - 1);
    while (ix->slot[2 * j + 1]) j = (j + 1) & (ix->cap - 1);
    ix->slot[2 * j] = h;
    ix->slot[2 * j + 1] = v + 1;
    ix->n++;
}

static uint32_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return (uint32_t)h;
}

static uint32_t key_hash(const uint32_t *key, int p)
{
    uint64_t h = (uint64_t)p;
    int c;
    for (c = 0; c < p; c++) h = h * 0x9e3779b97f4a7c15ull + key[c] + 1;
    return mix64(h);
}

static uint32_t table_hash(int dj, int dd, const double *t, size_t size)
{
    uint64_t h = (uint64_t)dj << 8 | (uint64_t)dd, b;
    size_t i;
    for (i = 0; i < size; i++) {
        memcpy(&b, t + i, sizeof b);
        h = (h ^ b) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return mix64(h);
}

/* The memo's table id for key[0..p-1], or UINT32_MAX. */
static uint32_t memo_find(const sweep_memo *m, uint32_t h, const uint32_t *key, int p)
{
    size_t j = SIZE_MAX;
    uint32_t ent;
    while ((ent = index_next(&m->ix, h, &j)) != UINT32_MAX) {
        const uint32_t *k = m->keys + m->pos[ent];
        if ((int)k[0] == p && memcmp(k + 1, key, (size_t)p * sizeof *key) == 0)
            return m->result[ent];
    }
    return UINT32_MAX;
}

static int memo_add(engine *e, sweep_memo *m, uint32_t h, const uint32_t *key, int p, uint32_t id)
{
    int rc = WR_OK;
    size_t ent = m->ix.n, cap = m->ent_cap;
    if (m->dropped) return WR_OK;
    m->keys =
        memo_grow(e, m->keys, &m->keys_cap, m->keys_len + (size_t)p + 1, sizeof *m->keys, &rc);
    if (!rc) m->result = memo_grow(e, m->result, &cap, ent + 1, sizeof *m->result, &rc);
    if (!rc) {
        cap = m->ent_cap;
        m->pos = memo_grow(e, m->pos, &cap, ent + 1, sizeof *m->pos, &rc);
    }
    if (!rc) {
        m->ent_cap = cap;
        rc = index_reserve(e, &m->ix);
    }
    if (rc == WR_ETOOBIG) { /* no room for the memo: the sweep goes on without it */
        wr_error_clear(e->err);
        memo_drop(e);
        return WR_OK;
    }
    if (rc) return rc;
    m->pos[ent] = m->keys_len;
    m->result[ent] = id;
    m->keys[m->keys_len] = (uint32_t)p;
    memcpy(m->keys + m->keys_len + 1, key, (size_t)p * sizeof *key);
    m->keys_len += (size_t)p + 1;
    index_put(&m->ix, h, (uint32_t)ent);
    return WR_OK;
}

static int dim(int m, int n)
{
    if (m < 1) return 1;
    return m < n ? m : n;
}

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
#define LANE_SLACK 16
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

static int lane_width(int nl)
{
    return nl <= 16 ? (nl + 1) & ~1 : nl;
}

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
static void sweep_node(double *dst, int *pnr, int *pnl, int p, const double *const *cbase,
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

/* Scratch for one layer's table computations (see sweep_node). */
typedef struct sweep_scratch {
    double *T, *pad, *bot;
    int n;
} sweep_scratch;

/* The table id of a position of layer `cur` (mover: Justin when justin)
 * whose children have table ids key[0..p-1] in layer `prev`: computes the
 * table and reuses an equal one already in the layer. */
static int sweep_table(engine *e, sweep_layer *cur, const sweep_layer *prev, const uint32_t *key,
                       int p, int justin, const sweep_scratch *s, uint32_t *id)
{
    const double *cbase[HOPCHESS_MAX_MOVES];
    int crows[HOPCHESS_MAX_MOVES], clen[HOPCHESS_MAX_MOVES];
    int c, dj = justin ? dim(p, s->n) : 1, dd = justin ? 1 : dim(p, s->n), rc = WR_OK;
    size_t size, j;
    uint32_t h, t;
    double *dst;
    for (c = 0; c < p; c++) {
        const sweep_table_info *ci = prev->info + key[c];
        if (ci->mj > dj) dj = ci->mj;
        if (ci->md > dd) dd = ci->md;
        cbase[c] = prev->tab + ci->off;
        crows[c] = justin ? ci->mj : ci->md;
        clen[c] = justin ? ci->md : ci->mj;
    }
    cur->tab = sweep_grow(e, cur->tab, &cur->tab_cap,
                          cur->used + (size_t)dj * (size_t)dd + LANE_SLACK,
                          sizeof *cur->tab, &rc);
    if (rc) return rc;
    dst = cur->tab + cur->used;
    if (justin) /* lines a_J, lanes a_D */
        sweep_node(dst, &dj, &dd, p, cbase, crows, clen, s->T, s->pad, s->bot);
    else
        sweep_node(dst, &dd, &dj, p, cbase, crows, clen, s->T, s->pad, s->bot);
    size = (size_t)dj * (size_t)dd;
    h = table_hash(dj, dd, dst, size);
    j = SIZE_MAX;
    while ((t = index_next(&cur->ix, h, &j)) != UINT32_MAX) { /* the same table already here? */
        const sweep_table_info *ti = cur->info + t;
        if (ti->mj == dj && ti->md == dd &&
            memcmp(cur->tab + ti->off, dst, size * sizeof *dst) == 0) {
            *id = t;
            return WR_OK;
        }
    }
    t = cur->ntab;
    cur->info = sweep_grow(e, cur->info, &cur->info_cap, (size_t)t + 1, sizeof *cur->info, &rc);
    if (rc || (rc = index_reserve(e, &cur->ix))) return rc;
    cur->info[t].mj = (uint8_t)dj;
    cur->info[t].md = (uint8_t)dd;
    cur->info[t].off = cur->used;
    cur->used += size;
    cur->ntab = t + 1;
    index_put(&cur->ix, h, t);
    *id = t;
    return WR_OK;
}

static int engine_sweep(engine *e, int n, double *out)
{
    uint64_t child[HOPCHESS_MAX_MOVES], x;
    uint32_t key[HOPCHESS_MAX_MOVES];
    sweep_layer prev = {0}, cur = {0}, spare;
    sweep_memo memo = {0};
    sweep_scratch s;
    uint32_t *dir = NULL;
    double *work = NULL; /* sweep_node's scratch: result lines, padded lines, network */
    int wmax = lane_width(n < HOPCHESS_MAX_MOVES ? n : HOPCHESS_MAX_MOVES);
    size_t wsize = (size_t)(wmax > LANE_SLACK ? wmax : LANE_SLACK) * HOPCHESS_MAX_MOVES;
    int k, rc = WR_OK;

    if (e->root_k == 0) {
        int i;
        for (i = 0; i < n * n; i++) out[i] = e->root_side == HOPCHESS_JUSTIN ? 0.0 : 1.0;
        return WR_OK;
    }
    if ((rc = over_budget(e, 24.0 * (double)wsize))) return rc;
    e->fixed_bytes += 24.0 * (double)wsize;
    if (!(work = malloc(3 * wsize * sizeof *work))) return WR_ENOMEM;
    s.T = work;
    s.pad = work + wsize;
    s.bot = work + 2 * wsize;
    s.n = n;
    e->held = 0;
    e->memo = &memo;
    for (k = e->kmin; k <= e->root_k; k++) {
        int justin = side_of(e, k) == HOPCHESS_JUSTIN;
        const uint64_t *cbits = k > e->kmin ? e->bits[k - 1] : NULL;
        size_t i, cnt = (size_t)e->count[k];
        layer_iter it;
        cur.ntab = 0;
        cur.used = 0;
        index_clear(&cur.ix);
        index_clear(&memo.ix);
        memo.keys_len = 0;
        memo.dropped = 0;
        cur.tid = sweep_grow(e, cur.tid, &cur.tid_cap, cnt, sizeof *cur.tid, &rc);
        if (rc) break;
        iter_init(&it, e, k);
        for (i = 0; iter_next(&it, &x); i++) {
            int p = block_children(&e->g, &it.b, x, justin ? HOPCHESS_JUSTIN : HOPCHESS_DONALD,
                                   child, NULL, NULL), c;
            uint32_t h, id;
            for (c = 0; c < p; c++) { /* the children's ids, sorted: the table does not
                                       * depend on the order of the moves */
                uint32_t t = prev.tid[slot_of(cbits, dir, child[c])];
                int j;
                for (j = c; j > 0 && key[j - 1] > t; j--) key[j] = key[j - 1];
                key[j] = t;
            }
            h = key_hash(key, p);
            if ((id = memo_find(&memo, h, key, p)) == UINT32_MAX) {
                if ((rc = sweep_table(e, &cur, &prev, key, p, justin, &s, &id))) break;
                if ((rc = memo_add(e, &memo, h, key, p, id))) break;
            }
            cur.tid[i] = id;
            if ((rc = engine_tick(e))) break;
        }
        if (rc) break;
        /* LANE_SLACK readable doubles after the last table (read as padding) */
        cur.tab = sweep_grow(e, cur.tab, &cur.tab_cap, cur.used + LANE_SLACK, sizeof *cur.tab, &rc);
        if (rc) break;
        memset(cur.tab + cur.used, 0, LANE_SLACK * sizeof *cur.tab);
        free(dir);
        dir = NULL;
        spare = prev; /* layer k-1's arrays serve layer k+1 */
        prev = cur;
        cur = spare;
        if (k < e->root_k && !(dir = directory(e, k))) {
            rc = WR_ENOMEM;
            break;
        }
    }
    if (rc == WR_OK) {
        uint32_t t = prev.tid[0];
        int xa, ya, dj = prev.info[t].mj, dd = prev.info[t].md;
        const double *tab = prev.tab + prev.info[t].off;
        for (xa = 0; xa < n; xa++)
            for (ya = 0; ya < n; ya++) { /* lane-major: the root's mover's factor varies fastest */
                int xc = xa < dj ? xa : dj - 1, yc = ya < dd ? ya : dd - 1;
                double m = tab[e->root_side == HOPCHESS_JUSTIN ? yc * dj + xc : xc * dd + yc];
                out[xa * n + ya] = e->root_side == HOPCHESS_JUSTIN ? m : 1.0 - m;
            }
    }
    free(work);
    free(dir);
    e->memo = NULL;
    sweep_memo_free(&memo);
    sweep_layer_free(&prev);
    sweep_layer_free(&cur);
    return rc;
}

static int engine_status(int rc, wr_error *err)
{
    if (rc == WR_ENOMEM) return wr_fail_nomem(err);
    if (rc == WR_ECANCELLED) return wr_fail(err, WR_ECANCELLED, 0, 0, "cancelled");
    return rc; /* budget refusals carry their own message */
}


/* ------------------------------------------------------------------------ */
/* Public solve, sweep, JSON                                                 */

static int cmp_move(const void *pa, const void *pb)
{
    const hopchess_move *a = pa, *b = pb;
    if (a->value != b->value) return a->value > b->value ? -1 : 1;
    if (a->from != b->from) return a->from - b->from;
    return a->to - b->to;
}

int hopchess_solve(const hopchess_request *req, const wr_options *opt, hopchess_result *res,
                   wr_error *err)
{
    engine e;
    double root = 0;
    int rc, i, a, k, above = 0, at_cut = 0;

    wr_error_clear(err);
    memset(res, 0, sizeof *res);
    rc = engine_init(&e, req, opt, err);
    e.pos_bytes = sizeof(double);
    if (rc == WR_OK) rc = engine_forward(&e);
    if (rc == WR_OK) rc = engine_single(&e, &root, res);
    res->positions = e.positions;
    engine_free(&e);
    if (rc) return engine_status(rc, err);

    qsort(res->moves, (size_t)res->nmoves, sizeof res->moves[0], cmp_move);
    a = req->to_move == HOPCHESS_JUSTIN ? req->a_j : req->a_d;
    k = a < res->nmoves ? a : res->nmoves;
    res->proposal_size = k;
    res->mover_win = root;
    res->justin_win = req->to_move == HOPCHESS_JUSTIN ? root : 1.0 - root;
    if (k > 0) {
        double cut = res->moves[k - 1].value;
        for (i = 0; i < res->nmoves; i++) {
            if (res->moves[i].value > cut + TIE_EPS) above++;
            else if (res->moves[i].value >= cut - TIE_EPS) at_cut++;
        }
        for (i = 0; i < res->nmoves; i++) {
            double v = res->moves[i].value;
            if (v > cut + TIE_EPS) res->moves[i].status = HOPCHESS_IN;
            else if (v >= cut - TIE_EPS)
                /* all of the tied moves fit: every optimal set holds them */
                res->moves[i].status = above + at_cut <= k ? HOPCHESS_IN : HOPCHESS_TIED;
            else res->moves[i].status = HOPCHESS_OUT;
        }
    }
    return WR_OK;
}

int hopchess_sweep(const hopchess_request *req, int n, const wr_options *opt, double *out,
                   uint64_t *positions, wr_error *err)
{
    engine e;
    int rc;
    wr_error_clear(err);
    if (n < 1) return wr_fail(err, WR_EUSAGE, 0, 0, "the sweep size must be at least 1");
    rc = engine_init(&e, req, opt, err);
    /* a table id (tables and memo entries are per distinct value) */
    e.pos_bytes = sizeof(uint32_t);
    if (rc == WR_OK) rc = engine_forward(&e);
    if (rc == WR_OK) rc = engine_sweep(&e, n, out);
    if (positions) *positions = e.positions;
    engine_free(&e);
    return rc ? engine_status(rc, err) : WR_OK;
}

static void json_cell(wr_buf *b, const char *key, int cell, int cols)
{
    wr_json_key(b, key);
    wr_buf_printf(b, "{\"row\":%d,\"col\":%d}", cell / cols, cell % cols);
}

void hopchess_write_json(const hopchess_request *req, const hopchess_result *res,
                         const double *sweep, int n, wr_buf *b)
{
    static const char *const status_name[] = {"out", "tied", "in"};
    int i, j;
    wr_buf_puts(b, "{\"game\":\"hopchess\",\"answer\":");
    wr_json_num(b, res->justin_win);
    wr_buf_printf(b, ",\"rows\":%d,\"cols\":%d,\"board\":[", req->rows, req->cols);
    for (i = 0; i < req->rows; i++) {
        if (i) wr_buf_puts(b, ",");
        wr_json_str(b, req->cell + i * req->cols, (size_t)req->cols);
    }
    wr_buf_printf(b, "],\"toMove\":\"%c\",\"aJ\":%d,\"aD\":%d,\"positions\":%llu,\"moverWin\":",
                  req->to_move == HOPCHESS_JUSTIN ? 'J' : 'D', req->a_j, req->a_d,
                  (unsigned long long)res->positions);
    wr_json_num(b, res->mover_win);
    wr_buf_printf(b, ",\"moveCount\":%d,\"proposalSize\":%d,\"cutValue\":", res->nmoves,
                  res->proposal_size);
    if (res->proposal_size > 0) wr_json_num(b, res->moves[res->proposal_size - 1].value);
    else wr_buf_puts(b, "null");
    wr_buf_puts(b, ",\"moves\":[");
    for (i = 0; i < res->nmoves; i++) {
        const hopchess_move *m = &res->moves[i];
        if (i) wr_buf_puts(b, ",");
        wr_buf_puts(b, "{");
        json_cell(b, "from", m->from, req->cols);
        wr_buf_puts(b, ",");
        json_cell(b, "to", m->to, req->cols);
        wr_buf_printf(b, ",\"capture\":\"%s\",\"value\":", m->capture_own ? "own" : "enemy");
        wr_json_num(b, m->value);
        wr_buf_printf(b, ",\"status\":\"%s\"}", status_name[m->status]);
    }
    wr_buf_puts(b, "]");
    if (sweep && n > 0) {
        wr_buf_puts(b, ",\"sweep\":[");
        for (i = 0; i < n; i++) {
            wr_buf_puts(b, i ? ",[" : "[");
            for (j = 0; j < n; j++) {
                if (j) wr_buf_puts(b, ",");
                wr_json_num(b, sweep[i * n + j]);
            }
            wr_buf_puts(b, "]");
        }
        wr_buf_puts(b, "]");
    }
    wr_buf_puts(b, "}\n");
}

static int hopchess_run(const char *text, size_t len, const wr_options *opt, wr_buf *out,
                        wr_error *err)
{
    hopchess_request req;
    hopchess_result *res = NULL;
    double *sweep = NULL;
    int rc, n = opt->sweep > 0 ? opt->sweep : 0, digits = opt->digits >= 0 ? opt->digits : 3;
    int i, j;

    if ((rc = hopchess_parse(text, len, &req, err))) return rc;
    if (n > 0) {
        sweep = malloc((size_t)n * (size_t)n * sizeof *sweep);
        if (!sweep) return wr_fail_nomem(err);
        if ((rc = hopchess_sweep(&req, n, opt, sweep, NULL, err))) goto done;
    }
    if (n == 0 || opt->json) {
        res = malloc(sizeof *res);
        if (!res) {
            rc = wr_fail_nomem(err);
            goto done;
        }
        if ((rc = hopchess_solve(&req, opt, res, err))) goto done;
    }
    if (opt->json) {
        hopchess_write_json(&req, res, sweep, n, out);
    } else if (n > 0) {
        for (i = 0; i < n; i++) {
            for (j = 0; j < n; j++) {
                if (j) wr_buf_puts(out, " ");
                wr_buf_prob(out, sweep[i * n + j], digits);
            }
            wr_buf_puts(out, "\n");
        }
    } else {
        wr_buf_prob(out, res->justin_win, digits);
        wr_buf_puts(out, "\n");
    }
    rc = wr_buf_status(out);
    if (rc) wr_fail_nomem(err);
done:
    free(sweep);
    free(res);
    return rc;
}

const wr_game wr_game_hopchess = {"hopchess", 3, hopchess_run};
