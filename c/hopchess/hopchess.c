/* hopchess.c — Hop chess with human error: parser, layered solver, sweep,
 * JSON analysis. See hopchess.h for the encoding and the algorithm. */
#include "hopchess.h"

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

/* The mover's value: the mean of the best min(a, p) of v[0..p-1]. With a >= p
 * no selection is needed: every move is proposed. The best values are summed
 * in descending order whatever the path, so every caller gets the same bits. */
static inline double top_avg(const double *v, int p, int a)
{
    double s = 0;
    int i, j, m = 0;
    if (p == 0) return 0.0;
    if (a >= p) {
        for (i = 0; i < p; i++) s += v[i];
        return s / p;
    }
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

/* Sweep: a table of min(N, mJ) x min(N, mD) values per position. */
typedef struct sweep_layer {
    uint8_t *mj, *md; /* table dims: distinct a_J rows, distinct a_D columns */
    size_t *off;      /* table offsets, count + 1 */
    double *tab;
    double bytes;
} sweep_layer;

static void sweep_layer_free(sweep_layer *l)
{
    free(l->mj);
    free(l->md);
    free(l->off);
    free(l->tab);
    memset(l, 0, sizeof *l);
}

static int dim(int m, int n)
{
    if (m < 1) return 1;
    return m < n ? m : n;
}

/* Sorts v[0..p-1] into s, descending; returns the plain sum in v's order
 * (the a >= p value top_avg forms) and leaves prefix sums in pre. */
static double sort_prefix(const double *v, int p, double *s, double *pre)
{
    double sum = 0;
    int i, j;
    for (i = 0; i < p; i++) {
        double x = v[i];
        sum += x;
        for (j = i; j > 0 && s[j - 1] < x; j--) s[j] = s[j - 1];
        s[j] = x;
    }
    pre[0] = 0;
    for (i = 0; i < p; i++) pre[i + 1] = pre[i] + s[i];
    return sum;
}

/* For each of nl lanes, the top-a average of the p values V[c * w + l]
 * (c = 0..p-1, w >= nl the padded lane width), written to out[l * stride].
 * The best a values are kept per lane by a branch-free min/max insertion
 * network; they come out in descending order and are summed in that order,
 * exactly as top_avg does. The common widths 4, 8 and 16 get their own
 * copies with a fixed lane count, which the compiler vectorises with no
 * remainder loop (gcc -O2 only vectorises such loops); a < p <= 128 there. */
#define SELECT_FIXED(NAME, W)                                                              \
    static void NAME(const double *V, int p, int nl, int a, double *out, int stride)      \
    {                                                                                      \
        double top[HOPCHESS_MAX_MOVES][W];                                                 \
        int c, j, l;                                                                       \
        for (j = 0; j < a; j++)                                                            \
            for (l = 0; l < W; l++) top[j][l] = -1.0; /* below every value */             \
        for (c = 0; c < p; c++) {                                                          \
            const double *v = V + c * W;                                                   \
            for (j = a - 1; j > 0; j--)                                                    \
                for (l = 0; l < W; l++) {                                                  \
                    double m = top[j - 1][l] < v[l] ? top[j - 1][l] : v[l];                \
                    top[j][l] = top[j][l] > m ? top[j][l] : m;                             \
                }                                                                          \
            for (l = 0; l < W; l++) top[0][l] = top[0][l] > v[l] ? top[0][l] : v[l];       \
        }                                                                                  \
        for (l = 0; l < nl; l++) {                                                         \
            double s = 0;                                                                  \
            for (j = 0; j < a; j++) s += top[j][l];                                        \
            out[l * stride] = s / a;                                                       \
        }                                                                                  \
    }
/* Gathers the move values of p children into V[c * W + l] (l < W): lane l
 * of child c is 1 - line[c][min(l, len[c] - 1) * step[c]], the clamped read
 * that extends a smaller child table. Fixed W: branch-free, no loop exits
 * that depend on the child's size. */
#define GATHER_FIXED(NAME, W)                                                              \
    static void NAME(double *V, int p, const double *const *line, const int *len,         \
                     const int *step)                                                      \
    {                                                                                      \
        int c, l;                                                                          \
        for (c = 0; c < p; c++) {                                                          \
            const double *r = line[c];                                                     \
            int m = len[c] - 1, st = step[c];                                              \
            double *vc = V + c * W;                                                        \
            for (l = 0; l < W; l++) vc[l] = 1.0 - r[(l < m ? l : m) * st];                 \
        }                                                                                  \
    }
GATHER_FIXED(gather_w4, 4)
GATHER_FIXED(gather_w8, 8)
GATHER_FIXED(gather_w16, 16)

static void gather_lanes(double *V, int p, int w, const double *const *line, const int *len,
                         const int *step)
{
    int c, l;
    if (w == 4) return gather_w4(V, p, line, len, step);
    if (w == 8) return gather_w8(V, p, line, len, step);
    if (w == 16) return gather_w16(V, p, line, len, step);
    for (c = 0; c < p; c++)
        for (l = 0; l < w; l++)
            V[c * w + l] = 1.0 - line[c][(l < len[c] - 1 ? l : len[c] - 1) * step[c]];
}

SELECT_FIXED(select_w4, 4)
SELECT_FIXED(select_w8, 8)
SELECT_FIXED(select_w16, 16)

static int lane_width(int nl)
{
    return nl <= 4 ? 4 : nl <= 8 ? 8 : nl <= 16 ? 16 : nl;
}

/* top: scratch of a * w doubles (only for the generic width). */
static void select_lanes(const double *V, int p, int nl, int w, int a, double *out, int stride,
                         double *top)
{
    int c, j, l;
    if (p == 0 || a >= p) {
        for (l = 0; l < nl; l++) {
            double s = 0;
            for (c = 0; c < p; c++) s += V[c * w + l];
            out[l * stride] = p ? s / p : 0.0;
        }
        return;
    }
    if (w == 4) return select_w4(V, p, nl, a, out, stride);
    if (w == 8) return select_w8(V, p, nl, a, out, stride);
    if (w == 16) return select_w16(V, p, nl, a, out, stride);
    for (l = 0; l < a * w; l++) top[l] = -1.0;
    for (c = 0; c < p; c++) {
        const double *v = V + c * w;
        for (j = a - 1; j > 0; j--) {
            double *tj = top + j * w;
            const double *tu = top + (j - 1) * w;
            for (l = 0; l < w; l++) {
                double m = tu[l] < v[l] ? tu[l] : v[l];
                tj[l] = tj[l] > m ? tj[l] : m;
            }
        }
        for (l = 0; l < w; l++) top[l] = top[l] > v[l] ? top[l] : v[l];
    }
    for (l = 0; l < nl; l++) {
        double s = 0;
        for (j = 0; j < a; j++) s += top[j * w + l];
        out[l * stride] = s / a;
    }
}

/* One node's sweep table t[x * dd + y] (a_J = x + 1, a_D = y + 1) from its
 * p children's tables, each extended by its last row and column (a child's
 * dims never exceed its parent's). The mover's cut is fixed along a row (J
 * to move) or a column (D), so the mover's values are gathered child-major
 * along it and select_lanes does the whole line. Past the children's last
 * distinct row (J) or column (D) the move values no longer change and only
 * the cut min(a, p) does, so one sort per lane serves the rest.
 * V, top: scratch of lane_width(dims) x moves doubles each. */
static void sweep_node(double *t, int dj, int dd, int side, int p, const double *const *cbase,
                       const int *cdj, const int *cdd, double *V, double *top)
{
    double srt[HOPCHESS_MAX_MOVES], pre[HOPCHESS_MAX_MOVES + 1], v[HOPCHESS_MAX_MOVES];
    const double *line[HOPCHESS_MAX_MOVES];
    int step[HOPCHESS_MAX_MOVES];
    int c, x, y, x0 = 0, y0 = 0;
    for (c = 0; c < p; c++) {
        if (cdj[c] - 1 > x0) x0 = cdj[c] - 1;
        if (cdd[c] - 1 > y0) y0 = cdd[c] - 1;
    }
    if (side == HOPCHESS_JUSTIN) {
        int xe = x0 < dj - 1 ? x0 : dj - 1, w = lane_width(dd);
        for (x = 0; x <= xe; x++) {
            for (c = 0; c < p; c++) { /* lanes y: row x of child c, extended */
                line[c] = cbase[c] + (x < cdj[c] ? x : cdj[c] - 1) * cdd[c];
                step[c] = 1;
            }
            gather_lanes(V, p, w, line, cdd, step);
            select_lanes(V, p, dd, w, x + 1, t + x * dd, 1, top);
        }
        if (xe + 1 < dj) /* V holds row xe, the same as every later row */
            for (y = 0; y < dd; y++) {
                double sum;
                for (c = 0; c < p; c++) v[c] = V[c * w + y];
                sum = sort_prefix(v, p, srt, pre);
                for (x = xe + 1; x < dj; x++)
                    t[x * dd + y] = x + 1 >= p ? sum / p : pre[x + 1] / (x + 1);
            }
    } else {
        int ye = y0 < dd - 1 ? y0 : dd - 1, w = lane_width(dj);
        for (y = 0; y <= ye; y++) {
            for (c = 0; c < p; c++) /* lanes x: column y of child c, extended */
                line[c] = cbase[c] + (y < cdd[c] ? y : cdd[c] - 1);
            gather_lanes(V, p, w, line, cdj, cdd);
            select_lanes(V, p, dj, w, y + 1, t + y, dd, top);
        }
        if (ye + 1 < dd) /* V holds column ye, the same as every later column */
            for (x = 0; x < dj; x++) {
                double sum;
                for (c = 0; c < p; c++) v[c] = V[c * w + x];
                sum = sort_prefix(v, p, srt, pre);
                for (y = ye + 1; y < dd; y++)
                    t[x * dd + y] = y + 1 >= p ? sum / p : pre[y + 1] / (y + 1);
            }
    }
}

/* Drops a table's trailing rows and columns that equal the one before them
 * (exactly): readers clamp indices to the dims, so the table means the same,
 * and a parent whose children all end early ends early too. Writes the
 * trimmed table, row-major, to dst (dst <= t: a forward copy is safe). */
static void trim_table(const double *t, int *pdj, int *pdd, double *dst)
{
    int dj = *pdj, dd = *pdd, ndd = dd, x, y;
    while (dj > 1 && memcmp(t + (dj - 1) * dd, t + (dj - 2) * dd, (size_t)dd * sizeof *t) == 0)
        dj--;
    for (; ndd > 1; ndd--) {
        for (x = 0; x < dj && t[x * dd + ndd - 1] == t[x * dd + ndd - 2]; x++) {}
        if (x < dj) break;
    }
    for (x = 0; x < dj; x++)
        for (y = 0; y < ndd; y++) dst[x * ndd + y] = t[x * dd + y];
    *pdj = dj;
    *pdd = ndd;
}

static int engine_sweep(engine *e, int n, double *out)
{
    uint64_t child[HOPCHESS_MAX_MOVES], x;
    const double *cbase[HOPCHESS_MAX_MOVES];
    int cdj[HOPCHESS_MAX_MOVES], cdd[HOPCHESS_MAX_MOVES];
    sweep_layer prev = {0}, cur = {0};
    uint32_t *dir = NULL, *edges = NULL;
    size_t *estart = NULL, ecap = 0;
    double *work = NULL; /* sweep_node's gathered move values, dims x moves */
    size_t wsize = (size_t)lane_width(n < HOPCHESS_MAX_MOVES ? n : HOPCHESS_MAX_MOVES) * HOPCHESS_MAX_MOVES;
    int k, rc = WR_OK;

    if (e->root_k == 0) {
        int i;
        for (i = 0; i < n * n; i++) out[i] = e->root_side == HOPCHESS_JUSTIN ? 0.0 : 1.0;
        return WR_OK;
    }
    if ((rc = over_budget(e, 16.0 * (double)wsize))) return rc;
    e->fixed_bytes += 16.0 * (double)wsize;
    if (!(work = malloc(2 * wsize * sizeof *work))) return WR_ENOMEM;
    for (k = e->kmin; k <= e->root_k; k++) {
        int side = side_of(e, k);
        const uint64_t *cbits = k > e->kmin ? e->bits[k - 1] : NULL;
        size_t i, cnt = (size_t)e->count[k], ne = 0, tsize = 0, used;
        double base = prev.bytes + (dir ? 4.0 * (double)e->words[k - 1] : 0);
        layer_iter it;
        cur.bytes = (double)cnt * (2 + 2 * sizeof(size_t));
        if ((rc = over_budget(e, base + cur.bytes))) break;
        cur.mj = malloc(cnt);
        cur.md = malloc(cnt);
        cur.off = malloc((cnt + 1) * sizeof *cur.off);
        estart = malloc((cnt + 1) * sizeof *estart);
        if (!cur.mj || !cur.md || !cur.off || !estart) {
            rc = WR_ENOMEM;
            break;
        }
        /* pass 1: children (as slots of layer k-1), subtree move maxima */
        iter_init(&it, e, k);
        for (i = 0; iter_next(&it, &x); i++) {
            int p = block_children(&e->g, &it.b, x, side, child, NULL, NULL), c;
            int mj = side == HOPCHESS_JUSTIN ? dim(p, n) : 1, md = side == HOPCHESS_JUSTIN ? 1 : dim(p, n);
            estart[i] = ne;
            if (ne + (size_t)p > ecap) {
                size_t ncap = ecap ? 2 * ecap : 4096;
                uint32_t *grown;
                while (ncap < ne + (size_t)p) ncap *= 2;
                if ((rc = over_budget(e, base + cur.bytes + 4.0 * (double)(ncap + ecap)))) break;
                grown = realloc(edges, ncap * sizeof *edges);
                if (!grown) {
                    rc = WR_ENOMEM;
                    break;
                }
                edges = grown;
                ecap = ncap;
            }
            for (c = 0; c < p; c++) {
                uint32_t ci = (uint32_t)slot_of(cbits, dir, child[c]);
                edges[ne++] = ci;
                if (prev.mj[ci] > mj) mj = prev.mj[ci];
                if (prev.md[ci] > md) md = prev.md[ci];
            }
            cur.mj[i] = (uint8_t)mj;
            cur.md[i] = (uint8_t)md;
            cur.off[i] = tsize;
            tsize += (size_t)mj * (size_t)md;
        }
        if (rc) break;
        estart[cnt] = ne;
        cur.off[cnt] = tsize;
        if ((rc = over_budget(e, base + cur.bytes + 4.0 * (double)ecap + 8.0 * (double)tsize)))
            break;
        cur.bytes += 8.0 * (double)tsize;
        cur.tab = malloc((tsize ? tsize : 1) * sizeof *cur.tab);
        if (!cur.tab) {
            rc = WR_ENOMEM;
            break;
        }
        /* pass 2: every (a_J, a_D) cell of every table; each table is
         * computed at its planned offset, then trimmed and moved down to the
         * end of the tables before it (never past its planned offset) */
        for (i = 0, used = 0; i < cnt; i++) {
            int p = (int)(estart[i + 1] - estart[i]), c, dj = cur.mj[i], dd = cur.md[i];
            double *t = cur.tab + cur.off[i];
            for (c = 0; c < p; c++) {
                uint32_t ci = edges[estart[i] + c];
                cbase[c] = prev.tab + prev.off[ci];
                cdj[c] = prev.mj[ci];
                cdd[c] = prev.md[ci];
            }
            sweep_node(t, dj, dd, side, p, cbase, cdj, cdd, work, work + wsize);
            trim_table(t, &dj, &dd, cur.tab + used);
            cur.mj[i] = (uint8_t)dj;
            cur.md[i] = (uint8_t)dd;
            cur.off[i] = used;
            used += (size_t)dj * (size_t)dd;
            if ((rc = engine_tick(e))) break;
        }
        if (rc) break;
        cur.off[cnt] = used;
        free(estart);
        estart = NULL;
        free(dir);
        dir = NULL;
        sweep_layer_free(&prev);
        prev = cur;
        memset(&cur, 0, sizeof cur);
        if (k < e->root_k && !(dir = directory(e, k))) {
            rc = WR_ENOMEM;
            break;
        }
    }
    if (rc == WR_OK) {
        int x, y, dj = prev.mj[0], dd = prev.md[0];
        for (x = 0; x < n; x++)
            for (y = 0; y < n; y++) {
                double m = prev.tab[(x < dj ? x : dj - 1) * dd + (y < dd ? y : dd - 1)];
                out[x * n + y] = e->root_side == HOPCHESS_JUSTIN ? m : 1.0 - m;
            }
    }
    free(work);
    free(estart);
    free(edges);
    free(dir);
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
    /* mj, md, a table offset, an edge start and at least one table cell */
    e.pos_bytes = 2 + 2 * sizeof(size_t) + sizeof(double);
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
