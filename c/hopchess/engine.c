/* engine.c — the layered engine: the forward pass that marks every
 * reachable position, the single solve's backward pass, and the public
 * hopchess_solve and hopchess_sweep. */
#include <math.h>

#include "internal.h"

void engine_free(engine *e)
{
    int k;
    for (k = 1; k <= HOPCHESS_SOLVE_CELLS; k++) layer_drop(e, k); /* the directory with its layer */
}

/* Checks the up-front budget, allocates the bitmaps and index tables. */
int engine_init(engine *e, const hopchess_request *req, const wr_options *opt,
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
    if (over_budget(e, need)) return WR_ETOOBIG;
    e->fixed_bytes = sizeof *e;

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
        e->layer_bytes += 8 * (double)e->words[k];
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
 * bits of layer k-1 are counted as they are set, so what the backward pass's
 * step k holds -- the layers (layers_at) and the value arrays of the pair
 * (k, k-1) -- is known to be at least that plus pos_bytes * (count[k] +
 * marked so far); the pass refuses as soon as that passes the budget instead
 * of marking the remaining layers first. */
int engine_forward(engine *e)
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
        double held = e->fixed_bytes + layers_at(e, k);
        double room = (e->budget - held) / e->pos_bytes - (double)e->count[k];
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
                           : refuse_early(e, held + e->pos_bytes * (double)(e->count[k] + fresh));
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
    int k, rc = WR_OK;

    *root_value = 0;
    res->nmoves = 0;
    if (e->root_k == 0) return WR_OK;
    for (k = e->kmin; k <= e->root_k; k++) {
        double b = layers_at(e, k) + 8.0 * (double)(e->count[k] + (k > e->kmin ? e->count[k - 1] : 0));
        if (b > peak) peak = b;
    }
    if (e->fixed_bytes + peak > e->budget)
        return wr_fail_budget(e->err, e->fixed_bytes + peak, e->budget);
    if ((rc = layers_pack(e, e->kmin))) return rc;

    for (k = e->kmin; k <= e->root_k; k++) {
        int side = side_of(e, k), a = side == HOPCHESS_JUSTIN ? e->req->a_j : e->req->a_d;
        int last = k == e->root_k;
        const uint64_t *cbits;
        size_t i = 0;
        layer_iter it;
        if ((rc = layers_step(e, k))) break;
        cbits = k > e->kmin ? e->bits[k - 1] : NULL;
        cur = wr_malloc_n(e->count[k], sizeof *cur);
        if (!cur) {
            rc = WR_ENOMEM;
            break;
        }
        iter_init(&it, e, k);
        while (iter_next(&it, &x)) {
            int n = block_children(&e->g, &it.b, x, side, child, last ? from : NULL,
                                   last ? to : NULL), c;
            for (c = 0; c < n; c++) v[c] = 1.0 - prev[slot_of(cbits, e->dir, child[c])];
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
        free(prev);
        prev = cur;
        cur = NULL;
    }
    if (rc == WR_OK) *root_value = prev[0];
    free(prev);
    free(cur);
    return rc;
}

static int engine_status(int rc, wr_error *err)
{
    if (rc == WR_ENOMEM) return wr_fail_nomem(err);
    if (rc == WR_ECANCELLED) return wr_fail(err, WR_ECANCELLED, 0, 0, "cancelled");
    return rc; /* budget refusals carry their own message */
}


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
