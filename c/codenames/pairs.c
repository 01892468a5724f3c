/* pairs.c — the fast solve with masks in pairs (bit 0 a bystander): pairs_impl.h. */
#define LANE_BITS 1
#define PAIRS_API(name) name
#include "pairs_impl.h"
