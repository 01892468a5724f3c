/* solve.c — the Codenames solver: the bottom-up solve over revealed-card
 * masks (see codenames.h), the root's value of every hint and K, and the
 * recommended hint's outcomes. */
#include "codenames.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"

typedef struct engine {
    int F;                  /* free cards */
    int FS;                 /* free cards but assassins: stored masks are < 2^FS */
    uint32_t full;          /* all FS bits: the largest stored mask */
    uint32_t own[2];        /* free agents of each team */
    uint32_t assassin;      /* free assassins */
    int hidden[2];          /* unrevealed agents in no hint: that team can never be wiped out */
    int own_hints_only;
    int nd;                 /* distinct non-empty hint masks */
    uint32_t *dmask;
    double *V;              /* V[t][S] at V[2 S + t]: a turn reads both teams' entries of the same masks */
    double C[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1];
    double wmiss[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1]; /* [u][j] = 1/(u C(u-1,j)) */
    double wstop[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1]; /* [u][k] = 1/C(u,k) */
} engine;

#define HASH_BITS 9 /* 512 slots for at most 200 hints: probes stay short */

static int wiped(const engine *e, int t, uint32_t T)
{
    return !e->hidden[t] && (T & e->own[t]) == e->own[t];
}

/* The free-card numbering: card i of the board -> bit (or -1). Free
 * assassins take the top bits, so the stored masks are those below
 * 2^(F - assassins): a mask with an assassin is terminal and never stored.
 * Returns F; *stored gets F minus the free assassins. */
static int free_index(const codenames_request *req, int *bit, int *stored)
{
    int i, h, k, F = 0, pass;
    unsigned char covered[CODENAMES_MAX_N] = {0};
    for (h = 0; h < req->nhints; h++)
        for (k = 0; k < req->hints[h].ncards; k++) covered[req->hints[h].cards[k]] = 1;
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < req->n; i++) {
            if (pass == 0) bit[i] = -1;
            if (covered[i] && !req->revealed[i] && (req->ident[i] == 'A') == pass) bit[i] = F++;
        }
        if (pass == 0) *stored = F;
    }
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
    int bit[CODENAMES_MAX_N], FS;
    free_index(req, bit, &FS);
    return 2.0 * 8.0 * ldexp(1.0, FS)                            /* V */
           + (double)sizeof(engine) + 4.0 * CODENAMES_MAX_HINTS /* engine, masks */
           + (double)req->nhints * (3.0 * sizeof(int) + 8.0 * CODENAMES_MAX_N); /* result */
}

static void engine_init(engine *e, const codenames_request *req, int own_hints_only)
{
    int bit[CODENAMES_MAX_N], i, j, u;
    memset(e, 0, sizeof *e);
    e->own_hints_only = own_hints_only;
    e->F = free_index(req, bit, &e->FS);
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

/* The value of hint U (unrevealed cards, non-empty) for team t at S, for
 * every K: writes vals[K-1] for K = 1..u when vals is not NULL and returns
 * the maximum, or -1 when the hint is illegal under the rule. *work gets the
 * table reads done. */
static double eval_hint(const engine *e, uint32_t S, int t, uint32_t U, double *vals, int64_t *work)
{
    const double *O = e->V + (1 - t); /* O[2 T] = V[1-t][T] */
    uint32_t ownU = U & e->own[t], nonU = U & ~e->own[t] & ~e->assassin, A, cm[CODENAMES_MAX_N];
    int a = wr_popcount32(ownU), ns = wr_popcount32(nonU), na = wr_popcount32(U & e->assassin);
    int n = ns + na, u = a + n, i, j, K, kmax;
    double Xs[CODENAMES_MAX_N + 1], Ys[CODENAMES_MAX_N + 1], prefix = 0, best = 0;

    if (e->own_hints_only && a == 0) return -1;
    for (j = 0; j <= a; j++) Xs[j] = Ys[j] = 0; /* only what is used: this runs ~10^8 times */
    for (i = 0, A = nonU; A; A &= A - 1) cm[i++] = A & (~A + 1);
    for (A = ownU;; A = (A - 1) & ownU) {
        uint32_t T = S | A;
        double x = 0;
        j = wr_popcount32(A);
        if (A) Ys[j] += O[2 * (size_t)T];
        for (i = 0; i < ns; i++) x += O[2 * (size_t)(T | cm[i])];
        /* an assassin miss: worth 0 to t (opponent's value 1), unless A
         * already won, which makes the miss a stand-in worth 1 */
        if (na && !wiped(e, t, T)) x += na;
        Xs[j] += x;
        if (!A) break;
    }
    *work += ((int64_t)1 << a) * (ns + 1);
    /* Xs, Ys hold sums of the opponent's values; the mover's are 1 - those. */
    kmax = a + 1 < u ? a + 1 : u;
    for (K = 1; K <= kmax; K++) {
        double v;
        prefix += (n * e->C[a][K - 1] - Xs[K - 1]) * e->wmiss[u][K - 1];
        v = prefix + (K <= a ? (e->C[a][K] - Ys[K]) * e->wstop[u][K] : 0);
        if (vals) vals[K - 1] = v;
        if (K == 1 || v > best) best = v;
    }
    if (vals)
        for (K = kmax + 1; K <= u; K++) vals[K - 1] = vals[kmax - 1];
    return best;
}

/* Value of a terminal mask for the team u "to move" there, or -1 when the
 * game goes on. Chosen so that 1 - V[1-t][T] is the value, to t, of t's
 * turn ending at T: see the header. */
static double terminal_value(const engine *e, int u, uint32_t T)
{
    if (wiped(e, 1 - u, T)) return 0;
    if (wiped(e, u, T) || (T & e->assassin)) return 1;
    return -1;
}

static int solve_all(engine *e, const wr_options *opt, int64_t *states)
{
    uint32_t keys[1u << HASH_BITS], stamp[1u << HASH_BITS], U[CODENAMES_MAX_HINTS];
    uint32_t S, iter = 0;
    int64_t work = 0, next_check = (int64_t)1 << 18;
    double total = ldexp(1.0, e->FS);

    memset(stamp, 0, sizeof stamp);
    S = e->full;
    for (;;) {
        double t0 = terminal_value(e, 0, S);
        iter++;
        if (t0 >= 0) {
            e->V[2 * (size_t)S] = t0;
            e->V[2 * (size_t)S + 1] = terminal_value(e, 1, S);
        } else {
            int nu = 0, d, t, q;
            for (d = 0; d < e->nd; d++) {
                uint32_t x = e->dmask[d] & ~S, slot;
                if (!x) continue;
                slot = (x * 2654435761u) >> (32 - HASH_BITS);
                while (stamp[slot] == iter && keys[slot] != x) slot = (slot + 1) & ((1u << HASH_BITS) - 1);
                if (stamp[slot] == iter) continue; /* same unrevealed set as an earlier hint */
                stamp[slot] = iter;
                keys[slot] = x;
                U[nu++] = x;
            }
            for (t = 0; t < 2; t++) {
                double best = 0; /* no legal hint: the team to move loses */
                for (q = 0; q < nu; q++) {
                    double v = eval_hint(e, S, t, U[q], NULL, &work);
                    if (v > best) best = v;
                }
                e->V[2 * (size_t)S + t] = best;
            }
            *states += 2;
            work += nu;
        }
        if (work >= next_check || (iter & 0xffffu) == 0) {
            next_check = work + ((int64_t)1 << 18);
            if (wr_progress(opt, (double)(e->full - S) + 1, total)) return WR_ECANCELLED;
        }
        if (S == 0) break;
        S--;
    }
    return WR_OK;
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

int codenames_solve(const codenames_request *req, const wr_options *opt, codenames_result *res,
                    wr_error *err)
{
    engine *e;
    int bit[CODENAMES_MAX_N], h, h2, K, t = req->to_move, rc, stored;
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
    engine_init(e, req, res->own_hints_only);
    free_index(req, bit, &stored);
    cells = (size_t)1 << e->FS;
    e->dmask = malloc(sizeof(uint32_t) * CODENAMES_MAX_HINTS);
    e->V = malloc(sizeof(double) * 2 * cells);
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
    rc = solve_all(e, opt, &res->states);
    if (rc) {
        wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
        goto out;
    }
    res->answer = e->V[t];

    /* The root, hint by hint, in input order. */
    for (h = 0; h < req->nhints; h++) {
        double *vals = res->values + (size_t)h * CODENAMES_MAX_N;
        res->unrevealed[h] = wr_popcount32(hm[h]);
        res->same_as[h] = -1;
        for (h2 = 0; h2 < h && hm[h] && res->same_as[h] < 0; h2++)
            if (hm[h2] == hm[h]) res->same_as[h] = h2;
        for (K = 0; K < CODENAMES_MAX_N; K++) vals[K] = NAN;
        res->legal[h] = hm[h] && eval_hint(e, 0, t, hm[h], vals, &work) >= 0;
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
    free(e);
    if (rc) codenames_result_free(res);
    return rc;
}

double codenames_answer(const codenames_result *res) { return res->answer; }

double codenames_value(const codenames_result *res, int h, int k)
{
    if (h < 0 || !res->values || !res->legal[h] || k < 1 || k > res->unrevealed[h]) return NAN;
    return res->values[(size_t)h * CODENAMES_MAX_N + k - 1];
}
