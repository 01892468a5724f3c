/* rolls.c — battles cut short and the length of a battle (dice.h): every
 * state carries a vector over rolls, pushed through its transitions in the
 * forward pass's order (decreasing (u1, u2)).
 *
 * For a state s, f_s(r) is the probability of arriving in s at roll r (the
 * start state at roll 0) and h_s(r) the probability of being in s after r
 * rolls. A state is left for good by its first roll that changes anything,
 * so h_s(r) = f_s(r) + P00_s h_s(r-1) and f_s'(r+1) += P_s(x,y) h_s(r) for
 * (x,y) != (0,0); a state's vector is complete once every state above it is
 * done. Terminal states (a side at 0) only collect arrivals. Rolls 0..H run
 * in blocks of B rolls (a vector holds one block and a carry), each block a
 * pass over the columns' transitions (solve.c). Cost per block: B multiply-
 * adds per transition, sum_{u1,u2} (u1+1)(u2+1) ~ U1^2 U2^2 / 4 of them. */
#include <string.h>

#include "internal.h"

void rolls_plan(const dice_request *req, int *H, int *B)
{
    double t1 = (double)req->units[0] * (req->units[0] + 3) / 2,
           t2 = (double)req->units[1] * (req->units[1] + 3) / 2, h;
    if (req->rolls > 0) {
        *H = req->rolls;
        *B = req->rolls + 1; /* one block: rolls 0..R */
        return;
    }
    h = DICE_OVER_WORK / (t1 * t2);
    if (h > DICE_OVER_CAP) h = DICE_OVER_CAP;
    if (h < DICE_OVER_BLOCK) h = DICE_OVER_BLOCK;
    *H = (int)h;
    *B = DICE_OVER_BLOCK;
}

static double *vec(const solver *s, int u1, int u2)
{
    return s->rv + ((size_t)u1 * (size_t)(s->U2 + 1) + (size_t)u2) * ((size_t)s->B + 1);
}

/* t[k+1] += p * v[k], k = 0..n-1 */
static void push(double *restrict t, const double *restrict v, double p, int n)
{
    int k;
    for (k = 0; k + 3 < n; k += 4) {
        t[k + 1] += p * v[k];
        t[k + 2] += p * v[k + 1];
        t[k + 3] += p * v[k + 2];
        t[k + 4] += p * v[k + 3];
    }
    for (; k < n; k++) t[k + 1] += p * v[k];
}

int rolls_state(solver *s, int u1, int u2, const double *P, int stalemate)
{
    double *v, p00 = stalemate ? 1.0 : P[0];
    int k, x, y, B = s->B, n = s->H - s->T0 + 1; /* slots pushed: target rolls up to H */
    if (!B) return WR_OK; /* no per-roll vectors asked for */
    v = vec(s, u1, u2);
    for (k = 1; k <= B; k++) v[k] += p00 * v[k - 1];
    if (stalemate || n <= 0) return dice_tick(s, B);
    if (n > B) n = B;
    for (x = 0; x <= u1; x++) {
        const double *row = P + (size_t)x * (size_t)(u2 + 1);
        for (y = x == 0 ? 1 : 0; y <= u2; y++)
            if (row[y] != 0) push(vec(s, u1 - x, u2 - y), v, row[y], n);
    }
    return dice_tick(s, (double)(u1 + 1) * (u2 + 1) * n);
}

/* The outcomes after H rolls (rolls mode, last block): terminal states hold
 * every arrival up to H in slot 0, the others h(H) in slot H - T0 + 1. */
static void cut_short(const solver *s, dice_result *res)
{
    int u1, u2;
    res->win = res->draw = res->loss = res->still = 0;
    memset(res->survivors1, 0, sizeof(double) * (size_t)(s->U1 + 1));
    memset(res->survivors2, 0, sizeof(double) * (size_t)(s->U2 + 1));
    for (u1 = 0; u1 <= s->U1; u1++)
        for (u2 = 0; u2 <= s->U2; u2++) {
            const double *v = vec(s, u1, u2);
            double p = u1 > 0 && u2 > 0 ? v[s->H - s->T0 + 1] : v[0];
            if (u1 > 0 && u2 > 0) res->still += p;
            else if (u1 > 0) res->win += p;
            else if (u2 > 0) res->loss += p;
            else res->draw += p;
            res->survivors1[u1] += p;
            res->survivors2[u2] += p;
        }
}

void rolls_block_end(solver *s, dice_result *res, int *more)
{
    int B = s->B, T0 = s->T0, last = T0 + B - 1 < s->H ? T0 + B - 1 : s->H, u1, u2, k, r;
    double *over = res->over_within, cum = s->over_cum;
    /* arrivals at the terminal states, per roll (roll 0 has none) */
    for (u1 = 0; u1 <= s->U1; u1++)
        for (u2 = 0; u2 <= (u1 == 0 ? s->U2 : 0); u2++) {
            double *v = vec(s, u1, u2);
            for (k = T0 == 0 ? 2 : 1; k <= last - T0 + 1; k++) {
                over[T0 + k - 2] += v[k];
                v[0] += v[k];
            }
        }
    for (r = T0 > 1 ? T0 : 1; r <= last; r++) {
        cum += over[r - 1];
        over[r - 1] = cum;
        if (!res->n_over && cum >= DICE_OVER_SHARE * s->ended) res->n_over = r;
    }
    s->over_cum = cum;
    *more = last < s->H && (res->rolls > 0 || !res->n_over);
    if (*more) {
        /* next block: the carry is the last h; arrivals start afresh */
        for (u1 = 0; u1 <= s->U1; u1++)
            for (u2 = 0; u2 <= s->U2; u2++) {
                double *v = vec(s, u1, u2);
                if (u1 > 0 && u2 > 0) v[0] = v[B];
                memset(v + 1, 0, sizeof(double) * (size_t)B);
            }
        s->T0 += B;
        return;
    }
    if (!res->n_over) res->n_over = last;
    if (res->rolls > 0) cut_short(s, res);
}
