/* masks.c — the plain evaluation of a hint at a mask (eval_hint, the
 * formula of codenames.h term by term) and the solve that runs it mask by
 * mask: the reference the fast solve (pairs_impl.h) matches bit for bit, and the
 * solve of a board with no free bystander. */
#include <math.h>
#include <string.h>

#include "common/bits.h"
#include "internal.h"

/* eval_hint's sums X_j (Xs) and Y_j (Ys) over the sub-masks A of ownU in
 * own_walk's order. ordered: the agents are numbered in board order
 * (e->agents_in_order), so that order is (A - 1) & ownU's, without the
 * walk's set-up (codenames-15, on this path: 0.84 of the walk's time). */
static inline __attribute__((always_inline)) void eval_sums(const engine *e, uint32_t S, int t, uint32_t ownU,
                                                            const uint32_t *cm, int ns, int na, double *Xs,
                                                            double *Ys, int ordered, const double *lane1)
{
    /* lane1: the values of S's entry already solved (its fuller masks), not yet in the table */
#define READ(T) (lane1 && ((T) >> e->lanes) == (S >> e->lanes) ? lane1[2 * ((T) & lanes) + 1 - t] : cn_get(e, T, 1 - t))
    uint32_t lanes = (1u << e->lanes) - 1;
    own_order w;
    uint32_t A = ownU, m = ordered ? 0 : own_walk(e, ownU, &w);
    int i, j;
    for (;;) {
        uint32_t T = S | A;
        double x = 0;
        j = wr_popcount32(A);
        if (A) Ys[j] += READ(T);
        for (i = 0; i < ns; i++) x += READ(T | cm[i]);
        /* an assassin miss: worth 0 to t (opponent's value 1), unless A
         * already won, which makes the miss a stand-in worth 1 */
        if (na && !wiped(e, t, T)) x += na;
        Xs[j] += x;
        if (ordered ? !A : !m) break;
        A = ordered ? (A - 1) & ownU : own_next(&w, m--, A);
    }
#undef READ
}

/* The value of hint U (unrevealed cards, non-empty) for team t at S, for
 * every K: writes vals[K-1] for K = 1..u when vals is not NULL and returns
 * the maximum, or -1 when the hint is illegal under the rule. *work gets the
 * table reads done. lane1: NULL, or V[0..1] at the masks of S's entry,
 * lane1[2 l + t] for lane l (pairs_impl.h, finish_pair), for the lanes
 * fuller than S's, not yet in the table. */
double cn_eval_hint(const engine *e, uint32_t S, int t, uint32_t U, double *vals, int64_t *work,
                    const double *lane1)
{
    uint32_t ownU = U & e->own[t], nonU = U & ~e->own[t] & ~e->assassin, cm[CODENAMES_MAX_N];
    int a = wr_popcount32(ownU), ns = wr_popcount32(nonU), na = wr_popcount32(U & e->assassin);
    int n = ns + na, u = a + n, j, K, kmax;
    double Xs[CODENAMES_MAX_N + 1], Ys[CODENAMES_MAX_N + 1], prefix = 0, best = 0;

    if (e->own_hints_only && a == 0) return -1;
    if (a < 6) { /* straight stores: a loop here becomes a slow "rep stos" memset */
        Xs[0] = Xs[1] = Xs[2] = Xs[3] = Xs[4] = Xs[5] = 0;
        Ys[0] = Ys[1] = Ys[2] = Ys[3] = Ys[4] = Ys[5] = 0;
    } else {
        for (j = 0; j <= a; j++) Xs[j] = Ys[j] = 0;
    }
    board_order(e, nonU, cm);
    if (e->agents_in_order) eval_sums(e, S, t, ownU, cm, ns, na, Xs, Ys, 1, lane1);
    else eval_sums(e, S, t, ownU, cm, ns, na, Xs, Ys, 0, lane1);
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

/* The distinct non-empty unrevealed sets at S of the n hint masks d[]:
 * hints with the same unrevealed set are evaluated once. */
int cn_distinct_sets(const uint32_t *d, int n, uint32_t S, uint32_t *U, uint32_t *keys,
                         uint32_t *stamp, uint32_t iter)
{
    int nu = 0, i;
    for (i = 0; i < n; i++) {
        uint32_t x = d[i] & ~S, slot;
        if (!x) continue;
        slot = (x * 2654435761u) >> (32 - CN_HASH_BITS);
        while (stamp[slot] == iter && keys[slot] != x) slot = (slot + 1) & ((1u << CN_HASH_BITS) - 1);
        if (stamp[slot] == iter) continue;
        stamp[slot] = iter;
        keys[slot] = x;
        U[nu++] = x;
    }
    return nu;
}

/* Terminal masks: 1 when S is terminal (both teams' values stored). */
int cn_store_terminal(const engine *e, uint32_t S)
{
    double t0 = terminal_value(e, 0, S);
    if (t0 < 0) return 0;
    cn_set(e, S, 0, t0);
    cn_set(e, S, 1, terminal_value(e, 1, S));
    return 1;
}

/* The same for the entry of S (its lanes 0: L lane bits) when its masks
 * are terminal together (the lane cards are bystanders: pairs_impl.h), all
 * at once. */
int cn_store_terminal_pair(const engine *e, cn_cache *cache, uint32_t S, int L)
{
    double x[CN_MAX_LANES];
    int t;
    uint32_t l;
    if (terminal_value(e, 0, S) < 0) return 0;
    for (t = 0; t < 2; t++) {
        for (l = 0; l < 1u << L; l++) x[l] = terminal_value(e, t, S | l);
        cn_put(e, cache, S, t, x, L);
    }
    return 1;
}

/* The test reference, and the solve when no bystander is free: mask by
 * mask from the full mask down, every hint through eval_hint. */
int cn_solve_masks(engine *e, const wr_options *opt, int64_t *states)
{
    uint32_t keys[1u << CN_HASH_BITS], stamp[1u << CN_HASH_BITS], U[CODENAMES_MAX_HINTS];
    uint32_t S, iter = 0;
    int64_t work = 0, next_check = (int64_t)1 << 18;
    double total = ldexp(1.0, e->FS);

    memset(stamp, 0, sizeof stamp);
    S = e->full;
    for (;;) {
        iter++;
        if (!cn_store_terminal(e, S)) {
            int nu = cn_distinct_sets(e->dmask, e->nd, S, U, keys, stamp, iter), t, q;
            for (t = 0; t < 2; t++) {
                double best = 0; /* no legal hint: the team to move loses */
                for (q = 0; q < nu; q++) {
                    double v = cn_eval_hint(e, S, t, U[q], NULL, &work, NULL);
                    if (v > best) best = v;
                }
                cn_set(e, S, t, cn_cap(best));
            }
            *states += 2;
            work += nu;
        }
        if (work >= next_check || (iter & 0xffffu) == 0) {
            int failed = wr_atomic_get(&e->vals->failed);
            if (failed) return failed;
            next_check = work + ((int64_t)1 << 18);
            if (wr_progress(opt, (double)(e->full - S) + 1, total)) return WR_ECANCELLED;
        }
        if (S == 0) break;
        S--;
    }
    return wr_atomic_get(&e->vals->failed);
}

