/* solve.c — the Codenames solver: the bottom-up solve over revealed-card
 * masks (see codenames.h), the root's value of every hint and K, and the
 * recommended hint's outcomes. */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"

/* The block cards (pairs_impl.h, solve_block): the BLOCK_BITS of the n
 * candidates (bit c of m[q]: hint q holds candidate c; the m[q] distinct)
 * that the fewest hints hold. A hint holding none is evaluated once for a
 * block's 64 masks, the others pair by pair. Depth first in candidate order,
 * cut once a partial choice is held by as many hints as the best so far, so
 * that ties go to the first choice in board order. pick[] gets the choice;
 * returns how many hints hold it. Not kept (2026-11-27): each hint weighted
 * by its reads (2^u, u its unrevealed cards) instead of counted once. 17 of
 * 21 boards (bench/spread.mjs's 18, the 3 bench cases) chose other cards,
 * and on four of those the instructions were 1.004, 0.951, 0.998 and 1.010
 * of this choice's (cachegrind, one core). */
static int block_cards(const uint32_t *m, int nm, int n, int k, int from, uint32_t sel, int best, int *pick,
                       int *chosen)
{
    int q, held = 0, c;
    for (q = 0; q < nm; q++) held += (m[q] & sel) != 0;
    if (held >= best) return best;
    if (!k) {
        memcpy(pick, chosen, sizeof(int) * BLOCK_BITS);
        return held;
    }
    for (c = from; c <= n - k; c++) {
        chosen[BLOCK_BITS - k] = c;
        best = block_cards(m, nm, n, k - 1, c + 1, sel | (uint32_t)1 << c, best, pick, chosen);
    }
    return best;
}

/* The free-card numbering: card i of the board -> bit (or -1). Bit 0 is a free
 * bystander when there is one (*lane = 1): masks S and S|1 then differ in a
 * card that decides nothing, and are solved as a pair (cn_solve_pairs). With
 * a second one (and quads built: quads.c) bit 1 is that card, chosen the same
 * way, and the masks go in quads S..S|3 (*lane = 2, cn_solve_pairs_quads);
 * with a third (and octs built: octs.c, AVX-512) bit 2, and they go in octs
 * S..S|7 (*lane = 3, cn_solve_pairs_octs).
 * Their hints are solved mask by mask where those cards are unrevealed
 * (pairs_impl.h, one_hints), the slowest way, so it is the bystander
 * whose hints have the fewest reads: the least 2^u summed
 * over the hints holding it (u: a hint's unrevealed cards; ties in board
 * order). Measured against the bystander in the fewest hints (the choice
 * before 2026-11-27): on 9 random boards each of 25 and 40 hints, 5 of the
 * 18 choose another card, 0.88, 0.94, 0.95 and 0.96 of the time on one core
 * (medians of 7 pairs; the fifth, 1.01). The next BLOCK_BITS bits are
 * the block cards (block_cards); then the other bystanders, fewest hints
 * first, and the agents in board order (measured: the fastest of the orders
 * tried, 0.87 of the bystanders-first order on the 40-hint board, 1.00 on the
 * 25-hint one). A turn's sums run in board order whatever the numbering
 * (board_order, own_walk). Free assassins take the top bits, so the stored
 * masks are those below 2^(F - assassins): a mask with an assassin is
 * terminal and never stored. Returns F; *stored gets F minus the free
 * assassins. blocks: 0 when only the count and *lane are asked for. */
static int free_index(const codenames_request *req, int *bit, int *stored, int *lane, int blocks)
{
    int i, h, k, F = 0, first = -1, second = -1, third = -1, cand[CODENAMES_MAX_N], nc = 0, nm = 0, pick[BLOCK_BITS],
        chosen[BLOCK_BITS];
    int ci[CODENAMES_MAX_N];                   /* card i -> its candidate number, or -1 */
    unsigned char held[CODENAMES_MAX_N] = {0}; /* hints holding card i, 0 once revealed */
    uint32_t m[CODENAMES_MAX_HINTS];
    double reads[CODENAMES_MAX_N] = {0}; /* 2^u summed over the hints holding card i (u: their unrevealed cards) */
    for (h = 0; h < req->nhints; h++) {
        int u = 0;
        for (k = 0; k < req->hints[h].ncards; k++) u += !req->revealed[req->hints[h].cards[k]];
        for (k = 0; k < req->hints[h].ncards; k++) {
            held[req->hints[h].cards[k]]++;
            reads[req->hints[h].cards[k]] += ldexp(1.0, u);
        }
    }
    for (i = 0; i < req->n; i++) {
        bit[i] = -1;
        if (req->revealed[i]) held[i] = 0;
        else if (held[i] && req->ident[i] == 'I' && (first < 0 || reads[i] < reads[first])) first = i;
    }
    if (first >= 0 && cn_quads_built()) /* bit 1: the next such bystander (quads, pairs_impl.h) */
        for (i = 0; i < req->n; i++)
            if (i != first && held[i] && req->ident[i] == 'I' && (second < 0 || reads[i] < reads[second])) second = i;
    if (second >= 0 && cn_octs_built()) /* bit 2: a third (octs) */
        for (i = 0; i < req->n; i++)
            if (i != first && i != second && held[i] && req->ident[i] == 'I' && (third < 0 || reads[i] < reads[third]))
                third = i;
    *lane = third >= 0 ? 3 : second >= 0 ? 2 : first >= 0;
    if (first >= 0) bit[first] = F++;
    if (second >= 0) bit[second] = F++;
    if (third >= 0) bit[third] = F++;
    for (i = 0; i < req->n; i++) {
        ci[i] = held[i] && i != first && i != second && i != third && req->ident[i] != 'A' ? nc : -1;
        if (ci[i] >= 0) cand[nc++] = i;
    }
    /* !blocks: only the count is asked for (codenames_estimate_bytes) */
    if (blocks && first >= 0 && nc > BLOCK_BITS) { /* the hints without the lane cards, over the candidates */
        for (h = 0; h < req->nhints; h++) {
            uint32_t x = 0;
            int q;
            for (k = 0; k < req->hints[h].ncards && req->hints[h].cards[k] != first &&
                        req->hints[h].cards[k] != second && req->hints[h].cards[k] != third;
                 k++)
                if (ci[req->hints[h].cards[k]] >= 0) x |= (uint32_t)1 << ci[req->hints[h].cards[k]];
            if (k < req->hints[h].ncards || !x) continue;
            for (q = 0; q < nm && m[q] != x; q++) {}
            if (q == nm) m[nm++] = x;
        }
        block_cards(m, nm, nc, BLOCK_BITS, 0, 0, nm + 1, pick, chosen);
        for (k = 0; k < BLOCK_BITS; k++) bit[cand[pick[k]]] = F++;
    }
    for (k = 1; k <= req->nhints; k++) /* bystanders in k hints, in board order */
        for (i = 0; i < req->n; i++)
            if (held[i] == k && bit[i] < 0 && req->ident[i] == 'I') bit[i] = F++;
    for (i = 0; i < req->n; i++)
        if (held[i] && bit[i] < 0 && req->ident[i] != 'A') bit[i] = F++;
    *stored = F;
    for (i = 0; i < req->n; i++)
        if (held[i] && req->ident[i] == 'A') bit[i] = F++;
    return F;
}

/* The table's lane bits (internal.h, cn_values) for a numbering's lanes:
 * quads for 2, else pairs (a mask-by-mask solve stores pairs too). */
static int table_lanes(int lanes)
{
    return lanes >= 2 ? lanes : 1;
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
    int bit[CODENAMES_MAX_N], FS, h, lanes;
    double plans = 0;
    free_index(req, bit, &FS, &lanes, 0);
    for (h = 0; h < req->nhints; h++) {
        int k = wr_popcount32(hint_mask(req, bit, h));
        if (k <= PLAN_CARDS) plans += cn_plan_bytes(k);
    }
    return plans + cn_values_bytes(FS, table_lanes(lanes)) + sizeof(cn_values)            /* V: codes and the first dictionary */
           + 2.0 * ldexp(1.0, FS) / 8 + 16                               /* ones (pairs_impl.h) */
           + (double)sizeof(engine) + 4.0 * CODENAMES_MAX_HINTS /* engine, masks */
           + (double)req->nhints * (3.0 * sizeof(int) + 8.0 * CODENAMES_MAX_N); /* result */
}

/* bit gets the free-card numbering (free_index). */
static void engine_init(engine *e, const codenames_request *req, int own_hints_only, int *bit)
{
    int i, j, u;
    memset(e, 0, sizeof *e);
    e->own_hints_only = own_hints_only;
    e->F = free_index(req, bit, &e->FS, &e->lanes, 1);
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
    for (i = 0; i < req->n; i++)
        if (bit[i] >= 0) e->place[bit[i]] = (unsigned char)i;
    e->agents_in_order = 1;
    for (i = 0, j = -1; i < e->F; i++) /* j: the place of the agent on the bit below */
        if ((e->own[0] | e->own[1]) >> i & 1) {
            if (e->place[i] < j) e->agents_in_order = 0;
            j = e->place[i];
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

/* The outcomes of t's turn at S giving hint U (its unrevealed cards) for K. */
static void turn_outcomes(const engine *e, uint32_t S, int t, uint32_t U, int K, codenames_outcomes *o)
{
    uint32_t ownU = U & e->own[t], nonU = U & ~e->own[t], A, m, cm[CODENAMES_MAX_N];
    int u = wr_popcount32(U), i, n = board_order(e, nonU, cm);
    own_order w;
    memset(o, 0, sizeof *o);
    for (A = ownU, m = own_walk(e, ownU, &w);; A = own_next(&w, m, A), m--) {
        int j = wr_popcount32(A);
        if (j <= K) {
            if (A && wiped(e, t, S | A)) {
                o->win += e->wstop[u][j]; /* the first j cards are exactly A */
            } else if (j == K) {
                o->handover[K] += e->wstop[u][K];
            } else {
                for (i = 0; i < n; i++) {
                    uint32_t cb = cm[i];
                    double p = e->wmiss[u][j];
                    if (cb & e->assassin) o->assassin += p;
                    else if (wiped(e, 1 - t, S | A | cb)) o->lose += p;
                    else o->handover[j] += p;
                }
            }
        }
        if (!m) break;
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

/* The plans (cn_build_plans) serve the solve only: a kept table drops them. */
static void free_plans(engine *e)
{
    free(e->plans);
    free(e->words);
    free(e->map_key);
    free(e->map_id);
    free(e->ones[0]);
    free(e->ones[1]);
    e->ones[0] = e->ones[1] = NULL;
    e->plans = NULL;
    e->words = e->map_key = NULL;
    e->map_id = NULL;
}

static void engine_free(engine *e)
{
    if (!e) return;
    free(e->dmask);
    if (e->vals) cn_values_free(e->vals);
    free(e->vals);
    free_plans(e);
    free(e);
}

/* A request's table over the budget is refused, whether solved or read from a kept table. */
static int check_budget(const codenames_request *req, const wr_options *opt, wr_error *err)
{
    double need = codenames_estimate_bytes(req), budget = wr_budget_bytes(opt);
    return need > budget ? wr_fail_budget(err, need, budget) : WR_OK;
}

/* Solves every position of req's board (the table V) after checking the
 * budget: *out gets the engine, bit the card numbering, hm[h] hint h's mask,
 * *states the positions solved. */
static int table_solve(const codenames_request *req, const wr_options *opt, wr_error *err, int reference,
                       int threads, engine **out, int *bit, uint32_t *hm, int64_t *states)
{
    engine *e;
    int h, h2, rc;
    double need = codenames_estimate_bytes(req), budget = wr_budget_bytes(opt);

    *out = NULL;
    if (need > budget) return wr_fail_budget(err, need, budget);
    e = malloc(sizeof *e);
    if (!e) return wr_fail_nomem(err);
    engine_init(e, req, req->own_hints_only != 0, bit);
    e->dmask = malloc(sizeof(uint32_t) * CODENAMES_MAX_HINTS);
    e->vals = aligned_alloc(_Alignof(cn_values), sizeof *e->vals); /* its lines apart (internal.h) */
    if (e->vals) memset(e->vals, 0, sizeof *e->vals); /* freeable (engine_free) before cn_values_init runs */
    /* the dictionary may grow into what the budget leaves; a lane by lane
     * solve (masks.c) reads codes before it writes them: zeroed */
    if (!e->dmask || !e->vals ||
        cn_values_init(e->vals, e->FS, table_lanes(e->lanes), !e->lanes || reference,
                       budget - need + cn_values_dict_bytes(NULL, table_lanes(e->lanes))) != WR_OK) {
        engine_free(e);
        return wr_fail_nomem(err);
    }
    for (h = 0; h < req->nhints; h++) {
        hm[h] = hint_mask(req, bit, h);
        for (h2 = 0; h2 < e->nd && e->dmask[h2] != hm[h]; h2++) {}
        if (hm[h] && h2 == e->nd) e->dmask[e->nd++] = hm[h];
    }
    *states = 0;
    if (e->lanes == 3 && !reference) {
        rc = cn_build_plans_octs(e);
        if (!rc) rc = cn_solve_pairs_octs(e, opt, threads, states);
    } else if (e->lanes == 2 && !reference) {
        rc = cn_build_plans_quads(e);
        if (!rc) rc = cn_solve_pairs_quads(e, opt, threads, states);
    } else if (e->lanes && !reference) {
        rc = cn_build_plans(e);
        if (!rc) rc = cn_solve_pairs(e, opt, threads, states);
    } else {
        rc = cn_solve_masks(e, opt, states);
    }
    if (rc == WR_ETOOBIG) { /* the dictionary outgrew the budget */
        need += e->vals->wanted - cn_values_dict_bytes(NULL, e->vals->L); /* at least that */
        engine_free(e);
        return wr_fail_budget(err, need, budget);
    }
    if (rc) {
        engine_free(e);
        return wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
    }
    *out = e;
    return WR_OK;
}

/* req's analysis from the solved table: its position is the table's mask S
 * (hm: the hints' masks in the table's numbering), req->to_move to move. */
static int analyse(const engine *e, const codenames_request *req, const uint32_t *hm, uint32_t S,
                   codenames_result *res, wr_error *err)
{
    int h, h2, K, t = req->to_move;
    double best;
    int64_t work = 0;

    res->unrevealed = malloc(sizeof(int) * (size_t)req->nhints);
    res->legal = malloc(sizeof(int) * (size_t)req->nhints);
    res->same_as = malloc(sizeof(int) * (size_t)req->nhints);
    res->values = malloc(sizeof(double) * CODENAMES_MAX_N * (size_t)req->nhints);
    if (!res->unrevealed || !res->legal || !res->same_as || !res->values) {
        codenames_result_free(res);
        return wr_fail_nomem(err);
    }
    res->free_cards = e->F - wr_popcount32(S);
    res->answer = cn_get(e, S, t);
    for (h = 0; h < req->nhints; h++) { /* hint by hint, in input order */
        double *vals = res->values + (size_t)h * CODENAMES_MAX_N;
        uint32_t U = hm[h] & ~S;
        res->unrevealed[h] = wr_popcount32(U);
        res->same_as[h] = -1;
        for (h2 = 0; h2 < h && U && res->same_as[h] < 0; h2++)
            if ((hm[h2] & ~S) == U) res->same_as[h] = h2;
        for (K = 0; K < CODENAMES_MAX_N; K++) vals[K] = NAN;
        res->legal[h] = U && cn_eval_hint(e, S, t, U, vals, &work, NULL) >= 0;
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
    if (res->best_hint >= 0) turn_outcomes(e, S, t, hm[res->best_hint] & ~S, res->best_k, &res->outcomes);
    return WR_OK;
}

static void result_init(const codenames_request *req, codenames_result *res, wr_error *err)
{
    memset(res, 0, sizeof *res);
    res->best_hint = -1;
    res->own_hints_only = req->own_hints_only != 0;
    wr_error_clear(err);
}

static int solve_with(const codenames_request *req, const wr_options *opt, codenames_result *res,
                      wr_error *err, int reference, int threads)
{
    engine *e;
    int bit[CODENAMES_MAX_N], rc;
    uint32_t hm[CODENAMES_MAX_HINTS];

    result_init(req, res, err);
    rc = table_solve(req, opt, err, reference, threads, &e, bit, hm, &res->states);
    if (!rc) rc = analyse(e, req, hm, 0, res, err);
    engine_free(e);
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

int64_t codenames_tables_differ(const codenames_request *req, const wr_options *opt, int threads)
{
    engine *a = NULL, *b = NULL;
    int bit[CODENAMES_MAX_N];
    uint32_t hm[CODENAMES_MAX_HINTS];
    int64_t states, at = -2, i, n;
    wr_error err;
    if (table_solve(req, opt, &err, 0, threads < 1 ? 1 : threads, &a, bit, hm, &states) == WR_OK &&
        table_solve(req, opt, &err, 1, 1, &b, bit, hm, &states) == WR_OK) {
        n = (int64_t)2 << a->FS; /* the stored values: every mask below 2^FS, both teams */
        for (at = -1, i = 0; i < n && at < 0; i++) {
            double x = cn_get(a, (uint32_t)(i >> 1), (int)(i & 1)), y = cn_get(b, (uint32_t)(i >> 1), (int)(i & 1));
            if (memcmp(&x, &y, sizeof x) != 0) at = i;
        }
        if (at == -1 && cn_values_misfiled(a->vals)) at = -3;
    }
    engine_free(a);
    engine_free(b);
    return at;
}

int codenames_solve_lanes(const codenames_request *req)
{
    int bit[CODENAMES_MAX_N], FS, lanes;
    free_index(req, bit, &FS, &lanes, 0);
    return 1 << lanes;
}

/* ------------------------------------------------------------ kept tables */

struct codenames_table {
    engine *e;
    codenames_request req; /* the board it solved */
    int bit[CODENAMES_MAX_N];
    uint32_t hm[CODENAMES_MAX_HINTS];
};

/* Whether req is tb's board later in the game, and its mask S there: the
 * same cards, identities, hints (in order) and rule, and the same cards
 * revealed and more, each of them in some hint (a card in no hint is no
 * position of the table). Words and labels may differ: they decide nothing. */
static int later_position(const codenames_table *tb, const codenames_request *req, uint32_t *S)
{
    const codenames_request *old = &tb->req;
    int i, h;
    if (req->n != old->n || req->nhints != old->nhints || (req->own_hints_only != 0) != (old->own_hints_only != 0))
        return 0;
    *S = 0;
    for (i = 0; i < req->n; i++) {
        if (req->ident[i] != old->ident[i] || (old->revealed[i] && !req->revealed[i])) return 0;
        if (req->revealed[i] && !old->revealed[i]) {
            /* parse refuses a revealed assassin (the game is over); a caller's request is checked too */
            if (tb->bit[i] < 0 || tb->bit[i] >= tb->e->FS) return 0;
            *S |= (uint32_t)1 << tb->bit[i];
        }
    }
    for (h = 0; h < req->nhints; h++)
        if (req->hints[h].ncards != old->hints[h].ncards ||
            memcmp(req->hints[h].cards, old->hints[h].cards, (size_t)req->hints[h].ncards) != 0)
            return 0;
    return 1;
}

/* The non-terminal positions a solve of the table's position S counts:
 * (mask, team) over the stored cards still free, less the masks where a
 * team that can be wiped out is (inclusion-exclusion). */
static int64_t states_at(const engine *e, uint32_t S)
{
    int m = e->FS - wr_popcount32(S), r0 = wr_popcount32(e->own[0] & ~S), r1 = wr_popcount32(e->own[1] & ~S);
    int64_t n = (int64_t)1 << m;
    if (!e->hidden[0]) n -= (int64_t)1 << (m - r0);
    if (!e->hidden[1]) n -= (int64_t)1 << (m - r1);
    if (!e->hidden[0] && !e->hidden[1]) n += (int64_t)1 << (m - r0 - r1);
    return 2 * n;
}

int codenames_solve_keep(const codenames_request *req, const wr_options *opt, codenames_result *res,
                         wr_error *err, codenames_table **table, int *reused)
{
    codenames_table *tb = *table;
    uint32_t S;
    int rc;

    result_init(req, res, err);
    if (reused) *reused = 0;
    if (tb && later_position(tb, req, &S)) {
        /* the budget as a fresh solve's: an answer never depends on what came before */
        if ((rc = check_budget(req, opt, err)) != WR_OK) return rc;
        res->states = states_at(tb->e, S);
        if (reused) *reused = 1;
        return analyse(tb->e, req, tb->hm, S, res, err);
    }
    codenames_table_free(tb);
    *table = tb = malloc(sizeof *tb);
    if (!tb) return wr_fail_nomem(err);
    tb->req = *req;
    rc = table_solve(req, opt, err, 0, 0, &tb->e, tb->bit, tb->hm, &res->states);
    if (!rc) {
        free_plans(tb->e);
        rc = analyse(tb->e, req, tb->hm, 0, res, err);
    }
    if (rc) {
        codenames_table_free(tb);
        *table = NULL;
    }
    return rc;
}

double codenames_table_bytes(const codenames_table *tb)
{
    return tb ? (double)sizeof *tb + sizeof(engine) + sizeof(cn_values) + cn_values_bytes(tb->e->FS, tb->e->vals->L) -
                    cn_values_dict_bytes(NULL, tb->e->vals->L) + cn_values_dict_bytes(tb->e->vals, 0)
              : 0;
}

void codenames_table_free(codenames_table *tb)
{
    if (!tb) return;
    engine_free(tb->e);
    free(tb);
}

double codenames_answer(const codenames_result *res) { return res->answer; }

double codenames_value(const codenames_result *res, int h, int k)
{
    if (h < 0 || !res->values || !res->legal[h] || k < 1 || k > res->unrevealed[h]) return NAN;
    return res->values[(size_t)h * CODENAMES_MAX_N + k - 1];
}
