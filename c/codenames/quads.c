/* quads.c — the fast solve with masks in quads (bits 0 and 1 bystanders):
 * pairs_impl.h, where 4-lane vectors are one register (AVX natively) or two
 * (simd128 in WASM). Without them the quads are slower than pairs (2.76
 * against 1.80 s on the 25-hint board, GCC -O2 on SSE2, 2026-11-27): not
 * built, and the pairs solve serves. */
#include "internal.h"

#if defined(__AVX__) || defined(__wasm_simd128__)
#define LANE_BITS 2
#define PAIRS_API(name) name##_quads
#include "pairs_impl.h"

int cn_quads_built(void)
{
    return 1;
}
#else
int cn_build_plans_quads(engine *e)
{
    (void)e;
    return WR_EINVAL;
}

int cn_solve_pairs_quads(engine *e, const wr_options *opt, int threads, int64_t *states)
{
    (void)e, (void)opt, (void)threads, (void)states;
    return WR_EINVAL;
}

int cn_quads_built(void)
{
    return 0;
}
#endif
