/* octs.c — the fast solve with masks in octs (bits 0, 1 and 2 bystanders):
 * pairs_impl.h with 8-lane vectors, one AVX-512 register natively. Built
 * only with AVX-512 (the Makefile asks for it where the CPU has it); else,
 * and in WASM (slower there: codenames.h, "Octs"), the quads serve. */
#include "internal.h"

#if defined(__AVX512F__)
#define LANE_BITS 3
#define PAIRS_API(name) name##_octs
#include "pairs_impl.h"

int cn_octs_built(void)
{
    return 1;
}
#else
int cn_build_plans_octs(engine *e)
{
    (void)e;
    return WR_EINVAL;
}

int cn_solve_pairs_octs(engine *e, const wr_options *opt, int threads, int64_t *states)
{
    (void)e, (void)opt, (void)threads, (void)states;
    return WR_EINVAL;
}

int cn_octs_built(void)
{
    return 0;
}
#endif
