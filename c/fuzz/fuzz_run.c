/* fuzz_run.c — shared body of the libFuzzer harnesses and the replay driver.
 * Checks the contract, not just "no crash": an error has a known code and a
 * message; a success writes output ending in a newline or a JSON object. */
#include "fuzz_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codenames/codenames.h"
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

/* Codenames' kept table: the input solved and kept, then the same board
 * with one more card revealed read from the table must be the JSON of a
 * fresh solve, byte for byte. The card: the bystander the solve numbers 0
 * (covered, in the fewest hints; the fresh solve then numbers another one 0),
 * else the first card a later position can reveal. */
static void check_kept_codenames(const uint8_t *data, size_t size, wr_options *opt, fuzz_budget *budget)
{
    codenames_request *req = malloc(sizeof *req);
    codenames_table *table = NULL;
    codenames_result a, b;
    wr_error err;
    wr_buf ja, jb;
    int covered[CODENAMES_MAX_N] = {0}, left[2] = {0, 0}, h, k, i, reused = 0;
    if (!req || codenames_parse((const char *)data, size, req, &err) != WR_OK) {
        free(req);
        return;
    }
    budget->calls = 0;
    if (codenames_solve_keep(req, opt, &a, &err, &table, &reused) == WR_OK) codenames_result_free(&a);
    for (h = 0; h < req->nhints; h++)
        for (k = 0; k < req->hints[h].ncards; k++) covered[req->hints[h].cards[k]]++;
    for (i = 0; i < req->n; i++)
        if (!req->revealed[i] && (req->ident[i] == 'R' || req->ident[i] == 'B')) left[req->ident[i] == 'B']++;
    for (i = 0, k = -1; i < req->n; i++)
        if (covered[i] && !req->revealed[i] && req->ident[i] == 'I' && (k < 0 || covered[i] < covered[k])) k = i;
    for (i = 0; k < 0 && i < req->n; i++) /* not the assassin, not a team's last agent: the game goes on */
        if (covered[i] && !req->revealed[i] && req->ident[i] != 'A' &&
            (req->ident[i] == 'I' || left[req->ident[i] == 'B'] > 1))
            k = i;
    i = k;
    if (table && i >= 0) {
        req->revealed[i] = 1;
        req->to_move = 1 - req->to_move;
        wr_buf_init(&ja);
        wr_buf_init(&jb);
        budget->calls = 0;
        if (codenames_solve_keep(req, opt, &a, &err, &table, &reused) == WR_OK) {
            budget->calls = 0;
            if (!reused) {
                fprintf(stderr, "fuzz: codenames: a later position was not read from the kept table\n");
                abort();
            }
            if (codenames_solve(req, opt, &b, &err) == WR_OK) {
                codenames_write_json(req, &a, &ja);
                codenames_write_json(req, &b, &jb);
                if (ja.len != jb.len || memcmp(ja.data, jb.data, ja.len) != 0) {
                    fprintf(stderr, "fuzz: codenames: kept table and fresh solve differ\n");
                    abort();
                }
                codenames_result_free(&b);
            }
            codenames_result_free(&a);
        }
        wr_buf_free(&ja);
        wr_buf_free(&jb);
    }
    codenames_table_free(table);
    free(req);
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
    if (strcmp(game, "codenames") == 0) {
        opt.json = 0;
        check_kept_codenames(data, size, &opt, &budget);
    }
    wr_buf_free(&out);
}
