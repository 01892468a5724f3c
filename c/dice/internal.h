/* internal.h — what the Battle Dice files share (private: only c/dice/
 * includes it): the die summaries, player one's joint totals, the (s, t)
 * column the solver steps, and the solver state. The game, the algorithm
 * and the JSON are described in dice.h.
 *
 * Files: parse.c (contest text), kernel.c (a die's distinct faces, the joint
 * pmf of player one's rolls, the column step with its gather taps), solve.c
 * (the solver: sizes, budget, backward and forward passes, the result),
 * rolls.c (the per-roll vectors: battles cut short, the battle's length),
 * json.c (JSON and the CLI's run). */
#ifndef WR_DICE_INTERNAL_H
#define WR_DICE_INTERNAL_H

#include <stddef.h>

#include "common/workspace.h"
#include "dice.h"

/* Cells below this at the edge of a row are dropped (and counted). */
#define DICE_TAU_FAST 1e-30
/* Floor used by the exact rerun: only denormal-range cells go. */
#define DICE_TAU_EXACT 1e-300
/* The error bound above which the fast run is redone exactly. */
#define DICE_MAX_DROPPED 1e-12
/* Units of work (cells touched) between progress calls. */
#define DICE_PROGRESS_WORK 65536.0

/* A die as a list of distinct (attack, defence) faces with probabilities. */
typedef struct dist {
    int n;
    int a[DICE_MAX_FACES], d[DICE_MAX_FACES];
    double p[DICE_MAX_FACES];
    int amax, dmax, amin, dmin;
} dist;

/* Joint pmf of player one's defence (row) and attack (column) totals for k
 * dice; each row keeps the extent [lo, hi] of its non-dropped cells. */
typedef struct joint {
    int rows, cols;
    double *v, *w;
    int *lo, *hi, *lo2, *hi2;
    int rlo, rhi, k;
    double dropped;
} joint;

/* Row i holds s = i - off (off = dmax1*u1), the last row L = off + u1 is the
 * lump s >= u1; column j holds t = j, column 0 is the lump t <= 0. Each row
 * keeps its top extent hi, and every cell beyond it is 0 (in both buffers),
 * so the gather below can read past a row's end without tests. */
typedef struct column {
    int rows, width; /* width = amax1*U1 + 1 + DICE_MAX_ICONS: room for reads past hi */
    double *v, *w;   /* the current array and the next one */
    int *hv, *hw;    /* their rows' extents (-1: the row is all zero) */
    int off, L, rlo, u1;
    double dropped;
} column;

/* ---- sums the kernel and the solver share (inline: they run per state) ---- */

/* sum of a[0..n-1] with four partial sums: no serial add chain. */
static inline double sum_of(const double *a, int n)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k;
    for (k = 0; k + 3 < n; k += 4) {
        s0 += a[k];
        s1 += a[k + 1];
        s2 += a[k + 2];
        s3 += a[k + 3];
    }
    for (; k < n; k++) s0 += a[k];
    return (s0 + s1) + (s2 + s3);
}

/* sum of a[k] * b[-k], k = 0..n-1, with four partial sums. */
static inline double dot_rev(const double *a, const double *b, int n)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k;
    for (k = 0; k + 3 < n; k += 4) {
        s0 += a[k] * b[-k];
        s1 += a[k + 1] * b[-k - 1];
        s2 += a[k + 2] * b[-k - 2];
        s3 += a[k + 3] * b[-k - 3];
    }
    for (; k < n; k++) s0 += a[k] * b[-k];
    return (s0 + s1) + (s2 + s3);
}

/* ---- kernel.c ----------------------------------------------------------- */

void make_dist(const dice_die *die, dist *q);
int is_stalemate(const dist *q1, const dist *q2, int u1, int u2);
void joint_reset(joint *j);
double joint_step(joint *j, const dist *q, double tau);
void column_init(column *h, const joint *j, int u1, int dmax1);
double column_step(column *h, const dist *q, int floor_s, int ceil_t, double tau, int u2,
                          double *P);

typedef struct solver {
    const dice_request *req;
    const wr_options *opt;
    wr_error *err;
    dist q1, q2;
    int U1, U2;
    double tau;
    joint j;
    column h;
    wr_workspace ws; /* one allocation for every array below but the cache (solve.c layout) */
    double *W;      /* (U1+1)(U2+1): player one's win probability per state */
    double *P;      /* (U1+1)(U2+1) scratch */
    double *moving; /* analysis: 1 - P(0,0) per state, from the backward pass */
    double *colP;   /* forward pass without cache: one column's P tables */
    double *cache;  /* P tables of columns cache_from..U1, kept from the backward pass */
    int cache_from; /* U1 + 1: nothing cached */
    double work, next_progress, total_work, done_states, total_states;
    /* per-roll vectors (rolls.c): rolls 0..H in blocks of B; state i's
     * vector rv[i*(B+1) ..]: slot 0 the carry h(T0-1) (terminal states: the
     * arrivals so far), slot k the arrivals f, then the occupation h, of roll
     * T0+k-1 */
    double *rv;
    int H, B, T0;
    double ended;   /* P(the battle ever ends), from the forward pass */
    double over_cum; /* P(over within the last roll of the previous block) */
} solver;

/* ---- solve.c, for rolls.c ------------------------------------------------ */

int dice_tick(solver *s, double work);

/* ---- rolls.c ------------------------------------------------------------ */

/* The horizon H and block length B of the per-roll vectors for req. */
void rolls_plan(const dice_request *req, int *H, int *B);
/* State (u1, u2) of the current block: h from f, then pushed through its
 * transitions P (ignored for a stalemate). */
int rolls_state(solver *s, int u1, int u2, const double *P, int stalemate);
/* Ends a block: the outcomes of its rolls; *more when another block is due. */
void rolls_block_end(solver *s, dice_result *res, int *more);

#endif
