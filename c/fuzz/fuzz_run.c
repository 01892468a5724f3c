/* fuzz_run.c — shared body of the libFuzzer harnesses and the replay driver.
 * Checks the contract, not just "no crash": an error has a known code and a
 * message; a success writes output ending in a newline or a JSON object. */
#include "fuzz_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "winrate.h"

static int never_cancel(void *ctx, double done, double total)
{
    (void)ctx;
    (void)done;
    (void)total;
    return 0;
}

void fuzz_run(const char *game, const uint8_t *data, size_t size)
{
    wr_options opt;
    wr_buf out;
    wr_error err;
    int json, rc;

    wr_options_init(&opt);
    opt.memory_mb = 64; /* keep each input cheap */
    opt.progress = never_cancel;
    wr_buf_init(&out);
    for (json = 0; json <= 1; json++) {
        opt.json = json;
        rc = wr_run(game, (const char *)data, size, &opt, &out, &err);
        if (rc != WR_OK) {
            if (rc != err.code || err.message[0] == '\0' || rc > 0 || rc < WR_EUSAGE) {
                fprintf(stderr, "fuzz: %s: bad error report (rc %d, code %d)\n", game, rc, err.code);
                abort();
            }
        } else if (!out.data || out.len == 0 ||
                   (json ? out.data[0] != '{' : out.data[out.len - 1] != '\n')) {
            fprintf(stderr, "fuzz: %s: malformed output\n", game);
            abort();
        }
    }
    wr_buf_free(&out);
}
