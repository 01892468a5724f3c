/* fuzz_run.c — shared body of the libFuzzer harnesses and the replay driver.
 * Checks the contract, not just "no crash": an error has a known code and a
 * message; a success writes output ending in a newline or a JSON object. */
#include "fuzz_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "winrate.h"

/* Fuzzing wants many small solves, and a finding must replay the same way:
 * a valid but long solve (a 75 vs 99 battle under ASan) is cut after a fixed
 * number of progress calls, which every solver makes after a fixed amount of
 * work (a count, never a clock). The cut is itself a contract under test
 * (WR_ECANCELLED, everything freed). Per game, as their calls measure
 * different work: a dice or hop chess call is 65,536 cells or positions, an
 * escape call one whole-board step, a codenames call one revealed-set. */
typedef struct fuzz_budget {
    int calls, max_calls;
} fuzz_budget;

static int cancel_after_budget(void *ctx, double done, double total)
{
    fuzz_budget *b = ctx;
    (void)done;
    (void)total;
    return ++b->calls > b->max_calls;
}

static int max_calls_for(const char *game)
{
    if (strcmp(game, "dice") == 0) return 2;
    if (strcmp(game, "hopchess") == 0) return 4;
    if (strcmp(game, "escape") == 0) return 64;
    return 8; /* codenames: a call per 262,144 units of work */
}

void fuzz_run(const char *game, const uint8_t *data, size_t size)
{
    wr_options opt;
    wr_buf out;
    wr_error err;
    int json, rc;
    fuzz_budget budget;

    wr_options_init(&opt);
    opt.memory_mb = 64; /* keep each input cheap */
    budget.max_calls = max_calls_for(game);
    opt.progress = cancel_after_budget;
    opt.progress_ctx = &budget;
    wr_buf_init(&out);
    /* json 0 and 1; for hop chess a third run with a small sweep (the
     * shared-table engine) sized by the input */
    for (json = 0; json <= (strcmp(game, "hopchess") == 0 ? 2 : 1); json++) {
        opt.json = json == 1;
        if (json == 2) wr_options_set(&opt, "sweep", 1 + (int)(size % 9), &err);
        budget.calls = 0;
        rc = wr_run(game, (const char *)data, size, &opt, &out, &err);
        if (rc != WR_OK) {
            if (rc != err.code || err.message[0] == '\0' || rc > 0 || rc < WR_EUSAGE) {
                fprintf(stderr, "fuzz: %s: bad error report (rc %d, code %d)\n", game, rc, err.code);
                abort();
            }
        } else if (!out.data || out.len == 0 ||
                   (opt.json ? out.data[0] != '{' : out.data[out.len - 1] != '\n')) {
            fprintf(stderr, "fuzz: %s: malformed output\n", game);
            abort();
        }
    }
    wr_buf_free(&out);
}
