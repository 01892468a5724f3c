/* solve.c — the Codenames solver: the bottom-up solve over revealed-card
 * masks (see codenames.h), the root's value of every hint and K, and the
 * recommended hint's outcomes. */
#include "codenames.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/threads.h"

#define HASH_BITS 9 /* 512 slots for at most 200 hints: probes stay short */
#define PLAN_CARDS 6 /* hints of up to this many free cards get plans */

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
    int reference;          /* solve mask by mask with eval_hint only (the test reference) */
    uint32_t pair_hints[CODENAMES_MAX_HINTS]; /* distinct hint masks solved in pairs (see solve_pair), */
    uint32_t one_hints[CODENAMES_MAX_HINTS];  /* and mask by mask: holding bit 0, or big */
    int np, no;
    struct plan *plans;     /* [2 id + t]: every non-empty subset (id) of a small pair hint */
    uint32_t *words;        /* the plans' table offsets */
    uint32_t *map_key;      /* open addressing: subset -> id */
    int32_t *map_id;
    uint32_t map_mask;
    int map_shift;
    int nids;
    double *V;              /* V[t][S] at V[vi(S, t)] */
    double C[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1];
    int Ci[PLAN_CARDS + 1][PLAN_CARDS + 1]; /* C as int, for the plans' loop counts */
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
    unsigned char a, ns, na, u, legal;
} plan;

/* Upper bound of the plans' bytes for pair hints of k free cards: ids and
 * map slots per subset, and the words: sum over subsets x of 2^a (ns + 1)
 * <= 3^k (k + 1) per team. */
static double plan_bytes(int k)
{
    double subsets = ldexp(1.0, k);
    return subsets * (2 * sizeof(plan) + 2 * (sizeof(uint32_t) + sizeof(int32_t)) + sizeof(uint32_t)) +
           2.0 * pow(3.0, k) * (k + 1) * sizeof(uint32_t);
}

/* Where V[t][S] is stored: masks S and S|1 side by side per team,
 *     V[4 (S >> 1) + 2 t + (S & 1)],
 * so that one 16-byte load reads a team's values of both masks of a pair. */
static inline size_t vi(uint32_t S, int t)
{
    return ((size_t)(S >> 1) << 2) | ((size_t)t << 1) | (S & 1u);
}

static int wiped(const engine *e, int t, uint32_t T)
{
    return !e->hidden[t] && (T & e->own[t]) == e->own[t];
}

/* The free-card numbering: card i of the board -> bit (or -1). Bit 0 goes
 * to the free bystander in the fewest hints, when there is one (*lane = 1):
 * masks S and S|1 then differ in a card that decides nothing, and are solved
 * as a pair (solve_lanes). Free assassins take the top bits, so the stored
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
        if (k <= PLAN_CARDS) plans += plan_bytes(k);
    }
    return plans + 8.0 * (2.0 * ldexp(1.0, FS) + 2)                      /* V */
           + (double)sizeof(engine) + 4.0 * CODENAMES_MAX_HINTS /* engine, masks */
           + (double)req->nhints * (3.0 * sizeof(int) + 8.0 * CODENAMES_MAX_N); /* result */
}

static void engine_init(engine *e, const codenames_request *req, int own_hints_only)
{
    int bit[CODENAMES_MAX_N], i, j, u;
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
    for (u = 0; u <= PLAN_CARDS; u++)
        for (j = 0; j <= u; j++) e->Ci[u][j] = (int)e->C[u][j];
    for (u = 1; u <= CODENAMES_MAX_N; u++)
        for (j = 0; j <= u; j++) {
            e->wstop[u][j] = 1.0 / e->C[u][j];
            e->wmiss[u][j] = j < u ? 1.0 / (u * e->C[u - 1][j]) : 0;
        }
}

static uint32_t map_slot(const engine *e, uint32_t x)
{
    uint32_t slot = (x * 2654435761u) >> e->map_shift; /* the product's top bits */
    while (e->map_key[slot] && e->map_key[slot] != x) slot = (slot + 1) & e->map_mask;
    return slot;
}

/* Plans for every non-empty subset of every hint of up to PLAN_CARDS cards. */
static int build_plans(engine *e)
{
    int h, t, cap_ids = 0;
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
    e->map_key = calloc(cap, sizeof *e->map_key);
    e->map_id = malloc(cap * sizeof *e->map_id);
    e->plans = malloc(sizeof *e->plans * 2 * (size_t)(cap_ids + 1));
    if (!e->map_key || !e->map_id || !e->plans) return WR_ENOMEM;
    for (h = 0; h < e->nd; h++) {
        uint32_t d = e->dmask[h];
        if ((d & 1u) || wr_popcount32(d) > PLAN_CARDS) e->one_hints[e->no++] = d;
        else e->pair_hints[e->np++] = d;
        if (wr_popcount32(d) > PLAN_CARDS) continue;
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
                p->u = (unsigned char)(p->a + p->ns + p->na);
                p->legal = !(e->own_hints_only && p->a == 0);
                p->off = (uint32_t)nwords;
                nwords += ((size_t)1 << p->a) * (p->ns + 1u);
            }
            e->nids++;
        }
    }
    e->words = malloc(sizeof *e->words * (nwords + 1));
    if (!e->words) return WR_ENOMEM;
    for (t = 0; t < 2 * e->nids; t++) {
        const plan *p = &e->plans[t];
        uint32_t own = p->own, miss = p->set & ~e->own[t % 2] & ~e->assassin, A, c;
        int j;
        for (j = 0; j <= p->a; j++)
            for (A = own;; A = (A - 1) & own) {
                if (wr_popcount32(A) == j) {
                    e->words[at++] = A;
                    for (c = miss; c; c &= c - 1) e->words[at++] = A | (c & (~c + 1));
                }
                if (!A) break;
            }
    }
    return WR_OK;
}

/* Xs[0..a] = Ys[0..a] = zero. Up to a = 5 in straight stores: a loop here
 * becomes a "rep stos" memset that took a third of the solve. */
#define ZERO_SUMS(Xs, Ys, a, zero)                                                                \
    do {                                                                                          \
        if (a < 6) {                                                                              \
            Xs[0] = Xs[1] = Xs[2] = Xs[3] = Xs[4] = Xs[5] = zero;                                 \
            Ys[0] = Ys[1] = Ys[2] = Ys[3] = Ys[4] = Ys[5] = zero;                                 \
        } else {                                                                                  \
            for (j = 0; j <= a; j++) Xs[j] = Ys[j] = zero;                                        \
        }                                                                                         \
    } while (0)

/* The value of hint U (unrevealed cards, non-empty) for team t at S, for
 * every K: writes vals[K-1] for K = 1..u when vals is not NULL and returns
 * the maximum, or -1 when the hint is illegal under the rule. *work gets the
 * table reads done. */
static double eval_hint(const engine *e, uint32_t S, int t, uint32_t U, double *vals, int64_t *work)
{
    const double *O = e->V;
    uint32_t ownU = U & e->own[t], nonU = U & ~e->own[t] & ~e->assassin, A, cm[CODENAMES_MAX_N];
    int a = wr_popcount32(ownU), ns = wr_popcount32(nonU), na = wr_popcount32(U & e->assassin);
    int n = ns + na, u = a + n, i, j, K, kmax;
    double Xs[CODENAMES_MAX_N + 1], Ys[CODENAMES_MAX_N + 1], prefix = 0, best = 0;

    if (e->own_hints_only && a == 0) return -1;
    ZERO_SUMS(Xs, Ys, a, 0.0);
    for (i = 0, A = nonU; A; A &= A - 1) cm[i++] = A & (~A + 1);
    for (A = ownU;; A = (A - 1) & ownU) {
        uint32_t T = S | A;
        double x = 0;
        j = wr_popcount32(A);
        if (A) Ys[j] += O[vi(T, 1 - t)];
        for (i = 0; i < ns; i++) x += O[vi(T | cm[i], 1 - t)];
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

/* The distinct non-empty unrevealed sets at S of the n hint masks d[]:
 * hints with the same unrevealed set are evaluated once. */
static int distinct_sets(const uint32_t *d, int n, uint32_t S, uint32_t *U, uint32_t *keys,
                         uint32_t *stamp, uint32_t iter)
{
    int nu = 0, i;
    for (i = 0; i < n; i++) {
        uint32_t x = d[i] & ~S, slot;
        if (!x) continue;
        slot = (x * 2654435761u) >> (32 - HASH_BITS);
        while (stamp[slot] == iter && keys[slot] != x) slot = (slot + 1) & ((1u << HASH_BITS) - 1);
        if (stamp[slot] == iter) continue;
        stamp[slot] = iter;
        keys[slot] = x;
        U[nu++] = x;
    }
    return nu;
}

/* Terminal masks: 1 when S is terminal (both teams' values stored). */
static int store_terminal(const engine *e, uint32_t S)
{
    double t0 = terminal_value(e, 0, S);
    if (t0 < 0) return 0;
    e->V[vi(S, 0)] = t0;
    e->V[vi(S, 1)] = terminal_value(e, 1, S);
    return 1;
}

/* The test reference, and the solve when no bystander is free: mask by
 * mask from the full mask down, every hint through eval_hint. */
static int solve_masks(engine *e, const wr_options *opt, int64_t *states)
{
    uint32_t keys[1u << HASH_BITS], stamp[1u << HASH_BITS], U[CODENAMES_MAX_HINTS];
    uint32_t S, iter = 0;
    int64_t work = 0, next_check = (int64_t)1 << 18;
    double total = ldexp(1.0, e->FS);

    memset(stamp, 0, sizeof stamp);
    S = e->full;
    for (;;) {
        iter++;
        if (!store_terminal(e, S)) {
            int nu = distinct_sets(e->dmask, e->nd, S, U, keys, stamp, iter), t, q;
            for (t = 0; t < 2; t++) {
                double best = 0; /* no legal hint: the team to move loses */
                for (q = 0; q < nu; q++) {
                    double v = eval_hint(e, S, t, U[q], NULL, &work);
                    if (v > best) best = v;
                }
                e->V[vi(S, t)] = best;
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

/* Two masks at once. Bit 0 is a bystander, so S (even) and S|1 are terminal
 * together and a hint without bit 0 has the same unrevealed set U in both:
 * every read of eval_hint becomes one 16-byte load of a value pair (see vi),
 * and the arithmetic is eval_hint's, lane by lane, in the same order, so the
 * values are bit for bit those of solve_masks. GCC and clang vector types:
 * SSE2 on x86-64, simd128 in WASM. */
typedef double v2d __attribute__((vector_size(16)));
typedef long long v2i __attribute__((vector_size(16)));

static inline v2d v2_load(const double *p)
{
    v2d v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline v2d v2_set(double x)
{
    v2d v = {x, x};
    return v;
}

static inline v2d v2_max(v2d a, v2d b) /* lane by lane: a > b ? a : b */
{
#if defined(__SSE2__)
    return __builtin_ia32_maxpd(a, b); /* maxpd: a > b ? a : b, exactly */
#elif defined(__wasm_simd128__)
    return (v2d)__builtin_wasm_pmax_f64x2(b, a); /* pmax(b, a): b < a ? a : b */
#else
    v2i m = a > b;
    return (v2d)(((v2i)a & m) | ((v2i)b & ~m));
#endif
}

/* eval_hint from a plan: the same reads and arithmetic in the same order,
 * summing each size's A in a register and finishing K = j as soon as Y_j is
 * known. pair: S is even and U lacks bit 0; lane l is S|l's value. Else only
 * S's value, in both lanes. rem = t's unrevealed agents at S. */
static inline __attribute__((always_inline)) v2d eval_plan_at(const engine *e, const plan *p, uint32_t S,
                                                               int t, uint32_t rem, int pair)
{
    const double *O = e->V + 2 * (1 - t); /* pair: O + 2 T holds V[1-t][T], V[1-t][T|1] */
    const uint32_t *w = e->words + p->off;
    int a = p->a, ns = p->ns, na = p->na, u = p->u, n = ns + na, j, r, c;
    int kmax = a + 1 < u ? a + 1 : u;
    /* the last A is own: with an assassin on U, its miss is a stand-in worth
     * 1 (no read) when own is all t has left */
    int last_wins = na && !e->hidden[t] && p->own == rem;
    v2d prefix = v2_set(0), best = v2_set(0), zero = v2_set(0);
#define PLAN_LOAD(T) (pair ? v2_load(O + 2 * (size_t)(T)) : v2_set(e->V[vi((T), 1 - t)]))
    for (j = 0; j <= a; j++) {
        v2d xs = zero, ys = zero;
        for (r = 0; r < e->Ci[a][j]; r++) {
            uint32_t T = S | *w++;
            v2d x = zero;
            for (c = 0; c < ns; c++) x = c ? x + PLAN_LOAD(S | w[c]) : PLAN_LOAD(S | w[c]);
            w += ns;
            if (na && !(j == a && last_wins)) x += v2_set(na);
            xs = r ? xs + x : x;
            if (j) ys = r ? ys + PLAN_LOAD(T) : PLAN_LOAD(T);
        }
        if (j) { /* K = j */
            v2d v = prefix + (v2_set(e->C[a][j]) - ys) * v2_set(e->wstop[u][j]);
            best = j == 1 ? v : v2_max(v, best);
        }
        if (j < kmax) prefix += (v2_set(n * e->C[a][j]) - xs) * v2_set(e->wmiss[u][j]);
    }
#undef PLAN_LOAD
    if (kmax == a + 1) best = a ? v2_max(prefix, best) : prefix; /* K = a + 1: no stop */
    return best;
}

static v2d eval_plan_pair(const engine *e, const plan *p, uint32_t S, int t, uint32_t rem)
{
    return eval_plan_at(e, p, S, t, rem, 1);
}

static double eval_plan_one(const engine *e, const plan *p, uint32_t S, int t, uint32_t rem)
{
    return eval_plan_at(e, p, S, t, rem, 0)[0];
}

/* The plan of U (a subset of a hint of up to PLAN_CARDS cards). */
static const plan *plan_of(const engine *e, uint32_t U, int t)
{
    return &e->plans[2 * e->map_id[map_slot(e, U)] + t];
}

/* A thread's own scratch: seen[id] = the last pair that evaluated plan id. */
typedef struct scratch {
    uint32_t *seen;
    uint32_t iter;
} scratch;

/* One pair of masks, S = 2 g and S|1; returns the work done (0: terminal). */
static int64_t solve_pair(const engine *e, scratch *sc, uint32_t g)
{
    uint32_t S = g << 1, iter = ++sc->iter;
    int ids[CODENAMES_MAX_HINTS], ni = 0, q, t, l;
    int64_t work = 0;

    if (store_terminal(e, S)) {
        store_terminal(e, S | 1);
        return 0;
    }
    /* the distinct unrevealed sets of the pair hints */
    for (q = 0; q < e->np; q++) {
        uint32_t x = e->pair_hints[q] & ~S;
        int id;
        if (!x) continue;
        id = e->map_id[map_slot(e, x)];
        if (sc->seen[id] == iter) continue;
        sc->seen[id] = iter;
        ids[ni++] = id;
    }
    for (t = 0; t < 2; t++) {
        uint32_t rem = e->own[t] & ~S;
        v2d best = v2_set(0);
        for (q = 0; q < ni; q++) {
            const plan *p = &e->plans[2 * ids[q] + t];
            if (p->legal) best = v2_max(eval_plan_pair(e, p, S, t, rem), best);
        }
        memcpy(e->V + vi(S, t), &best, sizeof best);
    }
    /* The other hints, mask by mask: S|1 first, as S reads it. */
    for (l = 1; l >= 0; l--)
        for (t = 0; t < 2; t++) {
            uint32_t T = S | (uint32_t)l, rem = e->own[t] & ~T;
            double best = e->V[vi(T, t)];
            for (q = 0; q < e->no; q++) {
                uint32_t x = e->one_hints[q] & ~T;
                const plan *p;
                double v = -1;
                if (x && wr_popcount32(e->one_hints[q]) > PLAN_CARDS) {
                    v = eval_hint(e, T, t, x, NULL, &work);
                } else if (x) {
                    p = plan_of(e, x, t);
                    if (p->legal) v = eval_plan_one(e, p, T, t, rem);
                }
                if (v > best) best = v;
            }
            e->V[vi(T, t)] = best;
        }
    return work + 8 * (ni + e->no) + 1;
}

/* The pairs in groups: the top GROUP_BITS bits of g name a group, the rest
 * run down inside it. A turn only adds cards, so group P reads only groups
 * whose bits hold P's: the groups with the same number of bits set do not
 * read each other and are shared among the threads, fuller groups first.
 * Every value is computed from the same values in the same order whatever
 * the number of threads: the results are the same bits. */
#define GROUP_BITS 8
#define MAX_THREADS 8

typedef struct pass {
    const engine *e;
    const wr_options *opt;         /* progress: thread 0 only */
    int low;                       /* bits of g inside a group */
    uint32_t groups[1u << GROUP_BITS]; /* this level's */
    int ngroups;
    wr_atomic_int next, cancel;    /* next group to take; set once cancelled */
    double done, total;            /* pairs done before this level; all pairs */
} pass;

typedef struct worker {
    pass *ps;
    wr_thread thread;
    scratch sc;
    int64_t work, states;
    int id;
} worker;

static void *run_level(void *arg)
{
    /* through a pointer the optimizers cannot see through: wasm-opt inlines
     * a function with one caller, and V8 keeps a WASM function that is
     * called a few times (this one) in its baseline tier throughout, which
     * made the solve 1.7 times slower in WASM. Called per pair, solve_pair
     * gets V8's optimizing tier within milliseconds. */
    int64_t (*volatile step)(const engine *, scratch *, uint32_t) = solve_pair;
    worker *w = arg;
    pass *ps = w->ps;
    int64_t next_check = w->work + ((int64_t)1 << 18);
    for (;;) {
        int k = wr_atomic_add(&ps->next, 1);
        uint32_t lo, g;
        if (k >= ps->ngroups || wr_atomic_get(&ps->cancel)) break;
        lo = ps->groups[k] << ps->low;
        for (g = lo + ((1u << ps->low) - 1);; g--) {
            int64_t work = step(ps->e, &w->sc, g);
            w->work += work;
            if (work) w->states += 4;
            if (w->work >= next_check) {
                next_check = w->work + ((int64_t)1 << 18);
                if (wr_atomic_get(&ps->cancel)) break;
                if (w->id == 0 &&
                    wr_progress(ps->opt, ps->done + (double)k * ldexp(1.0, ps->low) + (lo + ldexp(1.0, ps->low) - g), ps->total))
                    wr_atomic_set(&ps->cancel, 1);
            }
            if (g == lo) break;
        }
    }
    return NULL;
}

static int solve_pairs(engine *e, const wr_options *opt, int threads, int64_t *states)
{
    pass *ps = calloc(1, sizeof *ps);
    worker w[MAX_THREADS];
    int bits = e->FS - 1, top = bits < GROUP_BITS ? bits : GROUP_BITS, level, i, rc = WR_OK;
    if (!ps) return WR_ENOMEM;
    if (threads < 1 || top < 2) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    ps->e = e;
    ps->opt = opt;
    ps->low = bits - top;
    ps->total = ldexp(1.0, bits);
    memset(w, 0, sizeof w);
    for (i = 0; i < threads; i++) {
        w[i].ps = ps;
        w[i].id = i;
        w[i].sc.seen = calloc((size_t)e->nids + 1, sizeof *w[i].sc.seen);
        if (!w[i].sc.seen) rc = WR_ENOMEM;
    }
    for (level = top; level >= 0 && !rc; level--) {
        uint32_t P;
        int started = 0;
        ps->ngroups = 0;
        for (P = (1u << top) - 1;; P--) { /* descending: one thread runs them in the old order */
            if (wr_popcount32(P) == level) ps->groups[ps->ngroups++] = P;
            if (!P) break;
        }
        wr_atomic_set(&ps->next, 0);
        for (i = 1; i < threads && i < ps->ngroups; i++)
            if (wr_thread_start(&w[i].thread, run_level, &w[i]) == 0) started = i;
            else break;
        run_level(&w[0]);
        for (i = 1; i <= started; i++) wr_thread_join(w[i].thread);
        ps->done += ps->ngroups * ldexp(1.0, ps->low);
        if (wr_atomic_get(&ps->cancel)) rc = WR_ECANCELLED;
    }
    for (i = 0; i < threads; i++) {
        *states += w[i].states;
        free(w[i].sc.seen);
    }
    free(ps);
    return rc;
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
    e->reference = reference;
    free_index(req, bit, &stored, NULL);
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
    if (e->lanes && !e->reference) {
        rc = build_plans(e);
        if (!rc) rc = solve_pairs(e, opt, threads ? threads : wr_cpu_count(), &res->states);
    } else {
        rc = solve_masks(e, opt, &res->states);
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
