/* harness.h — a tiny test harness in the spirit of redis's testhelp.h.
 * Each c/test/test_<game>.c defines `void test_<game>(void)` using TEST_COND
 * and TEST_NEAR; c/test/main.c runs them all and prints "N passed, N failed"
 * as its last line (CI reads it). */
#ifndef WR_HARNESS_H
#define WR_HARNESS_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

extern int test_passed, test_failed;

#define TEST_COND(descr, cond)                                                        \
    do {                                                                              \
        if (cond) {                                                                   \
            test_passed++;                                                            \
        } else {                                                                      \
            test_failed++;                                                            \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, descr);                    \
        }                                                                             \
    } while (0)

#define TEST_NEAR(descr, got, want, tol)                                              \
    do {                                                                              \
        double g_ = (got), w_ = (want);                                               \
        if (fabs(g_ - w_) <= (tol)) {                                                 \
            test_passed++;                                                            \
        } else {                                                                      \
            test_failed++;                                                            \
            printf("FAIL %s:%d: %s: got %.17g, want %.17g\n", __FILE__, __LINE__,     \
                   descr, g_, w_);                                                    \
        }                                                                             \
    } while (0)


/* The tests' one random source: xorshift64, seeded by the caller, so every
 * random cross-check is deterministic (never rand(), which is global state). */
static inline uint64_t test_xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

#endif
