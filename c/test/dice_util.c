/* dice_util.c — see dice_util.h. */
#include "dice_util.h"

#include "harness.h"

void test_random_die(char *p, uint64_t *rng, int max_faces)
{
    int n = 2 + (int)(test_xorshift(rng) % (uint64_t)(max_faces - 1)), f, k;
    for (f = 0; f < n; f++) {
        int icons = (int)(test_xorshift(rng) % 4);
        if (f) *p++ = ' ';
        if (icons == 0) *p++ = '-';
        for (k = 0; k < icons; k++) *p++ = (test_xorshift(rng) % 2) ? 'A' : 'D';
    }
    *p = '\0';
}

int test_cancel_at_once(void *ctx, double done, double total)
{
    (void)done;
    (void)total;
    ++*(int *)ctx;
    return 1;
}
