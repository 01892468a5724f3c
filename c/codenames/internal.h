/* internal.h — what the Codenames files share (private: only c/codenames/
 * includes it). The game, the states and the algorithm are in codenames.h;
 * this header holds the engine state, the table layout and the plans.
 *
 * Files: parse.c (contest text), solve.c (card numbering, the public solve
 * and the root's analysis), masks.c (the plain evaluation of a hint and the
 * mask-by-mask solve: the reference), pairs.c (the fast solve: pairs of
 * masks, plans, threads) with plan_eval.h (its evaluation of a plan,
 * included twice), json.c (JSON and the CLI's run). */
#ifndef WR_CODENAMES_INTERNAL_H
#define WR_CODENAMES_INTERNAL_H

#include <stdint.h>

#include "codenames.h"
#include "common/solve.h"

#define CN_HASH_BITS 9 /* cn_distinct_sets: 512 slots for at most 200 hints, probes stay short */
#define PLAN_CARDS 6 /* hints of up to this many free cards get plans */
#define BLOCK_BITS 5 /* pairs.c: a block is 2^BLOCK_BITS pairs, bits 1..BLOCK_BITS (solve_block) */

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
    int lanes;              /* bit 0 is a bystander: masks S and S|1 are solved side by side */
    unsigned char place[32]; /* bit -> its card's place on the board (board_order) */
    int agents_in_order;    /* the free agents' bits go in board order: own_walk's order is (A - 1) & own's */
    int blocks;             /* pairs.c: pairs solved in blocks (solve_block) */
    uint32_t block_hints[CODENAMES_MAX_HINTS]; /* distinct hint masks evaluated block by block (no bit of a block), */
    uint32_t pair_hints[CODENAMES_MAX_HINTS];  /* pair by pair (see solve_pair), */
    uint32_t pair_cover[CODENAMES_MAX_HINTS];  /* bit h: pair h of a block holds all pair_hints[q]'s block cards */
    uint32_t one_hints[CODENAMES_MAX_HINTS];   /* and mask by mask: holding bit 0, or big */
    int nb, np, no;
    uint64_t *ones[2];      /* pairs.c, blocks: bit S of ones[t] = V[t][S] is 1 (note_one) */
    struct plan *plans;     /* [2 id + t]: every non-empty subset (id) of a small pair hint */
    uint32_t *words;        /* the plans' table offsets */
    uint32_t *map_key;      /* open addressing: subset -> id */
    int32_t *map_id;
    uint32_t map_mask;
    int map_shift;
    int nids;
    double *V;              /* V[t][S] at V[vi(S, t)] */
    double C[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1];
    double wmiss[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1]; /* [u][j] = 1/(u C(u-1,j)) */
    double wstop[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1]; /* [u][k] = 1/C(u,k) */
} engine;


/* A turn's reads, worked out once per unrevealed set U and team t: the
 * sub-masks A of U's own agents in eval_hint's order (own down to 0), stably
 * sorted by size |A| = 0, 1, .., a, each as the word A followed by ns words
 * A | c, one per non-assassin miss c. Sums of equal size then run in
 * eval_hint's order (the same values, bit for bit) and need no zeroed array. */
typedef struct plan {
    uint32_t set; /* U */
    uint32_t own; /* U's own agents: when they are all t has left, A = own wins */
    uint32_t off; /* first word */
    unsigned char a, ns, na, legal;
    unsigned char shape; /* pairs.c: its SHAPES index, or GENERIC */
} plan;

/* Where V[t][S] is stored: masks S and S|1 side by side per team,
 *     V[4 (S >> 1) + 2 t + (S & 1)],
 * so that one 16-byte load reads a team's values of both masks of a pair. */
static inline size_t vi(uint32_t S, int t)
{
    return ((size_t)(S >> 1) << 2) | ((size_t)t << 1) | (S & 1u);
}

/* The cards of set x in board order, as a list of single bits (an
 * insertion sort by place: a turn has a few); returns how many. A turn's
 * sums run in board order (its misses in this order, the sets of its own
 * agents in own_walk's), never in the order of the bits, so no value depends
 * on the card numbering (solve.c, free_index): the solve of a later
 * position, numbered afresh, gives the bits of the earlier position's table
 * (the kept tables), and the values are the same bits as those of the
 * builds that numbered the agents in board order. */
static inline int board_order(const engine *e, uint32_t x, uint32_t *out)
{
    int n = 0, i;
    for (; x; x &= x - 1) {
        uint32_t b = x & (~x + 1);
        int at = e->place[__builtin_ctz(b)];
        for (i = n; i > 0 && e->place[__builtin_ctz(out[i - 1])] > at; i--) out[i] = out[i - 1];
        out[i] = b;
        n++;
    }
    return n;
}

/* The sub-masks A of own (a team's agents) in the order a turn sums over
 * them: numbered m = 2^a - 1 down to 0, where bit i of m is own's i-th card
 * in board order (with the agents numbered in board order, A = (A - 1) &
 * own from own down to 0). A walk:
 *     for (A = own, m = own_walk(e, own, &w);; A = own_next(&w, m, A), m--) { ..; if (!m) break; } */
typedef struct own_order {
    uint32_t card[CODENAMES_MAX_N];      /* own's cards in board order */
    uint32_t below[CODENAMES_MAX_N + 1]; /* [i]: cards 0..i-1 */
} own_order;

/* Returns the first number, 2^a - 1. */
static inline uint32_t own_walk(const engine *e, uint32_t own, own_order *w)
{
    int a = board_order(e, own, w->card), i;
    w->below[0] = 0;
    for (i = 0; i < a; i++) w->below[i + 1] = w->below[i] | w->card[i];
    return (uint32_t)(((uint64_t)1 << a) - 1);
}

/* The sub-mask numbered m - 1, from A, numbered m > 0: m's lowest bit z
 * cleared, the bits below it set. */
static inline uint32_t own_next(const own_order *w, uint32_t m, uint32_t A)
{
    int z = __builtin_ctz(m);
    return (A & ~w->card[z]) | w->below[z];
}

/* A state's stored value: the best hint's, capped at 1. A sure win can
 * come out a rounding above 1; capped, it is 1 whatever hint gave it, so a
 * solve may stop at the first hint worth 1 (pairs.c) and still store the
 * same bits as one that evaluates every hint (masks.c). */
static inline double cn_cap(double best)
{
    return best > 1.0 ? 1.0 : best;
}

static inline int wiped(const engine *e, int t, uint32_t T)
{
    return !e->hidden[t] && (T & e->own[t]) == e->own[t];
}

/* masks.c */
double cn_eval_hint(const engine *e, uint32_t S, int t, uint32_t U, double *vals, int64_t *work);
int cn_store_terminal(const engine *e, uint32_t S);
int cn_distinct_sets(const uint32_t *d, int n, uint32_t S, uint32_t *U, uint32_t *keys, uint32_t *stamp,
                     uint32_t iter);
int cn_solve_masks(engine *e, const wr_options *opt, int64_t *states);

/* pairs.c */
double cn_plan_bytes(int k);
int cn_build_plans(engine *e);
int cn_solve_pairs(engine *e, const wr_options *opt, int threads, int64_t *states);

#endif
