/* fuzz_run.c — shared body of the libFuzzer harnesses and the replay driver.
 * Checks the contract, not just "no crash": an error has a known code and a
 * message; a success writes output ending in a newline or a JSON object. */
#include "fuzz_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "winrate.h"

/* Fuzzing wants many small solves: a solve that is valid but long (a 75 vs 99
 * battle under ASan) is cut off after a CPU budget through the progress
 * callback, which is itself a contract under test (WR_ECANCELLED, all freed). */
#define FUZZ_CPU_SECONDS 0.5

static int cancel_when_slow(void *ctx, double done, double total)
{
    const clock_t *start = ctx;
    (void)done;
    (void)total;
    return (double)(clock() - *start) / CLOCKS_PER_SEC > FUZZ_CPU_SECONDS;
}

void fuzz_run(const char *game, const uint8_t *data, size_t size)
{
    wr_options opt;
    wr_buf out;
    wr_error err;
    int json, rc;
    clock_t start = clock();

    wr_options_init(&opt);
    opt.memory_mb = 64; /* keep each input cheap */
    opt.progress = cancel_when_slow;
    opt.progress_ctx = &start;
    wr_buf_init(&out);
    /* json 0 and 1; for hop chess a third run with a small sweep (the
     * shared-table engine) sized by the input */
    for (json = 0; json <= (strcmp(game, "hopchess") == 0 ? 2 : 1); json++) {
        opt.json = json == 1;
        opt.sweep = json == 2 ? 1 + (int)(size % 9) : 0;
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
