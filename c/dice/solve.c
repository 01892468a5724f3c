/* solve.c — the Battle Dice solver: array sizes and the memory estimate,
 * the backward pass (win probabilities of every smaller battle), the forward
 * pass (outcomes and survivors of the asked one), the exact rerun when the
 * fast run dropped too much mass, and the result accessors. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void solver_free(solver *s)
{
    wr_ws_free(&s->ws);
    free(s->cache);
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

/* The solver's arrays, reserved in w (common/workspace.h): the planning pass
 * adds up their sizes (the estimate), the carving pass hands them out of one
 * zeroed allocation. Needs s->q1, s->U1 and s->U2. */
static void layout(solver *s, wr_workspace *w, int analysis)
{
    size_t jrows = (size_t)s->q1.dmax * (size_t)s->U1 + 1, jcols = (size_t)s->q1.amax * (size_t)s->U1 + 1;
    size_t hrows = jrows + (size_t)s->U1, hwidth = jcols + DICE_MAX_ICONS;
    size_t states = (size_t)(s->U1 + 1) * (size_t)(s->U2 + 1);
    s->j.rows = (int)jrows;
    s->j.cols = (int)jcols;
    s->h.rows = (int)hrows;
    s->h.width = (int)hwidth;
    s->j.v = wr_ws_reserve(w, jrows * jcols, sizeof(double));
    s->j.w = wr_ws_reserve(w, jrows * jcols, sizeof(double));
    s->j.lo = wr_ws_reserve(w, jrows, sizeof(int));
    s->j.hi = wr_ws_reserve(w, jrows, sizeof(int));
    s->j.lo2 = wr_ws_reserve(w, jrows, sizeof(int));
    s->j.hi2 = wr_ws_reserve(w, jrows, sizeof(int));
    s->h.v = wr_ws_reserve(w, hrows * hwidth, sizeof(double));
    s->h.w = wr_ws_reserve(w, hrows * hwidth, sizeof(double));
    s->h.hv = wr_ws_reserve(w, hrows, sizeof(int));
    s->h.hw = wr_ws_reserve(w, hrows, sizeof(int));
    s->W = wr_ws_reserve(w, states, sizeof(double));
    s->P = wr_ws_reserve(w, states, sizeof(double));
    if (analysis) {
        s->colP = wr_ws_reserve(w, (size_t)colP_cells(s->U1, s->U2), sizeof(double));
        s->moving = wr_ws_reserve(w, states, sizeof(double));
        if (s->B) s->rv = wr_ws_reserve(w, states * ((size_t)s->B + 1), sizeof(double));
    }
}

/* The caller-owned result arrays (dice_result: table, survivors, overWithin). */
static double result_bytes(int U1, int U2, int H)
{
    return 8.0 * ((double)U1 * U2 + (U1 + 1) + (U2 + 1) + H);
}

/* Sets up s (zeroed) for req and plans its workspace: the bytes the solve
 * needs, the caller-owned results included. The one planning pass both the
 * estimate and the solve use. */
static double plan(solver *s, const dice_request *req, int analysis)
{
    memset(s, 0, sizeof *s);
    s->U1 = req->units[0];
    s->U2 = req->units[1];
    make_dist(&req->die[0], &s->q1);
    make_dist(&req->die[1], &s->q2);
    /* per-roll vectors (rolls.c): cut short, or the length asked for; else none (B = 0) */
    if (analysis && (req->rolls > 0 || req->length)) rolls_plan(req, &s->H, &s->B);
    wr_ws_plan(&s->ws);
    layout(s, &s->ws, analysis);
    return wr_ws_size(&s->ws) + result_bytes(s->U1, s->U2, s->H) + sizeof(solver);
}

/* A cut-short battle always needs the forward pass. */
static int needs_analysis(const dice_request *req, int analysis)
{
    return analysis || req->rolls > 0;
}

double dice_estimate_bytes(const dice_request *req, int analysis)
{
    solver s;
    return plan(&s, req, needs_analysis(req, analysis));
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

/* Allocates and carves the workspace plan() planned. */
static int solver_alloc(solver *s, int analysis, double spare)
{
    int i, rc;
    if ((rc = wr_ws_alloc(&s->ws))) return rc;
    layout(s, &s->ws, analysis);
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

int dice_tick(solver *s, double work)
{
    return tick(s, work);
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

/* Column u1's P tables for u2 = 1..umax: cached by the backward pass, or
 * recomputed into colP (joint from scratch, then the column). */
static int load_column(solver *s, int u1, int umax)
{
    int k, u2, rc, U2 = s->U2;
    size_t off = 0;
    if (u1 >= s->cache_from) return WR_OK;
    joint_reset(&s->j);
    for (k = 0; k < u1; k++)
        if ((rc = tick(s, joint_step(&s->j, &s->q1, s->tau)))) return rc;
    column_init(&s->h, &s->j, u1, s->q1.dmax);
    for (u2 = 1; u2 <= umax; u2++) {
        if ((rc = tick(s, column_step(&s->h, &s->q2, -s->q2.amax * (U2 - u2 + 1),
                                      U2 + s->q2.dmax * (U2 - u2), s->tau, u2, s->colP + off))))
            return rc;
        off += (size_t)(u1 + 1) * (size_t)(u2 + 1);
    }
    return WR_OK;
}

/* State (u1, u2)'s P table once load_column(u1) is done. */
static const double *column_table(const solver *s, int u1, int u2)
{
    if (u1 >= s->cache_from) return cache_at(s, u1, u2);
    return s->colP + (size_t)(u1 + 1) * ((size_t)(u2 - 1) * (size_t)(u2 + 2) / 2);
}

/* The highest u2 reached in column u1 (0: none). */
static int reached(const solver *s, const double *m, int u1)
{
    int u2, umax = 0;
    for (u2 = 1; u2 <= s->U2; u2++)
        if (m[u1 * (s->U2 + 1) + u2] > 0) umax = u2;
    return umax;
}

/* Forward pass from (U1, U2): reach probabilities m and R = E[rolls so far;
 * reached], then the outcomes. Cached columns cost only the sums; the
 * others are recomputed (joint from scratch, then the column). The first
 * block of the per-roll vectors (rolls.c) rides along. */
static int forward(solver *s, double *m, double *R, dice_result *res)
{
    int U1 = s->U1, U2 = s->U2, u1, u2, x, y, k, rc, stride = U2 + 1;
    double ended = 0, rolls = 0;
    m[U1 * stride + U2] = 1;
    if (s->B) s->rv[((size_t)U1 * stride + U2) * ((size_t)s->B + 1) + 1] = 1; /* roll 0 */
    for (u1 = U1; u1 >= 1; u1--) {
        int umax = reached(s, m, u1);
        if (umax == 0) {
            s->done_states += U2;
            continue;
        }
        if ((rc = load_column(s, u1, umax))) return rc;
        s->done_states += U2 - umax;
        for (u2 = umax; u2 >= 1; u2--) {
            double mass = m[u1 * stride + u2], r = R[u1 * stride + u2], c, fm, fr;
            const double *P = column_table(s, u1, u2);
            int stalemate;
            s->done_states++;
            if ((rc = tick(s, (double)(u1 + 1) * (u2 + 1)))) return rc;
            if (mass == 0) continue;
            stalemate = is_stalemate(&s->q1, &s->q2, u1, u2);
            if ((rc = rolls_state(s, u1, u2, P, stalemate))) return rc;
            if (stalemate) {
                res->stalemate += mass;
                continue;
            }
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
    s->ended = ended;
    return WR_OK;
}

/* The per-roll vectors' later blocks: a pass over the reached states each,
 * with the transitions cached or recomputed. */
static int later_blocks(solver *s, const double *m, dice_result *res)
{
    int more, u1, u2, rc;
    for (rolls_block_end(s, res, &more); more; rolls_block_end(s, res, &more)) {
        s->total_states += (double)s->U1 * s->U2;
        for (u1 = s->U1; u1 >= 1; u1--) {
            int umax = reached(s, m, u1);
            s->done_states += s->U2 - umax;
            if (umax == 0) continue;
            if ((rc = load_column(s, u1, umax))) return rc;
            for (u2 = umax; u2 >= 1; u2--) {
                s->done_states++;
                if (m[u1 * (s->U2 + 1) + u2] == 0) continue;
                if ((rc = rolls_state(s, u1, u2, column_table(s, u1, u2),
                                      is_stalemate(&s->q1, &s->q2, u1, u2))))
                    return rc;
            }
        }
    }
    return WR_OK;
}

void dice_result_free(dice_result *res)
{
    free(res->over_within);
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
        else if (!(rc = forward(s, m, R, res)) && s->B) rc = later_blocks(s, m, res);
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

static void clamp_unit(double *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) v[i] = v[i] < 0.0 ? 0.0 : v[i] > 1.0 ? 1.0 : v[i];
}

/* The passes' sums can round a few ulps past 1 (a win of 1 + 2 ulps, table
 * entries up to 1 + 11 ulps): every probability of the result is put back
 * in [0, 1], so that no door shows or exports a probability above 1 (the
 * contest print clamps too: wr_buf_prob). A value moves only by its
 * overshoot, towards the exact value, which is in [0, 1]. */
static void clamp_probabilities(dice_result *res)
{
    double *one[] = {&res->win, &res->draw, &res->loss, &res->stalemate, &res->still};
    size_t i;
    for (i = 0; i < sizeof one / sizeof *one; i++) clamp_unit(one[i], 1);
    clamp_unit(res->table, (size_t)res->units[0] * (size_t)res->units[1]);
    clamp_unit(res->survivors1, (size_t)res->units[0] + 1);
    clamp_unit(res->survivors2, (size_t)res->units[1] + 1);
    if (res->over_within) clamp_unit(res->over_within, (size_t)res->n_over);
}

int dice_solve(const dice_request *req, int analysis, const wr_options *opt, dice_result *res,
               wr_error *err)
{
    solver s;
    double need, budget = wr_budget_bytes(opt), bound = 0;
    double *W = NULL;
    int rc, i, j, U1 = req->units[0], U2 = req->units[1];
    analysis = needs_analysis(req, analysis);
    need = plan(&s, req, analysis);
    memset(res, 0, sizeof *res);
    wr_error_clear(err);
    if (need > budget) return wr_fail_budget(err, need, budget);
    s.req = req;
    s.opt = opt;
    s.err = err;
    res->units[0] = U1;
    res->units[1] = U2;
    res->table = malloc(sizeof(double) * (size_t)U1 * (size_t)U2);
    res->survivors1 = calloc((size_t)U1 + 1, sizeof(double));
    res->survivors2 = calloc((size_t)U2 + 1, sizeof(double));
    res->rolls = req->rolls;
    if (s.H) res->over_within = calloc((size_t)s.H, sizeof(double));
    if (!res->table || !res->survivors1 || !res->survivors2 || (s.H && !res->over_within) ||
        solver_alloc(&s, analysis, cache_room(need, budget)) != WR_OK) {
        rc = wr_fail_nomem(err);
        goto done;
    }
    W = s.W;
    s.tau = DICE_TAU_FAST;
    rc = solve_with(&s, analysis, res, W, &bound);
    if (rc == 1) {
        s.tau = DICE_TAU_EXACT;
        rc = solve_with(&s, analysis, res, W, &bound);
    }
    if (rc) goto done;
    for (i = 1; i <= U1; i++)
        for (j = 1; j <= U2; j++) res->table[(i - 1) * U2 + (j - 1)] = W[i * (U2 + 1) + j];
    clamp_probabilities(res);
    res->states = (long long)U1 * U2;
    res->cached_columns = analysis ? U1 + 1 - s.cache_from : 0;
    res->dropped_mass = bound;
done:
    solver_free(&s);
    if (rc) dice_result_free(res);
    return rc;
}

double dice_answer(const dice_result *res)
{
    return res->rolls > 0 ? res->win : dice_table(res, res->units[0], res->units[1]);
}

double dice_table(const dice_result *res, int i, int j)
{
    return res->table[(size_t)(i - 1) * (size_t)res->units[1] + (size_t)(j - 1)];
}
