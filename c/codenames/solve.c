/* solve.c — the Codenames solver: the bottom-up solve over revealed-card
 * masks (see codenames.h), the root's value of every hint and K, and the
 * recommended hint's outcomes. */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"

/* The free-card numbering: card i of the board -> bit (or -1). Bit 0 goes
 * to the free bystander in the fewest hints, when there is one (*lane = 1):
 * masks S and S|1 then differ in a card that decides nothing, and are solved
 * as a pair (cn_solve_pairs). Free assassins take the top bits, so the stored
 * masks are those below 2^(F - assassins): a mask with an assassin is
 * terminal and never stored. Returns F; *stored gets F minus the free
 * assassins. */
static int free_index(const codenames_request *req, int *bit, int *stored, int *lane)
{
    int i, h, k, F = 0, pass, first = -1;
    unsigned char covered[CODENAMES_MAX_N] = {0};
    for (h = 0; h < req->nhints; h++)
        for (k = 0; k < req->hints[h].ncards; k++) covered[req->hints[h].cards[k]]++;
    for (i = 0; i < req->n; i++)
        if (covered[i] && !req->revealed[i] && req->ident[i] == 'I' &&
            (first < 0 || covered[i] < covered[first]))
            first = i;
    for (i = 0; i < req->n; i++) bit[i] = -1;
    if (first >= 0) bit[first] = F++;
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < req->n; i++)
            if (i != first && covered[i] && !req->revealed[i] && (req->ident[i] == 'A') == pass)
                bit[i] = F++;
        if (pass == 0) *stored = F;
    }
    if (lane) *lane = first >= 0;
    return F;
}

static uint32_t hint_mask(const codenames_request *req, const int *bit, int h)
{
    uint32_t m = 0;
    int k;
    for (k = 0; k < req->hints[h].ncards; k++) {
        int b = bit[req->hints[h].cards[k]];
        if (b >= 0) m |= (uint32_t)1 << b;
    }
    return m;
}

double codenames_estimate_bytes(const codenames_request *req)
{
    int bit[CODENAMES_MAX_N], FS, h;
    double plans = 0;
    free_index(req, bit, &FS, NULL);
    for (h = 0; h < req->nhints; h++) {
        int k = wr_popcount32(hint_mask(req, bit, h));
        if (k <= PLAN_CARDS) plans += cn_plan_bytes(k);
    }
    return plans + 8.0 * (2.0 * ldexp(1.0, FS) + 2)                      /* V */
           + (double)sizeof(engine) + 4.0 * CODENAMES_MAX_HINTS /* engine, masks */
           + (double)req->nhints * (3.0 * sizeof(int) + 8.0 * CODENAMES_MAX_N); /* result */
}

/* bit gets the free-card numbering (free_index). */
static void engine_init(engine *e, const codenames_request *req, int own_hints_only, int *bit)
{
    int i, j, u;
    memset(e, 0, sizeof *e);
    e->own_hints_only = own_hints_only;
    e->F = free_index(req, bit, &e->FS, &e->lanes);
    e->full = (uint32_t)(((uint64_t)1 << e->FS) - 1);
    for (i = 0; i < req->n; i++) {
        int t = req->ident[i] == 'R' ? 0 : req->ident[i] == 'B' ? 1 : -1;
        if (bit[i] >= 0) {
            if (t >= 0) e->own[t] |= (uint32_t)1 << bit[i];
            if (req->ident[i] == 'A') e->assassin |= (uint32_t)1 << bit[i];
        } else if (t >= 0 && !req->revealed[i]) {
            e->hidden[t]++;
        }
    }
    for (u = 0; u <= CODENAMES_MAX_N; u++) {
        e->C[u][0] = 1;
        for (j = 1; j <= u; j++) e->C[u][j] = e->C[u - 1][j - 1] + (j < u ? e->C[u - 1][j] : 0);
    }
    for (u = 1; u <= CODENAMES_MAX_N; u++)
        for (j = 0; j <= u; j++) {
            e->wstop[u][j] = 1.0 / e->C[u][j];
            e->wmiss[u][j] = j < u ? 1.0 / (u * e->C[u - 1][j]) : 0;
        }
}

static void root_outcomes(const engine *e, int t, uint32_t U, int K, codenames_outcomes *o)
{
    uint32_t ownU = U & e->own[t], nonU = U & ~e->own[t], A, c;
    int u = wr_popcount32(U);
    memset(o, 0, sizeof *o);
    for (A = ownU;; A = (A - 1) & ownU) {
        int j = wr_popcount32(A);
        if (j <= K) {
            if (A && wiped(e, t, A)) {
                o->win += e->wstop[u][j]; /* the first j cards are exactly A */
            } else if (j == K) {
                o->handover[K] += e->wstop[u][K];
            } else {
                for (c = nonU; c; c &= c - 1) {
                    uint32_t cb = c & (~c + 1);
                    double p = e->wmiss[u][j];
                    if (cb & e->assassin) o->assassin += p;
                    else if (wiped(e, 1 - t, A | cb)) o->lose += p;
                    else o->handover[j] += p;
                }
            }
        }
        if (!A) break;
    }
}

void codenames_result_free(codenames_result *res)
{
    free(res->unrevealed);
    free(res->legal);
    free(res->same_as);
    free(res->values);
    res->unrevealed = res->legal = res->same_as = NULL;
    res->values = NULL;
}

static int solve_with(const codenames_request *req, const wr_options *opt, codenames_result *res,
                      wr_error *err, int reference, int threads)
{
    engine *e;
    int bit[CODENAMES_MAX_N], h, h2, K, t = req->to_move, rc;
    uint32_t hm[CODENAMES_MAX_HINTS];
    double need = codenames_estimate_bytes(req), budget = wr_budget_bytes(opt), best;
    size_t cells;
    int64_t work = 0;

    memset(res, 0, sizeof *res);
    res->best_hint = -1;
    res->own_hints_only = req->own_hints_only != 0;
    wr_error_clear(err);
    if (need > budget) return wr_fail_budget(err, need, budget);

    e = malloc(sizeof *e);
    if (!e) return wr_fail_nomem(err);
    engine_init(e, req, res->own_hints_only, bit);
    cells = (size_t)1 << e->FS;
    e->dmask = malloc(sizeof(uint32_t) * CODENAMES_MAX_HINTS);
    e->V = malloc(sizeof(double) * (2 * cells + 2)); /* + 2: vi(0, 1) = 2 when FS = 0 */
    res->unrevealed = malloc(sizeof(int) * (size_t)req->nhints);
    res->legal = malloc(sizeof(int) * (size_t)req->nhints);
    res->same_as = malloc(sizeof(int) * (size_t)req->nhints);
    res->values = malloc(sizeof(double) * CODENAMES_MAX_N * (size_t)req->nhints);
    if (!e->dmask || !e->V || !res->unrevealed || !res->legal || !res->same_as ||
        !res->values) {
        rc = wr_fail_nomem(err);
        goto out;
    }
    for (h = 0; h < req->nhints; h++) {
        hm[h] = hint_mask(req, bit, h);
        for (h2 = 0; h2 < e->nd && e->dmask[h2] != hm[h]; h2++) {}
        if (hm[h] && h2 == e->nd) e->dmask[e->nd++] = hm[h];
    }
    res->free_cards = e->F;
    if (e->lanes && !reference) {
        rc = cn_build_plans(e);
        if (!rc) rc = cn_solve_pairs(e, opt, threads, &res->states);
    } else {
        rc = cn_solve_masks(e, opt, &res->states);
    }
    if (rc) {
        wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
        goto out;
    }
    res->answer = e->V[vi(0, t)];

    /* The root, hint by hint, in input order. */
    for (h = 0; h < req->nhints; h++) {
        double *vals = res->values + (size_t)h * CODENAMES_MAX_N;
        res->unrevealed[h] = wr_popcount32(hm[h]);
        res->same_as[h] = -1;
        for (h2 = 0; h2 < h && hm[h] && res->same_as[h] < 0; h2++)
            if (hm[h2] == hm[h]) res->same_as[h] = h2;
        for (K = 0; K < CODENAMES_MAX_N; K++) vals[K] = NAN;
        res->legal[h] = hm[h] && cn_eval_hint(e, 0, t, hm[h], vals, &work) >= 0;
        if (!res->legal[h])
            for (K = 0; K < CODENAMES_MAX_N; K++) vals[K] = NAN;
    }
    best = res->answer - 1e-12;
    for (h = 0; h < req->nhints && res->best_hint < 0; h++)
        for (K = 1; res->legal[h] && K <= res->unrevealed[h]; K++)
            if (res->values[(size_t)h * CODENAMES_MAX_N + K - 1] >= best) {
                res->best_hint = h;
                res->best_k = K;
                break;
            }
    if (res->best_hint >= 0)
        root_outcomes(e, t, hm[res->best_hint], res->best_k, &res->outcomes);
    rc = WR_OK;
out:
    free(e->dmask);
    free(e->V);
    free(e->plans);
    free(e->words);
    free(e->map_key);
    free(e->map_id);
    free(e);
    if (rc) codenames_result_free(res);
    return rc;
}

int codenames_solve(const codenames_request *req, const wr_options *opt, codenames_result *res,
                    wr_error *err)
{
    return solve_with(req, opt, res, err, 0, 0);
}

int codenames_solve_threads(const codenames_request *req, const wr_options *opt, codenames_result *res,
                            wr_error *err, int threads)
{
    return solve_with(req, opt, res, err, 0, threads < 1 ? 1 : threads);
}

int codenames_solve_reference(const codenames_request *req, const wr_options *opt,
                              codenames_result *res, wr_error *err)
{
    return solve_with(req, opt, res, err, 1, 1);
}

double codenames_answer(const codenames_result *res) { return res->answer; }

double codenames_value(const codenames_result *res, int h, int k)
{
    if (h < 0 || !res->values || !res->legal[h] || k < 1 || k > res->unrevealed[h]) return NAN;
    return res->values[(size_t)h * CODENAMES_MAX_N + k - 1];
}
