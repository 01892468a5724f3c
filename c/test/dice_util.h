/* dice_util.h — what the dice test files (test_dice.c, test_dice_rolls.c)
 * share: random dice for the brute-force cross-checks and a progress
 * callback that cancels at once. */
#ifndef WR_TEST_DICE_UTIL_H
#define WR_TEST_DICE_UTIL_H

#include <stdint.h>

/* A die's text into p (room for 4 * max_faces bytes): 2 to max_faces faces of
 * 0 to 3 random icons each ('-' when blank). */
void test_random_die(char *p, uint64_t *rng, int max_faces);

/* Counts its calls in *(int *)ctx and asks to stop. */
int test_cancel_at_once(void *ctx, double done, double total);

#endif
