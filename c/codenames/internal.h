/* internal.h — what the Codenames files share (private: only c/codenames/
 * includes it). The game, the states and the algorithm are in codenames.h;
 * this header holds the engine state, the table layout and the plans.
 *
 * Files: parse.c (contest text), solve.c (card numbering, the public solve
 * and the root's analysis), values.c (the table of values: codes and their
 * dictionary), masks.c (the plain evaluation of a hint and the mask-by-mask
 * solve: the reference), pairs_impl.h (the fast solve: pairs of masks, plans,
 * threads) with plan_eval.h (its evaluation of a plan, included twice, and
 * natively by lane_eval.h twice more per width of a group of lanes),
 * json.c (JSON and the CLI's run), schedule.c (the order the threads take
 * the table in). pairs.c, quads.c and octs.c are pairs_impl.h with 1, 2
 * and 3 lane bits (LANE_BITS). */
#ifndef WR_CODENAMES_INTERNAL_H
#define WR_CODENAMES_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "codenames.h"
#include "common/solve.h"
#include "common/threads.h"

#define CN_HASH_BITS 9 /* cn_distinct_sets: 512 slots for at most 200 hints, probes stay short */
#define PLAN_CARDS 6 /* hints of up to this many free cards get plans */
/* pairs_impl.h: a block is 2^BLOCK_BITS pairs (quads.c: quads), its cards the
 * bits after the lane bits (solve_block).
 * Not kept (2026-11-27): 4, blocks of 16 pairs (zero_at shifting the ones
 * word by bit 5), with fewer pair hints (5 -> 4 and 10 -> 7 on the 25- and
 * 40-hint boards), made 1.07 and 1.06 of the instructions there
 * (cachegrind): the block hints, listed and checked for zeros once per 16
 * pairs, cost more than the pair hints saved (not split further). */
#define BLOCK_BITS 5

/* The table of values V[t][S] (values.c). Below for pairs (L = 1 lane bit);
 * with quads (L = 2, quads.c) the same with 4 masks S..S|3 an entry, a code
 * per quad and team, entries of 4 values (32 bytes), 16 sure codes: the
 * codes take half the memory. For each pair of masks S (even)
 * and S|1 and each team, a code c, kept in the table as its pair's byte
 * offset 16 c, code[2 (S >> 1) + t] (cn_put); code c stands for the pair
 * of values pairs[2c] (at S) and pairs[2c + 1] (at S|1). The offset saves
 * a read its shift: with plan_eval.h's first miss term, 0.96 of the
 * instructions natively on the 25- and 40-hint boards and 0.97 in WASM on
 * the 25-hint one (cachegrind, 2026-11-27); 0.98 of the time natively, 0.98
 * and 1.00 in WASM (noisy). A dictionary holds at most the table's codes
 * (2^FS + 2, FS <= 25) and the 4 sure pairs, so the offsets fit 32 bits
 * (values.c, grow). The
 * distinct pairs are few: 8 to 160 thousand on the 25-card bench boards,
 * for 2^24 pairs and teams. Codes 0..3 are the pairs of sure outcomes
 * (code 2a + b: a at S, b at S|1, each 0 or 1). The dictionary grows by
 * doubling (under a lock; with threads, built ahead outside it: values.c,
 * pregrow); a replaced one stays readable until
 * cn_values_quiesce (no thread holds it), and a pair never moves within
 * one, so a code read from the table is good in any dictionary a reader
 * holds (codes are read only once the level that wrote them is done, or by
 * the thread that wrote them). */
/* values an entry holds at most: lane bits L = 1 (pairs), 2 (quads) or,
 * natively with AVX-512, 3 (octs: octs.c) */
#if defined(__AVX512F__)
#define CN_MAX_LANES 8
#else
#define CN_MAX_LANES 4
#endif
/* L == 3 (octs), false at compile time in builds without them: their
 * 8-value branches below read past a 4-value entry, and GCC 12 (-Warray-bounds,
 * under -fprofile-use) warns where it cannot see that L is never 3 there */
#define CN_OCTS(L) (CN_MAX_LANES == 8 && (L) == 3)
/* a code's byte offset in the entries: code << cn_shift(L) */
static inline int cn_shift(int L)
{
    return L + 3; /* 2^L doubles */
}

static inline uint32_t cn_sure_codes(int L)
{
    return 1u << (1u << L); /* every entry of values 0 and 1 */
}
#define CN_CACHE_BITS 10 /* a thread's cache of codes: 1024 pairs, 24 KB (4096, 16384: same time, 2026-11-27) */

typedef struct cn_slot {
    double v[CN_MAX_LANES];
    uint32_t code;
} cn_slot;

/* The pairs a thread coded lately (most pairs are among a few hundred
 * common ones: 91% of the lookups on the 25-hint board hit it). */
typedef struct cn_cache {
    cn_slot s[1u << CN_CACHE_BITS];
} cn_cache;

/* One dictionary: room for cap pairs, and slots over them (2 cap, open
 * addressing), each set once to a code + 1 (0: none), under the lock: a
 * lookup needs no lock (cn_code_slow). */
typedef struct cn_dict {
    double *pairs;       /* double[2 cap] */
    wr_atomic_int *slot;
    uint32_t mask, cap;
} cn_dict;

typedef struct cn_values {
    int L;                /* lane bits: an entry holds the values of 2^L masks (internal.h, quads) */
    uint32_t *code;       /* code[2 (S >> 1) + t]: 16 times the code (a byte offset into the pairs) */
    wr_atomic_ptr dict;   /* the cn_dict now */
    wr_atomic_int failed; /* WR_ETOOBIG or WR_ENOMEM once a pair could not be coded */
    /* what a new pair writes, on cache lines of its own (from the table's
     * reads, which read dict) */
    _Alignas(64) uint32_t n; /* codes given */
    cn_dict *old[32];     /* replaced dictionaries, freed by cn_values_quiesce */
    int nold;
    double limit;         /* bytes the dictionaries may take */
    double held;          /* bytes they take: the one now and the replaced ones */
    double wanted;        /* the bytes it asked for when it outgrew them */
    wr_mutex lock;        /* taken to give a code */
    int locked;           /* lock was made */
    /* threads share the dictionary (cn_values_share; grown was made): the
     * next one is built before this one is full, outside the lock
     * (values.c, pregrow) */
    int share;
    int growing;          /* a thread is building it (under the lock) */
    wr_cond grown;        /* it was published, or its building failed */
} cn_values;

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
    int lanes;              /* lane bits: 1 when bit 0 is a bystander (S and S|1 solved side by side),
                             * 2 when bit 1 is one too (quads S..S|3), else 0 (mask by mask) */
    unsigned char place[32]; /* bit -> its card's place on the board (board_order) */
    int agents_in_order;    /* the free agents' bits go in board order: own_walk's order is (A - 1) & own's */
    int blocks;             /* pairs_impl.h: pairs solved in blocks (solve_block) */
    uint32_t block_hints[CODENAMES_MAX_HINTS]; /* distinct hint masks evaluated block by block (no bit of a block), */
    uint32_t pair_hints[CODENAMES_MAX_HINTS];  /* pair by pair (see solve_pair), */
    uint32_t pair_cover[CODENAMES_MAX_HINTS];  /* bit h: pair h of a block holds all pair_hints[q]'s block cards */
    uint32_t pair_in[CODENAMES_MAX_HINTS];     /* pair_hints[q]'s block cards, as bits 0..4 (a pair's h) */
    unsigned char pair_open[1 << BLOCK_BITS][CODENAMES_MAX_HINTS]; /* [h]: the q with a block card left at */
    unsigned char pair_nopen[1 << BLOCK_BITS];                     /* a block's pair h, and how many */
    unsigned char block_lane[CODENAMES_MAX_HINTS]; /* a lane hint's cards outside the lanes (lane_variant): */
    unsigned char pair_lane[CODENAMES_MAX_HINTS];  /* its lane cards, evaluated where those are revealed; 0 else */
    /* and mask by mask, at lane l (the masks S|l of an entry S): the small
     * hints with a lane card l lacks (at the others: lane_variant; natively
     * in quads and octs, a small hint without lane card 0 goes at the lanes
     * where none of its lane cards is revealed a group of lanes at once:
     * lane_group), and the big ones */
    uint32_t one_hints[CN_MAX_LANES][CODENAMES_MAX_HINTS];
    int one_n[CN_MAX_LANES];
    /* natively, lane_pairs: [g] the small hints evaluated at group g's lanes
     * at once: g = 0 lanes 0 and 1 (lane card 1, not 0; in octs also with
     * lane card 2), 1 lanes 4 and 5 (octs, lane card 1 alone), 2 lanes 0..3
     * (octs, lane card 2 alone) */
    uint32_t lane_group[3][CODENAMES_MAX_HINTS];
    int ngroup[3];
    int nb, np;
    uint64_t *ones[2];      /* pairs_impl.h, blocks: bit S of ones[t] = V[t][S] is 1 (note_entry) */
    struct plan *plans;     /* [2 id + t]: every non-empty subset (id) of a small pair hint */
    uint32_t *words;        /* the plans' table offsets */
    uint32_t *map_key;      /* open addressing: subset -> id */
    int32_t *map_id;
    uint32_t map_mask;
    int map_shift;
    int nids;
    cn_values *vals;        /* V[t][S] (values.c) */
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
    unsigned char shape; /* pairs_impl.h: its SHAPES index, or GENERIC */
} plan;

/* Where the code of V[t][S] is: one per pair of masks S and S|1 and team,
 * so that one 16-byte load of the dictionary reads both masks' values. */
static inline size_t qi(uint32_t S, int t, int L)
{
    return ((size_t)(S >> L) << 1) | (size_t)t;
}

/* values.c */
double cn_values_bytes(int FS, int L);
int cn_values_init(cn_values *v, int FS, int L, int zeroed, double limit);
void cn_values_quiesce(cn_values *v);
/* while threads run: the dictionaries replaced so far (how many), and
 * the first n of them freed, once no thread can hold them (schedule.c);
 * quiesce: all of them */
int cn_values_replaced(cn_values *v);
void cn_values_retire(cn_values *v, int n);
void cn_values_free(cn_values *v);
/* Threads will code entries at once: grow the dictionary ahead (values.c,
 * pregrow). WR_OK, or WR_ENOMEM when the condition could not be made. */
int cn_values_share(cn_values *v);
double cn_values_dict_bytes(const cn_values *v, int L); /* v NULL: the first one's, for L lane bits */
uint32_t cn_code_slow(cn_values *v, cn_cache *cache, const double *x, uint64_t hash);
/* Test support: the codes (past the sure ones) that a lookup of their own
 * values does not find: 0 when every entry is in the dictionary once and
 * found (a second copy, or a slot filed wrong, counts) */
int64_t cn_values_misfiled(cn_values *v);

static inline uint64_t cn_pair_hash(const double *x, int L)
{
    uint64_t a, b, c, d;
    memcpy(&a, x, sizeof a);
    memcpy(&b, x + 1, sizeof b);
    if (L == 1) return (a ^ (b << 29 | b >> 35)) * 0x9e3779b97f4a7c15ull; /* one product: its top bits index */
    memcpy(&c, x + 2, sizeof c);
    memcpy(&d, x + 3, sizeof d);
    a ^= (b << 29 | b >> 35) ^ (c << 13 | c >> 51) ^ (d << 43 | d >> 21);
    if (CN_OCTS(L)) {
        memcpy(&b, x + 4, sizeof b);
        memcpy(&c, x + 5, sizeof c);
        memcpy(&d, x + 6, sizeof d);
        a ^= (b << 7 | b >> 57) ^ (c << 37 | c >> 27) ^ (d << 19 | d >> 45);
        memcpy(&b, x + 7, sizeof b);
        a ^= b << 53 | b >> 11;
    }
    return a * 0x9e3779b97f4a7c15ull;
}

/* Whether entries a and b (2^L values) hold the same values. */
static inline int cn_same(const double *a, const double *b, int L)
{
    return a[0] == b[0] && a[1] == b[1] && (L == 1 || (a[2] == b[2] && a[3] == b[3])) &&
           (!CN_OCTS(L) || (a[4] == b[4] && a[5] == b[5] && a[6] == b[6] && a[7] == b[7]));
}

static inline int cn_is_sure(double x)
{
    return (x == 0) | (x == 1);
}

/* The code of the pair (v0, v1), given it if new (cache: the thread's, or
 * NULL): the sure pairs (cn_code), then the cache, here; the dictionary in
 * cn_code_slow. A pair that could not be coded gets 0 and sets failed. */
/* The code of the entry x (2^L values; L a constant where it counts), one
 * that is not all sure outcomes. */
static inline uint32_t cn_code_unsure(cn_values *v, cn_cache *cache, const double *x, int L)
{
    const cn_slot *c;
    uint64_t hash;
    hash = cn_pair_hash(x, L);
    c = cache ? &cache->s[hash >> (64 - CN_CACHE_BITS)] : NULL;
    /* an empty entry, all 0, is a sure one: never here */
    if (c && cn_same(c->v, x, L)) return c->code;
    return cn_code_slow(v, cache, x, hash);
}

/* The code of an entry of sure values (0 or 1) whose lanes that are 1 are
 * the bits of one (bit l: lane l): those bits reversed, lane 0 the highest
 * (code 2a + b for a pair of sure values a, b; values.c stores them so). */
static inline uint32_t cn_code_of_sure(uint32_t one, int L)
{
    static const unsigned char REVERSED[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
    return L == 1 ? REVERSED[one] >> 2u
           : L == 2 ? REVERSED[one]
                    : (uint32_t)REVERSED[one & 15] << 4 | REVERSED[one >> 4]; /* octs: 8 bits reversed */
}

/* The code of any entry x. */
static inline uint32_t cn_code(cn_values *v, cn_cache *cache, const double *x, int L)
{
    /* one branch, not four: 5% fewer mispredicted branches natively on the 40-hint board (cachegrind) */
    if (L == 1) {
        if (cn_is_sure(x[0]) & cn_is_sure(x[1])) return cn_code_of_sure((x[0] == 1) | (uint32_t)(x[1] == 1) << 1, 1);
    } else if (L == 2) {
        if (cn_is_sure(x[0]) & cn_is_sure(x[1]) & cn_is_sure(x[2]) & cn_is_sure(x[3]))
            return cn_code_of_sure((x[0] == 1) | (uint32_t)(x[1] == 1) << 1 | (uint32_t)(x[2] == 1) << 2 |
                                       (uint32_t)(x[3] == 1) << 3,
                                   2);
    } else if (CN_OCTS(L)) {
        uint32_t one = 0, l;
        int all = 1;
        for (l = 0; l < 8; l++) {
            all &= cn_is_sure(x[l]);
            one |= (uint32_t)(x[l] == 1) << l;
        }
        if (all) return cn_code_of_sure(one, 3);
    }
    return cn_code_unsure(v, cache, x, L);
}

/* The dictionary's pairs now: good for every code read from the table. */
static inline const double *cn_pairs(const engine *e)
{
    return ((const cn_dict *)wr_atomic_ptr_get(&e->vals->dict))->pairs;
}

/* The entry at byte offset off (its code << cn_shift(L)) of D. */
static inline const double *cn_at(const double *D, uint32_t off)
{
    return (const double *)(const void *)((const char *)D + off);
}

/* V[t][S] from the codes and a dictionary's entries D (one a reader holds). */
static inline double cn_value(const uint32_t *codes, const double *D, uint32_t S, int t, int L)
{
    return cn_at(D, codes[qi(S, t, L)])[S & ((1u << L) - 1)];
}

static inline double cn_get(const engine *e, uint32_t S, int t)
{
    return cn_value(e->vals->code, cn_pairs(e), S, t, e->vals->L);
}

/* The entry of S (its lanes 0) for team t: its code. */
static inline void cn_put_code(const engine *e, uint32_t S, int t, uint32_t code, int L)
{
    e->vals->code[qi(S, t, L)] = code << cn_shift(L);
}

/* The entry of S (its lanes 0) for team t: x, 2^L values. */
static inline void cn_put(const engine *e, cn_cache *cache, uint32_t S, int t, const double *x, int L)
{
    cn_put_code(e, S, t, cn_code(e->vals, cache, x, L), L);
}

/* One mask's value, the other masks of its entry kept (a lane by lane solve). */
static inline void cn_set(const engine *e, uint32_t S, int t, double v)
{
    int L = e->vals->L;
    uint32_t lanes = (1u << L) - 1;
    double x[CN_MAX_LANES];
    memcpy(x, cn_at(cn_pairs(e), e->vals->code[qi(S, t, L)]), sizeof(double) << L);
    x[S & lanes] = v;
    cn_put(e, NULL, S & ~lanes, t, x, L);
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
 * solve may stop at the first hint worth 1 (pairs_impl.h) and still store the
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
double cn_eval_hint(const engine *e, uint32_t S, int t, uint32_t U, double *vals, int64_t *work,
                    const double *lane1);
int cn_store_terminal(const engine *e, uint32_t S);
int cn_store_terminal_pair(const engine *e, cn_cache *cache, uint32_t S, int L);
int cn_distinct_sets(const uint32_t *d, int n, uint32_t S, uint32_t *U, uint32_t *keys, uint32_t *stamp,
                     uint32_t iter);
int cn_solve_masks(engine *e, const wr_options *opt, int64_t *states);

/* schedule.c: the fast solve's pairs g (2^(top + low) of them) in groups,
 * the top bits of g naming a group; a turn only adds cards, so group P
 * reads only the groups whose bits hold P's. The groups are taken by the
 * threads as soon as the groups they read are done (one thread: level by
 * level from the fullest, as before threads), and the first and the last
 * group (all ones, 0), alone in their levels, go in CN_SPLIT_BITS more bits
 * of sub-groups with no fewer than min_bits bits (whole blocks). Every value
 * is computed from the same values in the same order whatever the number of
 * threads: the results are the same bits. Returns 0 when every pair ran, 1
 * when a run asked to stop, or WR_ENOMEM. */
#define CN_GROUP_BITS 8 /* 7 and 10: 1.02 and 1.04 of the time on the 25-hint board (whole-process timing, 21 pairs) */
#define CN_SPLIT_BITS 6
#define CN_MAX_THREADS 8
typedef struct cn_schedule_job {
    int top, low, min_bits;
    /* the pairs lo .. lo + 2^bits - 1 from the top down, by the thread of
     * arg; done: the pairs of the runs done before this one began (its
     * progress); nonzero to stop */
    int (*run)(void *arg, uint32_t lo, int bits, double done);
    /* the values the runs read: its replaced dictionaries are freed once
     * every thread has ended a run since they were replaced (no run holds
     * one between runs) */
    cn_values *vals;
} cn_schedule_job;
int cn_schedule(const cn_schedule_job *job, void **args, int threads);

/* pairs.c and quads.c (pairs_impl.h, 1 and 2 lane bits) */
double cn_plan_bytes(int k);
int cn_build_plans(engine *e);
int cn_solve_pairs(engine *e, const wr_options *opt, int threads, int64_t *states);
int cn_build_plans_quads(engine *e);
int cn_solve_pairs_quads(engine *e, const wr_options *opt, int threads, int64_t *states);
int cn_quads_built(void); /* 1 where quads.c is compiled in (AVX natively, simd128 in WASM) */
/* octs.c (pairs_impl.h, 3 lane bits) */
int cn_build_plans_octs(engine *e);
int cn_solve_pairs_octs(engine *e, const wr_options *opt, int threads, int64_t *states);
int cn_octs_built(void); /* 1 where octs.c is compiled in (AVX-512 natively) */

#endif
