/* json.c — the hop chess JSON analysis and the CLI's run (answer, sweep
 * table or JSON). */
#include "common/json.h"
#include "internal.h"

static void json_cell(wr_json *j, const char *key, int cell, int cols)
{
    wr_jw_object(j, key);
    wr_jw_int(j, "row", cell / cols);
    wr_jw_int(j, "col", cell % cols);
    wr_jw_close(j);
}

void hopchess_write_json(const hopchess_request *req, const hopchess_result *res,
                         const double *sweep, int n, wr_buf *b)
{
    static const char *const status_name[] = {"out", "tied", "in"};
    char side[2] = {req->to_move == HOPCHESS_JUSTIN ? 'J' : 'D', 0};
    wr_json j;
    int i;
    wr_jw_begin(&j, b);
    wr_jw_str(&j, "game", "hopchess");
    wr_jw_num(&j, "answer", res->justin_win);
    wr_jw_int(&j, "rows", req->rows);
    wr_jw_int(&j, "cols", req->cols);
    wr_jw_array(&j, "board");
    for (i = 0; i < req->rows; i++) wr_jw_strn(&j, NULL, req->cell + i * req->cols, (size_t)req->cols);
    wr_jw_close(&j);
    wr_jw_str(&j, "toMove", side);
    wr_jw_int(&j, "aJ", req->a_j);
    wr_jw_int(&j, "aD", req->a_d);
    wr_jw_int(&j, "positions", (long long)res->positions);
    wr_jw_num(&j, "moverWin", res->mover_win);
    wr_jw_int(&j, "moveCount", res->nmoves);
    wr_jw_int(&j, "proposalSize", res->proposal_size);
    if (res->proposal_size > 0) wr_jw_num(&j, "cutValue", res->moves[res->proposal_size - 1].value);
    else wr_jw_null(&j, "cutValue");
    wr_jw_array(&j, "moves");
    for (i = 0; i < res->nmoves; i++) {
        const hopchess_move *m = &res->moves[i];
        wr_jw_object(&j, NULL);
        json_cell(&j, "from", m->from, req->cols);
        json_cell(&j, "to", m->to, req->cols);
        wr_jw_str(&j, "capture", m->capture_own ? "own" : "enemy");
        wr_jw_num(&j, "value", m->value);
        wr_jw_str(&j, "status", status_name[m->status]);
        wr_jw_close(&j);
    }
    wr_jw_close(&j);
    if (sweep && n > 0) {
        wr_jw_array(&j, "sweep");
        for (i = 0; i < n; i++) wr_jw_nums(&j, NULL, sweep + (size_t)i * n, (size_t)n);
        wr_jw_close(&j);
    }
    wr_jw_end(&j);
}

enum { OPT_SWEEP };
static const wr_option_spec options[] = {{"sweep", 1, HOPCHESS_MAX_SWEEP, 0}, {NULL, 0, 0, 0}};

static int hopchess_run(const char *text, size_t len, const wr_options *opt, const int *values,
                        wr_buf *out, wr_error *err)
{
    hopchess_request req;
    hopchess_result *res = NULL;
    double *sweep = NULL;
    int rc, n = values[OPT_SWEEP], digits = opt->digits;
    int i, j;

    if ((rc = hopchess_parse(text, len, &req, err))) return rc;
    if (n > 0) {
        sweep = malloc((size_t)n * (size_t)n * sizeof *sweep);
        if (!sweep) return wr_fail_nomem(err);
        if ((rc = hopchess_sweep(&req, n, opt, sweep, NULL, err))) goto done;
    }
    if (n == 0 || opt->json) {
        res = malloc(sizeof *res);
        if (!res) {
            rc = wr_fail_nomem(err);
            goto done;
        }
        if ((rc = hopchess_solve(&req, opt, res, err))) goto done;
    }
    if (opt->json) {
        hopchess_write_json(&req, res, sweep, n, out);
    } else if (n > 0) {
        for (i = 0; i < n; i++) {
            for (j = 0; j < n; j++) {
                if (j) wr_buf_puts(out, " ");
                wr_buf_prob(out, sweep[i * n + j], digits);
            }
            wr_buf_puts(out, "\n");
        }
    } else {
        wr_buf_prob(out, res->justin_win, digits);
        wr_buf_puts(out, "\n");
    }
    rc = wr_buf_status(out);
    if (rc) wr_fail_nomem(err);
done:
    free(sweep);
    free(res);
    return rc;
}

const wr_game wr_game_hopchess = {"hopchess", HOPCHESS_DEFAULT_DIGITS, options, hopchess_run};
