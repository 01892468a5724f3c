/* plan_eval.h — eval_plan_at's body, included by pairs_impl.h (only): as
 * EVAL_PLAN = eval_plan_at with UNROLL_LOOP = UNROLL, for the SHAPES, whose
 * loop counts are constants, and as eval_plan_any with UNROLL_ANY, for
 * GENERIC (counts known at run time: GCC unrolls them partly; clang gets no
 * pragma there, as it warns that it cannot honour it, and under LTO it does
 * so at link time, where no pragma silences it). In quads and octs, by lane_eval.h,
 * twice more per width of a lane group (lane_pairs: 2 lanes; octs also 4,
 * lane_quads), on those vectors with its reads from PLAN_LOAD_LANES. */

/* eval_hint from a plan: the same reads and arithmetic in the same order,
 * summing each size's A in a register and finishing K = j as soon as Y_j is
 * known. pair: S is even and U lacks bit 0; lane l is S|l's value. Else only
 * S's value, in both lanes. rem = t's unrevealed agents at S. a, ns, na:
 * the plan's. fixed: they are constants (SHAPES), and so are the weights,
 * from BINOM: the same divisions of the same numbers as engine_init's. */
static inline __attribute__((always_inline)) v2d EVAL_PLAN(const engine *e, const plan *p, uint32_t S, int t,
                                                           uint32_t rem, int pair, int fixed, int a, int ns, int na,
                                                           const uint32_t *B, const double *D,
                                                           const double *lane1)
{
    /* pair: B = codes + qi(S, 1 - t) (from the caller: at a block's pair h
     * it is the block's + 2 h), and B[W] is the code (as its byte offset)
     * of V[1-t][S|W], V[1-t][S|W|1] (S and a plan word W share no bit), in
     * the dictionary D.
     * Else B is the codes, and lane1 NULL or V[0..1][S|1] (S even), not yet
     * in the table */
    const uint32_t *w = e->words + p->off;
    int u = a + ns + na, n = ns + na, j, r, c;
    int kmax = a + 1 < u ? a + 1 : u;
    /* the last A is own: with an assassin on U, its miss is a stand-in worth
     * 1 (no read) when own is all t has left */
    int last_wins = na && !e->hidden[t] && p->own == rem;
    v2d prefix = v2_set(0), best = prefix, zero = prefix;
#ifdef PLAN_LOAD_LANES
#define PLAN_LOAD(W) PLAN_LOAD_LANES(B, D, W, lane1)
    (void)S;
    (void)pair;
#else
#define PLAN_LOAD(W)                                                                                           \
    (pair ? v2_load(cn_at(D, B[(W) >> (LANE_BITS - 1)]))                                                       \
          : v2_set(lane1 && (W) < LANES ? lane1[2 * ((S | (W)) & LANE_MASK) + 1 - t]                           \
                                        : cn_value(B, D, S | (W), 1 - t, LANE_BITS)))
#endif
    /* a read in WASM, not kept (stop 59; times against this, 3 alternating
     * pairs in one Node process, on board(40, 2), (40, 5) and the 40- and
     * 25-hint boards): a quad evaluated as two 2-lane halves one after the
     * other, each on its own registers (V8 spills many of a quad's reads to
     * the stack), 1.29-1.36, the words and codes read twice; the pair plans'
     * words stored as their codes' byte offsets (no shift and mask a read),
     * 0.99-1.01; clang's -pre-RA-sched=source, 1.00-1.02 */
    /* unrolled in full for a shape: GCC -O2 kept these loops (counters,
     * branches, spills) though their counts are constants; asked to, 0.75 of
     * the instructions and 0.84-0.85 of the time on the 25-card boards.
     * clang (WASM) kept the miss loop: 0.93-0.96 in WASM, asked to. Build
     * WASM after changing these loops: clang fails (-Werror, "loop not
     * unrolled") where it cannot honour the pragma, as it could not with the
     * sets' reads summed in a loop of their own inside "if (j)" (stop 54) */
    UNROLL_LOOP
    for (j = 0; j <= a; j++) {
        v2d xs = zero, ys = zero;
        UNROLL_LOOP
        for (r = 0; r < BINOM[a][j]; r++) {
            uint32_t A = *w++;
            v2d x = zero;
            UNROLL_LOOP
            for (c = 0; c < ns; c++) x = c ? x + PLAN_LOAD(w[c]) : PLAN_LOAD(w[c]);
            if (na && !(j == a && last_wins)) x += v2_set(na);
            xs = r ? xs + x : x;
            if (j) ys = r ? ys + PLAN_LOAD(A) : PLAN_LOAD(A);
            w += ns;
        }
        if (j) { /* K = j */
            double stop = fixed ? 1.0 / BINOM[u][j] : e->wstop[u][j];
            v2d v = prefix + (v2_set(fixed ? BINOM[a][j] : e->C[a][j]) - ys) * v2_set(stop);
            best = j == 1 ? v : v2_max(v, best);
        }
        if (j < kmax) {
            double miss = fixed ? 1.0 / (u * BINOM[u - 1][j]) : e->wmiss[u][j];
            v2d m = (v2_set(n * (fixed ? BINOM[a][j] : e->C[a][j])) - xs) * v2_set(miss);
            /* j = 0: 0 + m is m, as m is never -0 (xs <= n C), without the
             * add (0.99 of the instructions on the 25-card boards) */
            prefix = j ? prefix + m : m;
        }
    }
#undef PLAN_LOAD
    /* K = a + 1: no stop */
    return kmax == a + 1 ? (a ? v2_max(prefix, best) : prefix) : best;
}
