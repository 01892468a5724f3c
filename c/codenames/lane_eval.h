/* lane_eval.h — a lane group's evaluation (lane_pairs), included by
 * pairs_impl.h (only), in quads and octs, once per width of a group: 2 lanes (h2d),
 * and in octs also 4 (h4d). The includer defines GV (the vector type),
 * GV_LOAD, GV_SET, GV_MAX and GV_NAME(x) (the names of this width's
 * functions), which this undefines at its end; it defines GV_NAME(load), the read of a word at the
 * group's lanes, and GV_NAME(eval), a plan's evaluation there (plan_eval.h
 * on GV, twice: the SHAPES and GENERIC). */

/* The read of V[1-t][S|l|W] at the group's lanes l: word W's entry, its
 * lanes l | (W's lane cards) (D and self: the dictionary and the entry's
 * own values, each moved on to the group's first lane); W of lane cards
 * alone is S's own entry, whose fuller lanes are self + W (not in the
 * table yet). */
static inline GV GV_NAME(load)(const uint32_t *B, const double *D, uint32_t W, const double *self)
{
    return W < LANES ? GV_LOAD(self + W) : GV_LOAD(cn_at(D, B[(W >> LANE_BITS) << 1]) + (W & LANE_MASK));
}
#define v2d GV
#define v2_set GV_SET
#define v2_max GV_MAX
#define v2_load GV_LOAD
#define PLAN_LOAD_LANES GV_NAME(load)
#define EVAL_PLAN GV_NAME(at)
#define UNROLL_LOOP UNROLL
#include "plan_eval.h"
#undef EVAL_PLAN
#undef UNROLL_LOOP
#define EVAL_PLAN GV_NAME(any)
#define UNROLL_LOOP UNROLL_ANY
#include "plan_eval.h"
#undef EVAL_PLAN
#undef UNROLL_LOOP
#undef PLAN_LOAD_LANES
#undef v2d
#undef v2_set
#undef v2_max
#undef v2_load

static inline __attribute__((always_inline)) GV GV_NAME(eval)(const engine *e, const plan *p, uint32_t S, int t,
                                                                uint32_t rem, const uint32_t *B, const double *D,
                                                                const double *self)
{
    switch (p->shape) {
#define LANES_SHAPE(I, A, N) case I: return GV_NAME(at)(e, p, S, t, rem, 1, 1, A, N, 0, B, D, self);
        SHAPES(LANES_SHAPE)
#undef LANES_SHAPE
    default: return GV_NAME(any)(e, p, S, t, rem, 1, 0, p->a, p->ns, p->na, B, D, self);
    }
}
#undef GV
#undef GV_LOAD
#undef GV_SET
#undef GV_MAX
#undef GV_NAME
