/* pairs_impl.h — the fast solve, included by pairs.c (LANE_BITS 1), quads.c
 * (LANE_BITS 2) and octs.c (LANE_BITS 3) only: the 2^LANE_BITS masks of an
 * entry (S and S|1; quads: S..S|3, bits 0 and 1 two bystanders; octs:
 * S..S|7, bits 0..2) side by side, entries in blocks (the hints without a
 * block's bits listed once per block), each unrevealed set's reads planned
 * once, the blocks shared among threads (codenames.h, "Speed"). Below, a
 * "pair" is an entry: two masks, four in quads.c, eight in octs.c.
 * PAIRS_API(name): an exported function's name in this copy. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/threads.h"
#include "internal.h"
#if LANE_BITS == 3
#include <immintrin.h>
#endif

#define LANES (1u << LANE_BITS)
#define LANE_MASK (LANES - 1u)
/* quads: the small hints of lane card 1 alone at lanes 0 and 1 together
 * (lane_pairs, stop 56). Natively 0.968, 0.982, 0.871 and 0.909 of the
 * instructions on the 25- and 40-hint bench boards and on
 * bench/spread.mjs's board(40, 5) and (40, 2) (gcc -O2; with PGO 0.953 on
 * the 25-hint board, 0.863 on board(40, 5)), 0.93-0.94 of the time on one
 * core (whole-process timing, 7 pairs). In WASM since stop 59, called
 * through a pointer there (lane_group_pairs): 0.90-0.99 of the time on
 * bench/spread.mjs's nine 40-hint boards (median 0.96), 0.93 and 0.94 on two
 * of its 25-hint ones (3 alternating pairs each in one Node process). Before,
 * inlined into finish_pair (wasm-opt inlines a function with one caller, an
 * attribute or not), it made V8 compile finish_pair worse: the code alone,
 * never called, made the 25- and 40-hint boards' solves 1.06 and 1.08, and
 * with it called 1.10 (stop 57), so WASM went without it. In octs (stop 58)
 * every small hint without lane card 0 goes a group of lanes at once where
 * its lane cards are unrevealed (lane_group): without that, octs took 0.85
 * and 1.08 of quads' time on the 25- and 40-hint boards, with it 0.65 and
 * 0.84 (gcc -O2, one core, whole-process timing, 5 pairs) */
#if LANE_BITS >= 2
#define LANE_PAIRS 1
#else
#define LANE_PAIRS 0
#endif

/* Upper bound of the plans' bytes for pair hints of k free cards: per
 * subset two plans, two map slots and a seen and an at entry per thread (at most
 * MAX_THREADS); and the words: sum over subsets x of 2^a (ns + 1) <= 3^k
 * (k + 1) per team. */
#define MAX_THREADS CN_MAX_THREADS
#define GROUP_BITS CN_GROUP_BITS /* schedule.c */
#define BLOCK_PAIRS (1u << BLOCK_BITS)
#define BLOCK_MASK (((2u << BLOCK_BITS) - 2u) << (LANE_BITS - 1)) /* bits LANE_BITS .. LANE_BITS + 4 */

#if LANE_BITS == 1
double cn_plan_bytes(int k)
{
    double subsets = ldexp(1.0, k);
    return subsets * (2 * sizeof(plan) + (2 + MAX_THREADS) * (sizeof(uint32_t) + sizeof(int32_t))) +
           2.0 * pow(3.0, k) * (k + 1) * sizeof(uint32_t);
}
#endif

static uint32_t map_slot(const engine *e, uint32_t x)
{
    uint32_t slot = (x * 2654435761u) >> e->map_shift; /* the product's top bits */
    while (e->map_key[slot] && e->map_key[slot] != x) slot = (slot + 1) & e->map_mask;
    return slot;
}

/* The common shapes (a own agents, ns misses, no assassin): the pairs'
 * hints are evaluated shape by shape, each with constant loop counts and
 * weights, fully unrolled (eval_plan_at), so that no branch depends on the
 * shape of the next hint (a jump per hint to its shape's code was
 * mispredicted so often that this is 25% faster on the 40-hint board).
 * The maximum over hints taken in another order is the same value: none is
 * NaN or -0. The order: fewest reads first, so that a pair that is a sure
 * win stops early and cheaply (0.97 of size order, a then ns, on the 25-card
 * boards). GENERIC: every other shape. */
#define SHAPES(X) X(0, 0, 1) X(4, 1, 0) X(1, 0, 2) X(8, 2, 0) X(5, 1, 1) X(2, 0, 3) X(3, 0, 4) X(6, 1, 2) \
    X(9, 2, 1) X(11, 3, 0) X(7, 1, 3) X(10, 2, 2) X(12, 3, 1) X(13, 4, 0)
#define GENERIC 14
#define HEADS 16 /* GENERIC + 1 lists per team, padded to whole 16-byte stores */
#define NO_LIST (HEADS - 1) /* a list never evaluated: where an illegal plan goes (list_of) */
#define ENTRY_ID 0xffff   /* block_ids: an entry's plan id */
_Static_assert(CODENAMES_MAX_HINTS * ((1 << PLAN_CARDS) - 1) <= ENTRY_ID, "every plan id fits an entry");
_Static_assert(NO_LIST > GENERIC, "NO_LIST is no list that eval_listed walks");
_Static_assert(CODENAMES_MAX_HINTS <= 256, "a pair hint's number fits pair_open's bytes");

static unsigned char shape_of(int a, int ns, int na)
{
#define SHAPE_IS(I, A, N) if (a == (A) && ns == (N) && !na) return I;
    SHAPES(SHAPE_IS)
#undef SHAPE_IS
    return GENERIC;
}

/* Hint d (no lane card) in the block hints or the pair hints, evaluated
 * where the lane cards lane are revealed (lane_variant; 0: everywhere). */
static void list_hint(engine *e, uint32_t d, uint32_t lane)
{
    if (e->blocks && !(d & BLOCK_MASK)) {
        e->block_lane[e->nb] = (unsigned char)lane;
        e->block_hints[e->nb++] = d;
    } else {
        uint32_t cover = ~0u, k; /* the pairs h (bits 0..4: mask bits 1..5) holding d's block cards */
        static const uint32_t HOLDS[BLOCK_BITS] = {0xaaaaaaaau, 0xccccccccu, 0xf0f0f0f0u, 0xff00ff00u, 0xffff0000u};
        for (k = 0; k < BLOCK_BITS; k++)
            if (d >> (k + LANE_BITS) & 1) cover &= HOLDS[k];
        e->pair_cover[e->np] = cover;
        e->pair_in[e->np] = (d & BLOCK_MASK) >> LANE_BITS;
        e->pair_lane[e->np] = (unsigned char)lane;
        e->pair_hints[e->np++] = d;
    }
}

/* A small hint d holding lane cards: at the masks where they are all
 * revealed its unrevealed set is x = its other cards (none of the lanes),
 * the same at each of those masks of an entry, so it is evaluated there
 * with the pair or block hints, entry by entry, and those lanes' values
 * kept (eval_listed), not mask by mask (the lanes where finish_pair
 * evaluates d: one_hints). Returns 1 when x needs that: it is not empty,
 * and no hint without lane cards is x already (evaluated at every lane). */
static int lane_variant(const engine *e, uint32_t d)
{
    uint32_t x = d & ~LANE_MASK;
    int h;
    if (!x) return 0;
    for (h = 0; h < e->nd; h++)
        if (e->dmask[h] == x) return 0;
    return 1;
}

/* Plans for every non-empty subset of every hint of up to PLAN_CARDS cards. */
int PAIRS_API(cn_build_plans)(engine *e)
{
    int h, t, cap_ids = 0;
    uint32_t pr;
    size_t nwords = 0, at = 0;
    uint32_t x, cap = 1;
    for (h = 0; h < e->nd; h++)
        if (wr_popcount32(e->dmask[h]) <= PLAN_CARDS) cap_ids += (1 << wr_popcount32(e->dmask[h])) - 1;
    e->map_shift = 32;
    while (cap < 2u * (uint32_t)cap_ids + 2) {
        cap <<= 1;
        e->map_shift--;
    }
    e->map_mask = cap - 1;
    /* blocks when a group holds whole ones (run_pairs) */
    e->blocks = e->FS - LANE_BITS >= GROUP_BITS + BLOCK_BITS;
    if (e->blocks) {
        size_t n = ((size_t)1 << e->FS) / 64 + 1;
        e->ones[0] = calloc(n, sizeof *e->ones[0]);
        e->ones[1] = calloc(n, sizeof *e->ones[1]);
        if (!e->ones[0] || !e->ones[1]) return WR_ENOMEM;
    }
    e->map_key = calloc(cap, sizeof *e->map_key);
    e->map_id = malloc(cap * sizeof *e->map_id);
    e->plans = malloc(sizeof *e->plans * 2 * (size_t)(cap_ids + 1));
    if (!e->map_key || !e->map_id || !e->plans) return WR_ENOMEM;
    for (h = 0; h < e->nd; h++) {
        uint32_t d = e->dmask[h];
        int small = wr_popcount32(d) <= PLAN_CARDS;
        if ((d & LANE_MASK) || !small) {
            uint32_t l;
#if LANE_PAIRS
            uint32_t M = d & LANE_MASK;
            if (small && !(M & 1)) { /* lane_pairs where none of M is revealed, lane_variant where all are */
                for (l = 0; l < LANES; l++)
                    if ((M & ~l) && (M & l)) e->one_hints[l][e->one_n[l]++] = d; /* octs, M = 6: lanes 2..5 */
                if (M == 4) {
                    e->lane_group[2][e->ngroup[2]++] = d;
                } else {
                    e->lane_group[0][e->ngroup[0]++] = d;
                    if (M == 2 && LANES == 8) e->lane_group[1][e->ngroup[1]++] = d;
                }
            } else
#endif
            {
                for (l = 0; l < LANES; l++)
                    if (!small || (d & LANE_MASK & ~l)) e->one_hints[l][e->one_n[l]++] = d;
            }
            if (small && lane_variant(e, d)) list_hint(e, d & ~LANE_MASK, d & LANE_MASK);
        } else {
            list_hint(e, d, 0);
        }
        if (!small) continue;
        for (x = d; x; x = (x - 1) & d) {
            uint32_t slot = map_slot(e, x);
            if (e->map_key[slot]) continue;
            e->map_key[slot] = x;
            e->map_id[slot] = e->nids;
            for (t = 0; t < 2; t++) {
                plan *p = &e->plans[2 * e->nids + t];
                p->set = x;
                p->own = x & e->own[t];
                p->a = (unsigned char)wr_popcount32(p->own);
                p->ns = (unsigned char)wr_popcount32(x & ~e->own[t] & ~e->assassin);
                p->na = (unsigned char)wr_popcount32(x & e->assassin);
                p->legal = !(e->own_hints_only && p->a == 0);
                p->shape = shape_of(p->a, p->ns, p->na);
                p->off = (uint32_t)nwords;
                nwords += ((size_t)1 << p->a) * (p->ns + 1u);
            }
            e->nids++;
        }
    }
    for (pr = 0; pr < BLOCK_PAIRS; pr++) /* list_pair_ids */
        for (h = 0; h < e->np; h++)
            if (e->pair_in[h] & ~pr) e->pair_open[pr][e->pair_nopen[pr]++] = (unsigned char)h;
    e->words = malloc(sizeof *e->words * (nwords + 1));
    if (!e->words) return WR_ENOMEM;
    for (t = 0; t < 2 * e->nids; t++) {
        const plan *p = &e->plans[t];
        uint32_t own = p->own, cm[CODENAMES_MAX_N], A, m, first;
        int j, c, ns = board_order(e, p->set & ~e->own[t % 2] & ~e->assassin, cm);
        own_order ow;
        first = own_walk(e, own, &ow);
        for (j = 0; j <= p->a; j++)
            for (A = own, m = first;; A = own_next(&ow, m, A), m--) {
                if (wr_popcount32(A) == j) {
                    e->words[at++] = A;
                    for (c = 0; c < ns; c++) e->words[at++] = A | cm[c];
                }
                if (!m) break;
            }
    }
    return WR_OK;
}

/* Two masks at once. Bit 0 is a bystander, so S (even) and S|1 are terminal
 * together and a hint without bit 0 has the same unrevealed set U in both:
 * every read of eval_hint becomes one 16-byte load of a value pair (see vi),
 * and the arithmetic is eval_hint's, lane by lane, in the same order, so the
 * values are bit for bit those of cn_solve_masks. GCC and clang vector types:
 * SSE2 on x86-64, simd128 in WASM. */
typedef double v2d __attribute__((vector_size(8 << LANE_BITS))); /* an entry's values */
typedef long long v2i __attribute__((vector_size(8 << LANE_BITS)));
typedef double h2d __attribute__((vector_size(16)));

/* NAME(p): a vector of type T loaded from p (any alignment): v2_load,
 * and the lane groups' h2_load and h4_load (lane_eval.h) */
#define DEFINE_LOAD(NAME, T)                                                                                   \
    static inline T NAME(const double *p)                                                                      \
    {                                                                                                          \
        T v;                                                                                                   \
        memcpy(&v, p, sizeof v);                                                                               \
        return v;                                                                                              \
    }
DEFINE_LOAD(v2_load, v2d)

static inline v2d v2_set(double x)
{
#if LANE_BITS == 1
    v2d v = {x, x};
#elif LANE_BITS == 2
    v2d v = {x, x, x, x};
#else
    v2d v = {x, x, x, x, x, x, x, x};
#endif
    return v;
}

static inline v2d v2_max(v2d a, v2d b) /* lane by lane: a > b ? a : b */
{
#if LANE_BITS == 3
    return (v2d)_mm512_max_pd((__m512d)a, (__m512d)b); /* a > b ? a : b, as maxpd */
#elif LANE_BITS == 2 && defined(__AVX__)
    return __builtin_ia32_maxpd256(a, b);
#elif LANE_BITS == 2 && defined(__wasm_simd128__)
    h2d lo = __builtin_wasm_pmax_f64x2(__builtin_shufflevector(b, b, 0, 1), __builtin_shufflevector(a, a, 0, 1));
    h2d hi = __builtin_wasm_pmax_f64x2(__builtin_shufflevector(b, b, 2, 3), __builtin_shufflevector(a, a, 2, 3));
    return __builtin_shufflevector(lo, hi, 0, 1, 2, 3);
#elif LANE_BITS == 2
    v2i m = a > b;
    return (v2d)(((v2i)a & m) | ((v2i)b & ~m));
#elif defined(__SSE2__)
    return __builtin_ia32_maxpd(a, b); /* maxpd: a > b ? a : b, exactly */
#elif defined(__wasm_simd128__)
    return (v2d)__builtin_wasm_pmax_f64x2(b, a); /* pmax(b, a): b < a ? a : b */
#else
    v2i m = a > b;
    return (v2d)(((v2i)a & m) | ((v2i)b & ~m));
#endif
}

/* A listed set's lanes (by_shape's lane): all of them for 0, else those
 * where the lane cards of lane are revealed (lane_variant). */
#if LANE_BITS == 1
static const v2i LANE_KEEP[LANES] = {{-1, -1}, {0, -1}};
#elif LANE_BITS == 2
static const v2i LANE_KEEP[LANES] = {{-1, -1, -1, -1}, {0, -1, 0, -1}, {0, 0, -1, -1}, {0, 0, 0, -1}};
#else /* lane l kept where it holds the lane cards: (l & lane) == lane */
static const v2i LANE_KEEP[LANES] = {
    {-1, -1, -1, -1, -1, -1, -1, -1}, {0, -1, 0, -1, 0, -1, 0, -1}, {0, 0, -1, -1, 0, 0, -1, -1},
    {0, 0, 0, -1, 0, 0, 0, -1},       {0, 0, 0, 0, -1, -1, -1, -1}, {0, 0, 0, 0, 0, -1, 0, -1},
    {0, 0, 0, 0, 0, 0, -1, -1},       {0, 0, 0, 0, 0, 0, 0, -1}};
#endif

/* The lanes where the compare c holds: bit l for lane l. WASM: bitmask
 * (V8: movmskpd, as natively), not all_true (a compare with zero and a
 * ptest): 0.98 of the time on 25 hints, 0.99 on 40 (in sure). */
static inline uint32_t lanes_of(v2i c)
{
#if LANE_BITS == 3
    return (uint32_t)_mm512_cmplt_epi64_mask((__m512i)c, _mm512_setzero_si512()); /* the sign bits */
#elif LANE_BITS == 2 && defined(__AVX__)
    return (uint32_t)__builtin_ia32_movmskpd256((v2d)c);
#elif LANE_BITS == 2 && defined(__wasm_simd128__)
    return (uint32_t)(__builtin_wasm_bitmask_i64x2(__builtin_shufflevector(c, c, 0, 1)) |
                      __builtin_wasm_bitmask_i64x2(__builtin_shufflevector(c, c, 2, 3)) << 2);
#elif LANE_BITS == 1 && defined(__SSE2__)
    return (uint32_t)__builtin_ia32_movmskpd((v2d)c);
#elif LANE_BITS == 1 && defined(__wasm_simd128__)
    return (uint32_t)__builtin_wasm_bitmask_i64x2(c);
#else
    uint32_t m = 0, l;
    for (l = 0; l < LANES; l++) m |= (uint32_t)(c[l] & 1) << l;
    return m;
#endif
}

/* The lanes of v that are a sure win (sure, note_entry): one vector
 * compare, no branch (two scalar ones were two branches per evaluation;
 * with vi's offset below, 0.94-0.97 of the time natively). */
static inline uint32_t ones_of(v2d v)
{
    return lanes_of(v >= v2_set(1.0));
}

/* Whether every lane is a sure win: no hint can raise a value past 1, the
 * stored cap (cn_cap), so the remaining hints need no evaluation. */
static inline int sure(v2d v)
{
#if LANE_BITS == 2 && defined(__wasm_simd128__)
    /* the two halves' compares anded: one bitmask, not ones_of's two */
    v2i c = v >= v2_set(1.0);
    return __builtin_wasm_bitmask_i64x2(__builtin_shufflevector(c, c, 0, 1) & __builtin_shufflevector(c, c, 2, 3)) == 3;
#else
    return ones_of(v) == (1u << LANES) - 1;
#endif
}

/* Blocks: the lanes one (bits) of the entry S (its lane 0) that are 1 for
 * t from now on, noted in ones[t] (a 64-mask word is written only by the
 * thread that solves its block). */
static inline void note_ones(const engine *e, uint32_t S, int t, uint32_t one)
{
    if (e->ones[t]) e->ones[t][S >> 6] |= (uint64_t)one << (S & 63);
}

/* note_ones for the entry's values x, with one vector compare (a compare
 * and a branch a lane were 2.1% of the instructions on the 25-hint board). */
static inline void note_entry(const engine *e, uint32_t S, int t, const double *x)
{
    note_ones(e, S, t, ones_of(v2_load(x)));
}

/* The terminal entry S (its lane 0), stored. */
static inline void note_terminal(const engine *e, uint32_t S)
{
    int t;
    for (t = 0; t < 2; t++) note_entry(e, S, t, cn_at(cn_pairs(e), e->vals->code[qi(S, t, LANE_BITS)]));
}

/* The solved entry S (its lane 0) for t, values x: noted (note_entry) and
 * stored (cn_put), with one vector compare each for 1 and 0: an entry of
 * sure outcomes is coded from its lanes that are 1 (cn_code_of_sure), not by
 * cn_code's eight scalar compares (natively 0.978 and 0.973 of the
 * instructions on the 25- and 40-hint boards, PGO; 0.991 and 0.988 in
 * WASM). */
static inline void put_entry(const engine *e, cn_cache *cache, uint32_t S, int t, const double *x)
{
    v2d v = v2_load(x);
    uint32_t one = ones_of(v), code;
    note_ones(e, S, t, one);
    code = (one | lanes_of(v == v2_set(0.0))) == (1u << LANES) - 1 ? cn_code_of_sure(one, LANE_BITS)
                                                                   : cn_code_unsure(e->vals, cache, x, LANE_BITS);
    cn_put_code(e, S, t, code, LANE_BITS);
}

/* The binomials of the plans' sizes, as constants the compiler can fold. */
static const int BINOM[PLAN_CARDS + 1][PLAN_CARDS + 1] = {
    {1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}, {1, 5, 10, 10, 5, 1}, {1, 6, 15, 20, 15, 6, 1}};

/* A loop to unroll in full: its count is a constant (GCC: up to 8). For
 * GENERIC's loops, counts known at run time: GCC unrolls them by up to 8
 * (0.99 of the instructions), clang cannot and warns (plan_eval.h). */
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#define UNROLL_ANY
#else
#define UNROLL _Pragma("GCC unroll 8")
#define UNROLL_ANY UNROLL
#endif

#define EVAL_PLAN eval_plan_at
#define UNROLL_LOOP UNROLL
#include "plan_eval.h"
#undef EVAL_PLAN
#undef UNROLL_LOOP
#define EVAL_PLAN eval_plan_any
#define UNROLL_LOOP UNROLL_ANY
#include "plan_eval.h"
#undef EVAL_PLAN
#undef UNROLL_LOOP

/* A hint mask by mask (the hints holding bit 0, and big ones): a common
 * shape with constant loop counts and weights, fully unrolled. codes, D:
 * the table's codes and dictionary; lane1: as cn_eval_hint's. Not kept
 * (2026-11-27, stop 52): plan_eval.h built a third and fourth time on
 * plain doubles for this (the compilers seem to drop the unused lanes
 * already: 1.054 of the instructions natively without PGO, 1.010 and 1.016 in WASM
 * on the 25- and 40-hint boards); eval_plan_any for every shape, with no
 * switch (its jump mispredicted about half the time in cachegrind's
 * model): 1.19 and 1.03 of the time natively (whole-process timing, one core, 11
 * pairs); finish_pair's val as lane1, one store fewer a lane: 1.000 and
 * 0.999 of the instructions natively (PGO), 1.007 and 1.005 in WASM. */
static inline __attribute__((always_inline)) double eval_plan_one(const engine *e, const plan *p, uint32_t S, int t,
                                                                  uint32_t rem, const uint32_t *codes, const double *D,
                                                                  const double *lane1)
{
    v2d v;
    switch (p->shape) {
#define ONE_SHAPE(I, A, N) case I: v = eval_plan_at(e, p, S, t, rem, 0, 1, A, N, 0, codes, D, lane1); break;
        SHAPES(ONE_SHAPE)
#undef ONE_SHAPE
    default: v = eval_plan_any(e, p, S, t, rem, 0, 0, p->a, p->ns, p->na, codes, D, lane1);
    }
    return v[0];
}

#if LANE_PAIRS
/* lane_pairs' vectors: 2 lanes (h2d), and in octs 4 (h4d, lane_quads);
 * their evaluation: lane_eval.h. */
DEFINE_LOAD(h2_load, h2d)

static inline h2d h2_set(double x)
{
    h2d v = {x, x};
    return v;
}

static inline h2d h2_max(h2d a, h2d b) /* lane by lane: a > b ? a : b (maxpd; natively quads have AVX) */
{
#if defined(__wasm__)
    return __builtin_wasm_pmax_f64x2(b, a); /* pmax(b, a): b < a ? a : b */
#else
    return __builtin_ia32_maxpd(a, b);
#endif
}

#define GV h2d
#define GV_LOAD h2_load
#define GV_SET h2_set
#define GV_MAX h2_max
#define GV_NAME(x) lanes2_##x
#include "lane_eval.h"

#if LANE_BITS == 3
typedef double h4d __attribute__((vector_size(32)));

DEFINE_LOAD(h4_load, h4d)

static inline h4d h4_set(double x)
{
    h4d v = {x, x, x, x};
    return v;
}

static inline h4d h4_max(h4d a, h4d b) /* lane by lane: a > b ? a : b (maxpd) */
{
    return __builtin_ia32_maxpd256(a, b);
}

#define GV h4d
#define GV_LOAD h4_load
#define GV_SET h4_set
#define GV_MAX h4_max
#define GV_NAME(x) lanes4_##x
#include "lane_eval.h"
#endif
#endif

/* A thread's own scratch: seen[id] = the last listing that held plan id;
 * ids: a block's pair hints' plans (block_ids); the states it solved; the
 * pairs of values it coded lately. */
typedef struct scratch {
    cn_cache *cache;
    uint32_t *seen;
    int32_t *at; /* list_block: plan id -> its place in the listing */
    int32_t *ids;
    uint32_t iter;
    int64_t states;
} scratch;

/* The distinct unrevealed sets at S of the pair hints (list_by_shape; the
 * block's hints: list_block, list_pair_ids), their plan ids in ids[], and
 * per team the legal ones listed by shape (head[t][shape], then
 * next[t][k]). */
typedef struct by_shape {
    int ids[CODENAMES_MAX_HINTS];
    uint32_t pairs[CODENAMES_MAX_HINTS]; /* list_block: the block's pairs where ids[k] is evaluated */
    unsigned char lane[CODENAMES_MAX_HINTS]; /* and at which of their masks: LANE_KEEP[lane[k]] */
    int head[2][HEADS], next[2][CODENAMES_MAX_HINTS]; /* head[t][shape], shape <= GENERIC */
} by_shape;

/* A new listing: b's lists emptied (every head -1); returns its number
 * (sc->seen). In WASM memset is a call, once per pair: 16-byte stores
 * instead are 0.96 of the time on the 25-card boards, each behind an empty
 * asm, as clang merges plain ones back into a memset. Natively memset is
 * inlined (the asm would cost 1.5% more instructions). */
static inline uint32_t new_listing(scratch *sc, by_shape *b)
{
#if defined(__wasm__)
    typedef int v4i __attribute__((vector_size(16)));
    const v4i none = {-1, -1, -1, -1};
    int i;
    for (i = 0; i < 2 * HEADS; i += 4) {
        memcpy(&b->head[0][0] + i, &none, sizeof none);
        __asm__ volatile("" : : : "memory");
    }
#else
    memset(b->head, 0xff, sizeof b->head);
#endif
    return ++sc->iter;
}

/* The list a plan goes in: its shape's, or NO_LIST (never evaluated) when
 * it is illegal for its team. */
static inline int list_of(const plan *p)
{
    return p->legal ? p->shape : NO_LIST;
}

/* Adds plan id to b as its set number ni, in list s0 for team 0 and s1 for
 * team 1, kept at the lanes of LANE_KEEP[lane]; returns ni + 1. */
static inline int link_id(by_shape *b, int ni, int id, int s0, int s1, unsigned lane)
{
    b->lane[ni] = (unsigned char)lane;
    b->next[0][ni] = b->head[0][s0];
    b->head[0][s0] = ni;
    b->next[1][ni] = b->head[1][s1];
    b->head[1][s1] = ni;
    b->ids[ni] = id;
    return ni + 1;
}

static inline int push_id(const engine *e, int id, by_shape *b, int ni, unsigned lane)
{
    return link_id(b, ni, id, list_of(&e->plans[2 * id]), list_of(&e->plans[2 * id + 1]), lane);
}

/* push_id unless b holds id already at every lane (ni sets listed in
 * listing iter); returns how many b then holds. A lane variant's set
 * (lane_variant) is listed whatever b holds: it is the same set as
 * another listed only by chance, and evaluated twice then. */
static inline int list_id(const engine *e, scratch *sc, uint32_t iter, int id, by_shape *b, int ni, unsigned lane)
{
    if (lane) return push_id(e, id, b, ni, lane);
    if (sc->seen[id] == iter) return ni;
    sc->seen[id] = iter;
    return push_id(e, id, b, ni, 0);
}

/* by_shape of the pair hints at the pair S; returns how many sets. */
static int list_by_shape(const engine *e, scratch *sc, uint32_t S, by_shape *b)
{
    uint32_t iter = new_listing(sc, b);
    int q, ni = 0;
    for (q = 0; q < e->np; q++) {
        uint32_t x = e->pair_hints[q] & ~S;
        if (x) ni = list_id(e, sc, iter, e->map_id[map_slot(e, x)], b, ni, e->pair_lane[q]);
    }
    return ni;
}

/* list_by_shape for a block S's pairs: the block hints, at every pair, and
 * the pair hints at the pairs that hold all their block cards (pair_cover),
 * where their unrevealed set is their cards outside the block: a plan whose
 * words hold no bit of the block, as a block hint's. A set listed twice
 * (a pair hint's and a block hint's, or two pair hints') is listed once,
 * at the pairs of both. */
static int list_block(const engine *e, scratch *sc, uint32_t S, by_shape *b)
{
    uint32_t iter = new_listing(sc, b);
    int q, ni = 0;
    for (q = 0; q < e->nb + e->np; q++) {
        int pair = q >= e->nb, id;
        uint32_t x = (pair ? e->pair_hints[q - e->nb] & ~BLOCK_MASK : e->block_hints[q]) & ~S;
        uint32_t pairs = pair ? e->pair_cover[q - e->nb] : ~0u;
        unsigned lane = pair ? e->pair_lane[q - e->nb] : e->block_lane[q];
        if (!x) continue;
        id = e->map_id[map_slot(e, x)];
        if (!lane) { /* a lane variant's is listed anyway: list_id */
            if (sc->seen[id] == iter) {
                b->pairs[sc->at[id]] |= pairs;
                continue;
            }
            sc->seen[id] = iter;
            sc->at[id] = ni;
        }
        b->pairs[ni] = pairs;
        ni = push_id(e, id, b, ni, lane);
    }
    return ni;
}

/* list_by_shape of the pair hints at a block's pair h, from their entries
 * (block_ids: ids[BLOCK_PAIRS q + r], -1 for none): a set listed, with no
 * plan to look up. Only the hints with a block card left at h are walked
 * (pair_open[h]; the others are list_block's): on the 40-hint board 40%
 * of the pair hints at a pair are not, and skipping them made 0.977 of the
 * instructions in WASM and natively (cachegrind: 20.34 -> 19.87 G and 16.12
 * -> 15.74 G). Not kept (2026-11-27): telling the pair hints with the same
 * unrevealed set apart from their cards outside the block once per block,
 * instead of seen[] at each pair (1.017 of the instructions in WASM); nor
 * the hints of bit 0 looked up once per block in the same way (1.03); nor
 * eval_listed's loop over a shape's pairs as a function of its own per
 * shape, not inlined (1.17). */
static int list_pair_ids(const engine *e, scratch *sc, const int32_t *ids, uint32_t h, by_shape *b)
{
    uint32_t iter = new_listing(sc, b);
    int i, ni = 0;
    for (i = 0; i < e->pair_nopen[h]; i++) { /* the hints with a block card left: an entry (x >= 0) */
        int q = e->pair_open[h][i];
        int32_t x = ids[BLOCK_PAIRS * q + (e->pair_in[q] & ~h)];
        int id = x & ENTRY_ID;
        unsigned lane = (uint32_t)x >> 24; /* list_id */
        if (!lane) {
            if (sc->seen[id] == iter) continue;
            sc->seen[id] = iter;
        }
        ni = link_id(b, ni, id, x >> 16 & 15, x >> 20 & 15, lane);
    }
    return ni;
}

/* The entries of the pair hints at the block S's pairs, in sc->ids:
 * [BLOCK_PAIRS q + r] for hint q at the pairs where its block cards r are
 * unrevealed, -1 when it has no card left there. An entry is the plan id
 * (bits 0..15), the plans' list for each team (bits 16..19 and 20..23:
 * list_of) and the hint's pair_lane (bits 24..25), so that list_pair_ids
 * reads no plan: natively 0.94-0.98 of the time on the three 25-card
 * bench boards, in WASM 0.97-1.00 (bench-ab, 15 pairs, 2026-11-27). A hint's unrevealed set at S|2h is its cards
 * outside the block and unrevealed at S, and those of its block cards that
 * 2h lacks: looked up once for each of those subsets
 * (on the bench boards a hint holds one or two block cards), instead of
 * once for each pair (on the 40-hint board the listing was 15% of the
 * time). Tried and not kept (2026-11-26): these plans listed once per block
 * with the pairs where each applies, as list_block does, and evaluated
 * block-wide level by level (the pairs with the most block cards first, as
 * the others read them). The per-pair listing, still 17% of the
 * instructions, was gone: 14.66 -> 13.16 G on the 40-hint board. But the
 * time was 0.97-1.00 natively and 1.05-1.14 in WASM (bench-ab, 11 pairs). */
static void block_ids(const engine *e, scratch *sc, uint32_t S)
{
    int q;
    for (q = 0; q < e->np; q++) {
        uint32_t d = e->pair_hints[q], out = d & ~BLOCK_MASK & ~S, in = (d & BLOCK_MASK) >> LANE_BITS, r;
        int32_t *id = sc->ids + BLOCK_PAIRS * q;
        for (r = in;; r = (r - 1) & in) { /* id[r]: block cards r left */
            uint32_t x = out | r << LANE_BITS;
            if (x && r) {
                int32_t i = e->map_id[map_slot(e, x)];
                id[r] = i | list_of(&e->plans[2 * i]) << 16 | list_of(&e->plans[2 * i + 1]) << 20 |
                        (int32_t)e->pair_lane[q] << 24;
            } else {
                id[r] = -1; /* r = 0: list_block's */
            }
            if (!r) break;
        }
    }
}

/* A block hint at the block's 64 masks S+m: bit m set when every read of
 * its plan (each word but the first, A = {}) is 1 for the opponent, from
 * ones[1-t]: the words hold none of bits 0..5, so the 64 masks S|W+m are
 * one word of it. Such a hint is worth exactly 0 for every K (eval_plan_at
 * sums whole numbers that cancel: +0), and cannot raise a maximum, which
 * starts at 0: it is skipped. 23% of the 40-hint board's states are sure
 * losses, where every hint is. The pair hints and the hints of bit 0 are
 * worth 0 in 67% and 75% of their evaluations on that board (37% and 46%
 * on the 25-hint one), but a check of their words in ones[]
 * before each (2026-11-27: 1.06-1.07 of the time on the 40-hint board,
 * natively and in WASM), or of all of a pair's pair hints at once
 * (1.03-1.04) cost more than the evaluations it saved. Nor (2026-11-27,
 * stop 52) those checks made for a block's masks at once: every zero
 * evaluation of a pair hint or a hint of the lane cards is one whose reads
 * are all 1 (measured: 6.0 and 9.7 of 16.3 and 21.9 million on the 25-hint
 * board, 20.1 and 12.0 of 29.9 and 16.4 million on the 40-hint one), so
 * the reads outside the block were checked for its 128 masks at once, a
 * shifted word of ones[] a read (per entry of block_ids, per subset of a
 * lane hint's block and lane cards), and only the words inside the block
 * (one to three, at masks solved before) pair by pair. The same bits, but
 * 13.4 against 10.2 G instructions on the 40-hint board (gcc -O2, no PGO);
 * with the pair hints alone and their pairs that are all 1 kept as a
 * bitmask as the block goes, 12.1 G: an evaluation saved is about 70
 * instructions, less than the bookkeeping that finds it. */
/* The pairs of a block where a hint is worth 0 in both masks: bit h when
 * bits 2h and 2h + 1 of zero (a word of ones[]) are set. */
static inline uint32_t zero_pairs(uint64_t zero)
{
    uint64_t z = zero & (zero >> 1) & 0x5555555555555555ull; /* bit 2h */
    z = (z | (z >> 1)) & 0x3333333333333333ull;               /* gather the even bits */
    z = (z | (z >> 2)) & 0x0f0f0f0f0f0f0f0full;
    z = (z | (z >> 4)) & 0x00ff00ff00ff00ffull;
    z = (z | (z >> 8)) & 0x0000ffff0000ffffull;
    return (uint32_t)(z | (z >> 16));
}

/* Quads: bit h (h < 16) when the 4 bits 4h .. 4h + 3 of zero are set. */
static inline uint32_t zero_quads(uint64_t zero)
{
    uint64_t z = zero & (zero >> 1);
    z &= z >> 2;
    z &= 0x1111111111111111ull; /* bit 4h */
    z = (z | (z >> 3)) & 0x0303030303030303ull;
    z = (z | (z >> 6)) & 0x000f000f000f000full;
    z = (z | (z >> 12)) & 0x000000ff000000ffull;
    return (uint32_t)((z | (z >> 24)) & 0xffffu);
}

/* Octs: bit h (h < 8) when the 8 bits 8h .. 8h + 7 of zero are set. */
static inline uint32_t zero_octs(uint64_t zero)
{
    uint64_t z = zero & (zero >> 1);
    z &= z >> 2;
    z &= z >> 4;
    z &= 0x0101010101010101ull; /* bit 8h */
    return (uint32_t)((z * 0x0102040810204080ull) >> 56);
}

/* Returns the block's pairs where the hint is worth 0 (bit h: pair h). A
 * block of quads is 128 masks, two words; of octs 256, four. */
static inline uint32_t zero_at(const engine *e, const plan *p, uint32_t S, int t)
{
    const uint64_t *one = e->ones[1 - t] + (S >> 6);
    const uint32_t *w = e->words + p->off;
    uint64_t z = ~(uint64_t)0;
    int i, n = (1 << p->a) * (p->ns + 1);
#if LANE_BITS == 1
    for (i = 1; i < n && z; i++) z &= one[w[i] >> 6];
    return zero_pairs(z);
#elif LANE_BITS == 2
    uint64_t z1 = z;
    for (i = 1; i < n && (z | z1); i++) {
        z &= one[w[i] >> 6];
        z1 &= one[(w[i] >> 6) + 1];
    }
    return zero_quads(z) | zero_quads(z1) << 16;
#else
    uint64_t z1 = z, z2 = z, z3 = z;
    for (i = 1; i < n && (z | z1 | z2 | z3); i++) {
        z &= one[w[i] >> 6];
        z1 &= one[(w[i] >> 6) + 1];
        z2 &= one[(w[i] >> 6) + 2];
        z3 &= one[(w[i] >> 6) + 3];
    }
    return zero_octs(z) | zero_octs(z1) << 8 | zero_octs(z2) << 16 | zero_octs(z3) << 24;
#endif
}

/* zero_at for a shape: its n words (a constant) read unrolled, with no
 * early exit, whose branch per read was 15% of solve_block's samples in
 * clang's native build (perf): 0.991 of the instructions in WASM (V8, 40
 * hints: 20.34 G against 20.53 G, cachegrind of node --no-liftoff), 0.994
 * natively. */
static inline __attribute__((always_inline)) uint32_t zero_at_n(const engine *e, const plan *p, uint32_t S, int t,
                                                                 int n)
{
    const uint64_t *one = e->ones[1 - t] + (S >> 6);
    const uint32_t *w = e->words + p->off;
    uint64_t z = ~(uint64_t)0;
    int i;
#if LANE_BITS == 1
    UNROLL
    for (i = 1; i < n; i++) z &= one[w[i] >> 6];
    return zero_pairs(z);
#elif LANE_BITS == 2
    uint64_t z1 = z;
    UNROLL
    for (i = 1; i < n; i++) {
        z &= one[w[i] >> 6];
        z1 &= one[(w[i] >> 6) + 1];
    }
    return zero_quads(z) | zero_quads(z1) << 16;
#else
    uint64_t z1 = z, z2 = z, z3 = z;
    UNROLL
    for (i = 1; i < n; i++) {
        z &= one[w[i] >> 6];
        z1 &= one[(w[i] >> 6) + 1];
        z2 &= one[(w[i] >> 6) + 2];
        z3 &= one[(w[i] >> 6) + 3];
    }
    return zero_octs(z) | zero_octs(z1) << 8 | zero_octs(z2) << 16 | zero_octs(z3) << 24;
#endif
}

/* The reads of a block hint (plan p, n words) at the block S's 32 pairs,
 * B = codes + qi(S, 1 - t): each word's 256 bytes (32 pairs of 2 codes),
 * prefetched line by line while the hint before it is evaluated. Those reads are far apart in the table
 * and the solve waits on them: 0.96 (40 hints) and 0.97 (25 hints) of the
 * time natively with the table of doubles (whole-process timing, one core, medians of
 * 11 pairs; prefetching a hint's own lines just before it was 0.98). In
 * WASM __builtin_prefetch is nothing, and plain loads of the lines in its
 * place (an empty asm taking them) gained nothing measurable (2026-11-26).
 * Nor the lines of the pair hints and the hints of bit 0, prefetched at a
 * block's start (each subset of their cards outside the block: 256 bytes of
 * codes): 1.00 of the time on the 25- and 40-hint boards (2026-11-27,
 * whole-process timing, one core, 15 pairs). */
static inline __attribute__((always_inline)) void prefetch_block(const engine *e, const plan *p, const uint32_t *B,
                                                                 int n)
{
    const uint32_t *w = e->words + p->off;
    uint32_t at;
    int i;
    for (i = 1; i < n; i++)
#pragma GCC unroll 16
        for (at = 0; at < 2 * BLOCK_PAIRS; at += 16) __builtin_prefetch(B + (size_t)(w[i] >> (LANE_BITS - 1)) + at);
}

/* eval_listed for the two teams (solve_block, finish_pair): natively written
 * out one team after the other, each inlined with its team a constant
 * (stop 53, PGO: 0.966 and 0.960 of the instructions on the 25- and 40-hint
 * boards, 9.35 against 9.68 G and 8.65 against 9.01 G); in WASM a loop
 * over the teams, as two copies of eval_listed made 1.13 of the
 * instructions there (V8, node --no-liftoff: 19.59 against 17.28 G), and so
 * did four functions of their own, one per team and count of pairs, not
 * inlined (19.66 G; 18.35 against 16.35 G on the 40-hint board). Nor one
 * helper holding this choice, called from both places with the teams'
 * best[] and open as arrays: the same native code, but in WASM 18.78 G
 * (the loop over pointers from an array, unrolled or not), so the two
 * places each keep their own loop there. With clang 19 (stop 61) the two
 * copies still took 1.11-1.14 of the time in WASM on board(40, 2), (25, 7)
 * and the 40-hint bench board (3 alternating pairs in one Node process). */
#if defined(__wasm__)
#define TEAMS_WRITTEN_OUT 0
#else
#define TEAMS_WRITTEN_OUT 1
#endif

/* best[h] (h < npairs) gets the maximum of its value and the values of b's
 * hints for t at the pair S|2h (S a multiple of 2 npairs; b's hints hold no
 * bit of the pairs, so their unrevealed sets are the same at all of them),
 * shape by shape, hint by hint and pair by pair: a pair that is a sure win
 * is skipped, and the listing ends once all are. The open pairs are a
 * bitmask walked by its set bits (open: bit h when best[h] is no sure win,
 * from the caller, who knows it without testing best): a branch per pair on
 * whether it is open was mispredicted often. Not kept (2026-11-27): a block
 * hint evaluated at two pairs at once (h and h + 2^k, k a block card, in
 * 4-lane vectors: AVX2 natively), wherever either is open. With k = 0 only
 * 0.71 as many evaluations as pair by pair on the 25-hint board (the pairs
 * are seldom open together); with k a bystander's block card 0.51-0.54 on the
 * 25- and 40-hint boards, but still 1.07 and 1.04 of the instructions of the
 * same build (-mavx2) without it, and 1.15 of the time on the 25-hint board
 * (whole-process timing, one core, 7 pairs): two codes, two loads and their shuffles a
 * read, and the two pairs' maxima, cost what the shared work saves. Nor
 * (stop 55) a block hint's value taken from pair h + 2^c at the pairs h
 * (block card c unrevealed) where every read holds the same code as there:
 * per block and team a word per block card of the pairs whose code equals
 * that pair's (5 words a block, set when the block is done), the card with
 * the most so far chosen, and a hint's words' bits anded. Such columns of
 * reads are common: 48%, 50% and 67% of the block hints' evaluations on
 * the 25-, 15- and 40-hint boards repeat one of the same hint at an
 * earlier pair of the block; and across one block card (c = 4, 2, 2) 80%,
 * 56% and 94% of all entries hold the code of their partner. The same
 * --json on the three bench boards (byte for byte; the unit tests' tables
 * not run), 16.1 of 54.7 million evaluations skipped on the 25-hint board, but
 * 10.31 against 9.75 G instructions (8.97 -> 9.53 on the 40-hint one, gcc
 * -O2): an evaluation here is about 22 instructions (plan_eval.h's part),
 * the words' bits and the second loop cost more, and the 5 words a block
 * 0.43 G. Columns hashed and compared pair by pair instead: 14.27 G. */
static inline __attribute__((always_inline)) void eval_listed(const engine *e, const by_shape *b, uint32_t S, int t,
                                                              uint32_t npairs, v2d *best, uint32_t open)
{
    uint32_t rem = e->own[t] & ~S, h, todo;
    const uint32_t *B0 = e->vals->code + qi(S, 1 - t, LANE_BITS); /* pair h's: B0 + 2 h (S's block bits are 0) */
    const double *D = cn_pairs(e);
    int k;
    if (!open) return;
    /* one hint at every pair still open but where it is worth 0 (blocks:
     * zero_at); done once none is */
#define PAIRS(EVAL, ZERO)                                                                         \
    todo = npairs == BLOCK_PAIRS ? open & b->pairs[k] & ~(ZERO) : open;                  \
    for (; todo; todo &= todo - 1) {                                                              \
        uint32_t P;                                                                               \
        h = (uint32_t)__builtin_ctz(todo);                                                        \
        P = h << LANE_BITS;                                                                       \
        best[h] = v2_max((v2d)((v2i)(EVAL) & keep), best[h]);                                     \
        open &= ~((uint32_t)sure(best[h]) << h);                                                  \
    }                                                                                             \
    if (!open) return;
#define EVAL_SHAPE(I, A, N)                                                                       \
    for (k = b->head[t][I]; k >= 0; k = b->next[t][k]) {                                          \
        const plan *p = &e->plans[2 * b->ids[k] + t];                                             \
        v2i keep = LANE_KEEP[b->lane[k]];                                                         \
        if (npairs == BLOCK_PAIRS && b->next[t][k] >= 0)                                          \
            prefetch_block(e, &e->plans[2 * b->ids[b->next[t][k]] + t], B0, (1 << A) * (N + 1));   \
        PAIRS(eval_plan_at(e, p, S | P, t, rem, 1, 1, A, N, 0, B0 + 2 * (size_t)h, D, NULL),      \
              zero_at_n(e, p, S, t, (1 << A) * (N + 1)))                                          \
    }
    SHAPES(EVAL_SHAPE)
#undef EVAL_SHAPE
    for (k = b->head[t][GENERIC]; k >= 0; k = b->next[t][k]) {
        /* an assassin on U: whether t's last agents win depends on the pair (rem) */
        const plan *p = &e->plans[2 * b->ids[k] + t];
        v2i keep = LANE_KEEP[b->lane[k]];
        PAIRS(eval_plan_any(e, p, S | P, t, rem & ~P, 1, 0, p->a, p->ns, p->na, B0 + 2 * (size_t)h, D, NULL),
              zero_at(e, p, S, t))
    }
#undef PAIRS
}

/* The pair S = 2 g, S|1, not terminal, from best[t] (the values of hints
 * already evaluated): the pair hints side by side, then the other hints mask
 * by mask, S|1 first, as S reads it (lane1: S|1's values, coded with S's
 * once they are known), but for the sets of a small hint holding a lane
 * card that hold none (one_hints: lane_variant evaluated those with the
 * pair or block hints). Returns the work done. A set's two evaluations,
 * one per team, are written out one after the other (ONE_TEAM), each
 * inlined with its team a constant, not a loop over the teams around one
 * call: on the 25-, 40- and 15-hint boards 0.91, 0.92 and 0.89 of the
 * instructions without PGO (9.93 against 10.92 G on the 25-hint board;
 * eval_plan_one inlined alone: 0.98), with PGO 0.977 and 0.982 (9.68
 * against 9.92 G, 9.01 against 9.17 G), and in WASM 0.976 (V8, node
 * --no-liftoff: 17.28 against 17.71 G; stop 53). Not kept (2026-11-27): the
 * hint holding bit 0 listed with the pair hints for S|1 (without bit 0 it
 * has the same set at S and S|1), its value kept in S|1's lane only. On the
 * 25-hint board that made 18% fewer mispredicted branches and 0.983 of the
 * instructions natively, but 1.00 of the time (whole-process timing, 11 pairs), and
 * 1.008 of the instructions and 1.035 of the time in WASM. Nor, in quads
 * (2026-11-27), the hints holding one lane bit evaluated two lanes at a
 * time: their unrevealed set is the same at the two masks that hold the bit
 * (read as a pair hint's, two lanes kept, listed pair by pair: before
 * lane_variant) and at the two that lack it (two lanes of each entry read;
 * S's own entry from the values just found). On the 25-hint board 24 million such
 * evaluations instead of 37 million mask by mask, the same bits, 0.967 of
 * the instructions, but 1.01 and 1.06 of the time natively on the 25- and
 * 40-hint boards (whole-process timing, one core, 11 pairs) and 1.00 and 0.99 in WASM
 * (bench-ab, 7 pairs). A mask-by-mask evaluation is cheap (about 21 cycles:
 * 20% of the time, perf), and the loop around them cost about as much.
 * Nor their plans looked up once per block (as block_ids does) instead of
 * once per mask: 1.012 of the instructions natively without PGO (14.43
 * against 14.26 G on the 25-hint board) and 1.135 with it (PGO then built
 * that loop worse). Nor (2026-11-27, after lane_variant) a set's two plans
 * taken from one lookup, the loop over the teams inside it: 1.003 and 1.006
 * of the instructions on the 25- and 40-hint boards (PGO). This mask-by-mask
 * part is 31% and 28% of the instructions there (measured 2026-11-27, stop
 * 52, by skipping it: 7.60 against 10.98 G and 7.31 against 10.10 G, gcc -O2)
 * though only two hints hold a lane card on each bench board: 21.9 and 16.4
 * million evaluations at about 150 instructions each, most of them around
 * the reads. Nor (stop 52) those hints' values put together from the reads
 * of their set without the lane cards, loaded once per entry for all lanes
 * (the lane cards are misses: A|b at lane l is word A's read at lane l|b),
 * in eval_hint's order (the same bits), with no plan lookup per mask: 13.28
 * against 10.91 G on the 25-hint board, 1.14 of the time (whole-process
 * timing, one core, 7 pairs); a read from that buffer, and putting each A's misses in
 * board order, cost what a read of the table does. Nor (stop 53) their
 * sums for every set A of own agents but {} made once per entry for all
 * lanes, in vectors from the plan of the set at lane 0 (a lane card b's
 * read at lane l is lane l|b of the entry S|A, and 0 at the lanes that
 * hold b), and only A = {}, which reads the entry's own fuller lanes, and
 * the values for each K finished lane by lane: the same bits, but 11.24
 * against 10.92 G on the 25-hint board and 10.51 against 10.04 G on the
 * 40-hint one (gcc -O2, no PGO; the best of four builds, the finish
 * inlined per shape). The parts took 0.62 G and the 22 million finishes
 * 0.68 G, against about 1.3 G for the evaluations they replaced
 * (eval_plan_one kept out of line: 2.06 G, in a build 0.71 G bigger), but
 * the loops over lanes, teams and parts around them 1.5 G more. Most of
 * the 31% is such a loop per mask and team, which any finish lane by lane
 * needs, and so would another order of eval_hint's sums (each miss summed
 * over the sets A first): A = {} reads the entry's own lanes whatever the
 * order. Nor (stop 54) that other order, built (in masks.c and plan_eval.h
 * alike: the same bits as the reference, values moved by at most 1.1e-16),
 * with each small lane hint evaluated once per entry and team in vectors
 * at all lanes (a lane card's sum of size j >= 1 is Y_j at lane l|b, put
 * among the misses in board order), its parts kept, and finished in two
 * vector steps (lanes 1 and 2, then 0: the reads of size 0 of the entry's
 * own fuller lanes), a bit per hint and team to finish, weights from a
 * table, shapes unrolled, a bound from the evaluation to skip finishes: the
 * same bits, but 10.20 against 9.52 G on the 25-hint board and 11.35
 * against 8.90 G on the 40-hint one (gcc -O2, no PGO; 22 million finishes
 * at about 90 instructions each, as many as the evaluations they
 * replaced). The order alone was 0.977 natively but 1.06-1.08 in WASM.
 * Nor (stop 56) skipping the evaluations here that are worth 0 (every read
 * 1 for the opponent: 9.7 of 21.9 million on the 25-hint board, 12.0 of
 * 16.4 on the 40-hint one): checked once per entry and team for all lanes
 * from ones[] (each word of the whole hint's plan that shares no card
 * with S, its lane cards picking the lane in the nibble of the entry it
 * reads; the words of lane cards alone from the entry's own fuller lanes),
 * every one was found and skipped, the same bits, but 10.88 against 9.75
 * G instructions (gcc -O2; 40 hints: 9.44 against 8.97), and 10.38 with
 * the check only where every listed hint was worth 0: an evaluation here
 * is about 60 instructions beyond the loop around it, which a skip keeps,
 * and a check about 110. Nor (stop 56) a set's plan found by a multiply
 * and a load (a table per hint, its subsets in distinct slots) instead of
 * map_slot: 0.96-0.98 of the instructions on two 40-hint boards of
 * bench/spread.mjs (board(40, 2), (40, 5)), but 1.01 on the 25- and
 * 40-hint bench boards (gcc -O2); with PGO 0.978, 0.977, 1.022 and 1.018.
 * Nor (stop 57) lane_pairs' plan found once for both teams (the loop over
 * the sets outside, the teams written out): PGO 0.999, 1.005 and 0.981 of
 * the instructions on the 25- and 40-hint bench boards and board(25, 7),
 * 1.00 of the time (whole-process timing, one core, 11 pairs). Nor the
 * small hints of bit 0 alone evaluated as lane_pairs' are, at all lanes in
 * one vector (an unaligned load one value up where a word holds bit 0,
 * lanes 0 and 2 kept): such a hint still needs two evaluations, at lane 2
 * and again at lane 0, as lane 0 reads lane 1 through bit 0, and lane 1 is
 * done only after lane_pairs, whose lane 0 reads lane 2 (only one of the
 * two lane cards' hints can go two lanes at once), and a vector evaluation
 * here took about the 90 instructions of a mask-by-mask one: 1.076, 1.075,
 * 1.058 and 1.011 of the instructions on the 25- and 40-hint bench boards,
 * board(25, 7) and board(40, 5) (gcc -O2, the same bits). Nor, where bit 0
 * is the set's last miss in board order (75% and 81% of those evaluations
 * on the 25- and 40-hint boards), one vector evaluation at lane 2 keeping
 * its sums, the j = 0 one without that last read (the entry's own value,
 * the read that makes lane 0 wait), each lane then finished with its own
 * value added last (the same operations in the same order: the same bits):
 * 1.188, 1.177, 1.148 and 1.200 of the instructions on those two boards,
 * board(25, 7) and board(25, 1) (gcc -O2), the sums 43 instructions each
 * but each finish 94 (a loop over the levels with the weights from the
 * engine's tables), and the loop around them more than the evaluations it
 * replaced; with the finishes unrolled per shape and that loop inlined in
 * finish_pair, still 1.122 on the 25-hint board. */
#if LANE_PAIRS
/* The small hints of lane group g (lane_group; in quads those holding bit 1
 * and not bit 0): their set is the same at the group's two lanes (0 and 1,
 * or in octs 4 and 5), where their lane cards are unrevealed, so each is
 * evaluated there at once, in one vector (lane_eval.h), those two lanes
 * kept: the same reads and arithmetic lane by lane as eval_plan_one's at
 * each, so the same bits. The entry's fuller lanes (read through the lane
 * cards) must be done. Returns the work. */
static int64_t lane_pairs(const engine *e, uint32_t S, double (*val)[LANES], const uint32_t *codes, const double *D,
                          int g)
{
    int t, q, n = e->ngroup[g];
    uint32_t at = g == 1 ? 4 : 0; /* the group's first lane */
    const uint32_t *list = e->lane_group[g];
    for (t = 0; t < 2; t++) {
        h2d best = {val[t][at], val[t][at + 1]};
        const uint32_t *B = codes + qi(S, 1 - t, LANE_BITS);
        uint32_t rem = e->own[t] & ~S;
        if (val[t][at] >= 1.0 && val[t][at + 1] >= 1.0) continue;
        for (q = 0; q < n; q++) {
            const plan *p = &e->plans[2 * e->map_id[map_slot(e, list[q] & ~S)] + t];
            if (!p->legal) continue;
            best = h2_max(lanes2_eval(e, p, S, t, rem, B, D + at, val[1 - t] + at), best);
        }
        val[t][at] = best[0];
        val[t][at + 1] = best[1];
    }
    return 2 * n;
}

#if LANE_BITS == 3
/* lane_pairs for group 2 (octs, the small hints of lane card 2 alone):
 * lanes 0..3 at once in a 4-lane vector, lanes 4..7 done. Not folded with
 * lane_pairs into one function per width in lane_eval.h (stop 58's review:
 * the same bits, but 9.51 and, with lane_pairs' element-wise loads and
 * stores kept, 9.46 against 9.37 G instructions in quads on the 25-hint
 * board, gcc -O2 -mavx2). */
static int64_t lane_quads(const engine *e, uint32_t S, double (*val)[LANES], const uint32_t *codes, const double *D)
{
    int t, q, n = e->ngroup[2];
    for (t = 0; t < 2; t++) {
        h4d best = h4_load(val[t]);
        const uint32_t *B = codes + qi(S, 1 - t, LANE_BITS);
        uint32_t rem = e->own[t] & ~S;
        if (val[t][0] >= 1.0 && val[t][1] >= 1.0 && val[t][2] >= 1.0 && val[t][3] >= 1.0) continue;
        for (q = 0; q < n; q++) {
            const plan *p = &e->plans[2 * e->map_id[map_slot(e, e->lane_group[2][q] & ~S)] + t];
            if (!p->legal) continue;
            best = h4_max(lanes4_eval(e, p, S, t, rem, B, D, val[1 - t]), best);
        }
        memcpy(val[t], &best, sizeof best);
    }
    return 2 * n;
}
#endif

/* lane_pairs as finish_pair calls it: natively inlined; in WASM through a
 * pointer the optimizers cannot see through (as run_pairs' step), so that
 * it stays a function of its own. wasm-opt inlines a function with one
 * caller, whatever clang was told, and lane_pairs inlined into finish_pair
 * made V8 compile finish_pair worse (before stop 59 lane_pairs was left
 * out of WASM for that: LANE_PAIRS, above). Built by clang 19 (stop 61),
 * inlined still took 1.13-1.33 of the time on board(40, 2), (25, 7) and
 * the 40-hint bench board (3 pairs, Node). */
static inline int64_t lane_group_pairs(const engine *e, uint32_t S, double (*val)[LANES], const uint32_t *codes,
                                       const double *D, int g)
{
#if defined(__wasm__)
    int64_t (*volatile run)(const engine *, uint32_t, double (*)[LANES], const uint32_t *, const double *, int) =
        lane_pairs;
    return run(e, S, val, codes, D, g);
#else
    return lane_pairs(e, S, val, codes, D, g);
#endif
}
#endif

static int64_t finish_pair(const engine *e, scratch *sc, uint32_t g, const v2d *best0, const int32_t *ids)
{
    uint32_t S = g << LANE_BITS;
    by_shape b;
    int ni = 0, q, t, l;
    int64_t work = 0;
    v2d pair[2];
    double val[2][LANES], lane1[2 * LANES]; /* val[t][l]: pair[t]'s lanes (one of a vector written through its index l
                                 * went by the stack: clang stored the double and loaded the vector
                                 * back, a failed store forwarding) */
    const uint32_t *codes = e->vals->code;
    const double *D = cn_pairs(e); /* holds every code this reads (the thread's own ones too) */
    if (!sure(best0[0]) || !sure(best0[1]))
        ni = ids ? list_pair_ids(e, sc, ids, g % BLOCK_PAIRS, &b) : list_by_shape(e, sc, S, &b);
#if TEAMS_WRITTEN_OUT
    pair[0] = best0[0];
    pair[1] = best0[1];
    if (ni) {
        eval_listed(e, &b, S, 0, 1, &pair[0], (uint32_t)!sure(pair[0]));
        eval_listed(e, &b, S, 1, 1, &pair[1], (uint32_t)!sure(pair[1]));
    }
    for (t = 0; t < 2; t++)
        for (l = 0; l < (int)LANES; l++) val[t][l] = pair[t][l];
#else
    for (t = 0; t < 2; t++) {
        pair[t] = best0[t];
        if (ni) eval_listed(e, &b, S, t, 1, &pair[t], (uint32_t)!sure(pair[t]));
        for (l = 0; l < (int)LANES; l++) val[t][l] = pair[t][l];
    }
#endif
    for (l = LANES - 1; l >= 0; l--) {
        uint32_t T = S | (uint32_t)l, U[CODENAMES_MAX_HINTS];
        double best[2];
        int nu = 0;
#if LANE_PAIRS
        if (l == 1 && e->ngroup[0]) work += lane_group_pairs(e, S, val, codes, D, 0);
#if LANE_BITS == 3
        if (l == 5 && e->ngroup[1]) work += lane_group_pairs(e, S, val, codes, D, 1);
        if (l == 3 && e->ngroup[2]) work += lane_quads(e, S, val, codes, D);
#endif
#endif
        best[0] = val[0][l];
        best[1] = val[1][l];
        /* two hints with the same cards left here are both evaluated: a
         * repeat cannot change a maximum, and it costs what a set of its own
         * would. Dropping repeats (cn_distinct_sets, done here past 4 sets
         * until stop 56) cost more than it saved: without it 0.963 and
         * 0.944 of the instructions on two of bench/spread.mjs's 40-hint
         * boards (board(40, 2) and (40, 5), whose lane cards are in 5 and 6
         * hints), 0.982 on codenames-20 (13 hints of 7 cards, mask by mask
         * at every lane), the same on the three 25-card bench boards */
        if (best[0] < 1.0 || best[1] < 1.0)
            for (q = 0; q < e->one_n[l]; q++)
                if ((U[nu] = e->one_hints[l][q] & ~T)) nu++;
        /* set by set, both teams: the maximum is the same in any order */
        for (q = 0; q < nu; q++) {
            uint32_t slot = map_slot(e, U[q]);
            if (!e->map_key[slot]) {
                for (t = 0; t < 2; t++) {
                    double v;
                    if (best[t] >= 1.0) continue;
                    v = cn_eval_hint(e, T, t, U[q], NULL, &work, l == LANES - 1 ? NULL : lane1);
                    if (v > best[t]) best[t] = v;
                }
            } else { /* a team at a time, written out: each team's evaluation inlined with t a constant */
                const plan *p = &e->plans[2 * e->map_id[slot]];
                const double *l1 = l == LANES - 1 ? NULL : lane1;
#define ONE_TEAM(T0)                                                                                           \
                if (best[T0] < 1.0 && p[T0].legal) {                                                           \
                    double v = eval_plan_one(e, &p[T0], T, T0, e->own[T0] & ~T, codes, D, l1);                \
                    best[T0] = v > best[T0] ? v : best[T0];                                                    \
                }
                ONE_TEAM(0)
                ONE_TEAM(1)
#undef ONE_TEAM
            }
        }
        for (t = 0; t < 2; t++) lane1[2 * l + t] = val[t][l] = cn_cap(best[t]);
        work += nu;
    }
    for (t = 0; t < 2; t++) put_entry(e, sc->cache, S, t, val[t]);
    sc->states += 2 * LANES;
    return work + 8 * ni + 1;
}

/* One pair of masks, S = 2 g and S|1; returns the work done (0: terminal). */
static int64_t solve_pair(const engine *e, scratch *sc, uint32_t g)
{
    static const v2d none[2]; /* no hint evaluated yet: 0, the value of having no legal hint */
    if (cn_store_terminal_pair(e, sc->cache, g << LANE_BITS, LANE_BITS)) return 0;
    return finish_pair(e, sc, g, none, NULL);
}

/* A block: BLOCK_PAIRS pairs, S = 2 g (g a multiple of BLOCK_PAIRS) to
 * S|2h. The hints without bits 0..BLOCK_BITS (block hints) have the same
 * unrevealed set at all its masks: they are listed once and evaluated
 * for every pair from the same plan, and so are the pair hints at the
 * pairs where their block cards are revealed (list_block): with the
 * sure-loss skip (zero_at) that comes with it, 0.93 of the time natively
 * and 0.92 in WASM on the 40-hint board, 1.00 and 0.91 on the 25-hint one.
 * Then each pair goes on as solve_pair,
 * the fullest first, as the others read it. A terminal pair's values are
 * kept; for the block hints it counts as a sure win (skipped). */
static int64_t solve_block(const engine *e, scratch *sc, uint32_t g)
{
    uint32_t S = g << LANE_BITS, h;
    uint32_t live = 0; /* bit h: pair h is not terminal */
    int ni, t;
    v2d best[2][BLOCK_PAIRS], pair[2]; /* [t][pair h: S|2h] */
    by_shape b;
    int64_t work = 0;
    for (h = 0; h < BLOCK_PAIRS; h++) {
        uint32_t P = S | h << LANE_BITS;
        int term = cn_store_terminal_pair(e, sc->cache, P, LANE_BITS);
        if (term) note_terminal(e, P);
        live |= (uint32_t)!term << h;
        for (t = 0; t < 2; t++) best[t][h] = v2_set(term ? 1.0 : 0.0);
    }
    if (!live) return 0;
    ni = list_block(e, sc, S, &b);
#if TEAMS_WRITTEN_OUT
    eval_listed(e, &b, S, 0, BLOCK_PAIRS, best[0], live); /* a live pair's best is 0 */
    eval_listed(e, &b, S, 1, BLOCK_PAIRS, best[1], live);
#else
    for (t = 0; t < 2; t++) eval_listed(e, &b, S, t, BLOCK_PAIRS, best[t], live); /* a live pair's best is 0 */
#endif
    block_ids(e, sc, S);
    for (h = BLOCK_PAIRS; h-- > 0;) {
        if (!(live >> h & 1)) continue;
        pair[0] = best[0][h];
        pair[1] = best[1][h];
        work += finish_pair(e, sc, g | h, pair, sc->ids);
    }
    return work + 8 * ni;
}

/* The pairs are taken in groups (schedule.c) by the workers. */
typedef struct pass {
    const engine *e;
    const wr_options *opt;         /* progress: worker 0 only */
    wr_atomic_int cancel;          /* set once cancelled */
    double total;                  /* all pairs */
} pass;

typedef struct worker {
    pass *ps;
    scratch sc;
    int64_t work, next_check;
    int id;
} worker;

/* cn_schedule's run: the pairs lo .. lo + 2^bits - 1 from the top down. */
static int run_pairs(void *arg, uint32_t lo, int bits, double done)
{
    /* through a pointer the optimizers cannot see through: wasm-opt inlines
     * a function with one caller, and V8 kept a WASM function that is
     * called a few times (this one, once per level then, now once per
     * group) in its baseline tier throughout, which made the solve 1.7
     * times slower in WASM. Called per pair (or block), the step gets V8's
     * optimizing tier within milliseconds. */
    worker *w = arg;
    pass *ps = w->ps;
    int64_t (*volatile step)(const engine *, scratch *, uint32_t) = ps->e->blocks ? solve_block : solve_pair;
    uint32_t unit = ps->e->blocks ? BLOCK_PAIRS : 1, g; /* pairs a step solves */
    for (g = lo + ((1u << bits) - unit);; g -= unit) {
        w->work += step(ps->e, &w->sc, g);
        if (w->work >= w->next_check) {
            w->next_check = w->work + ((int64_t)1 << 18);
            if (wr_atomic_get(&ps->cancel) || wr_atomic_get(&ps->e->vals->failed)) return 1;
            if (w->id == 0 && wr_progress(ps->opt, done + (lo + ldexp(1.0, bits) - g), ps->total)) {
                wr_atomic_set(&ps->cancel, 1);
                return 1;
            }
        }
        if (g == lo) break;
    }
    if (w->id == 0 && wr_progress(ps->opt, done + ldexp(1.0, bits), ps->total)) wr_atomic_set(&ps->cancel, 1);
    return wr_atomic_get(&ps->cancel) || wr_atomic_get(&ps->e->vals->failed);
}

/* threads: 0 = one per CPU. */
int PAIRS_API(cn_solve_pairs)(engine *e, const wr_options *opt, int threads, int64_t *states)
{
    pass *ps = calloc(1, sizeof *ps);
    worker w[MAX_THREADS];
    void *args[MAX_THREADS];
    int bits = e->FS - LANE_BITS, top = bits < GROUP_BITS ? bits : GROUP_BITS, i, rc = WR_OK;
    cn_schedule_job job;
    if (!ps) return WR_ENOMEM;
    if (threads < 1) threads = wr_cpu_count();
    if (top < 2) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    if (threads > 1) rc = cn_values_share(e->vals);
    ps->e = e;
    ps->opt = opt;
    ps->total = ldexp(1.0, bits);
    memset(w, 0, sizeof w);
    for (i = 0; i < threads; i++) {
        w[i].ps = ps;
        w[i].id = i;
        w[i].next_check = (int64_t)1 << 18;
        args[i] = &w[i];
        w[i].sc.cache = calloc(1, sizeof *w[i].sc.cache);
        w[i].sc.seen = calloc((size_t)e->nids + 1, sizeof *w[i].sc.seen);
        w[i].sc.at = malloc(((size_t)e->nids + 1) * sizeof *w[i].sc.at);
        w[i].sc.ids = malloc(sizeof *w[i].sc.ids * BLOCK_PAIRS * ((size_t)e->np + 1));
        if (!w[i].sc.cache || !w[i].sc.seen || !w[i].sc.at || !w[i].sc.ids) rc = WR_ENOMEM;
    }
    if (!rc) {
        job.top = top;
        job.low = bits - top;
        job.min_bits = e->blocks ? BLOCK_BITS : 0;
        job.run = run_pairs;
        job.vals = e->vals;
        rc = cn_schedule(&job, args, threads);
        cn_values_quiesce(e->vals); /* no thread runs: none holds a replaced dictionary */
        if (rc >= 0) { /* every pair ran, or a run stopped: why */
            rc = wr_atomic_get(&e->vals->failed);
            if (rc == WR_OK && (wr_atomic_get(&ps->cancel) || wr_progress(opt, ps->total, ps->total)))
                rc = WR_ECANCELLED;
        }
    }
    for (i = 0; i < threads; i++) {
        *states += w[i].sc.states;
        free(w[i].sc.cache);
        free(w[i].sc.seen);
        free(w[i].sc.at);
        free(w[i].sc.ids);
    }
    free(ps);
    return rc;
}

