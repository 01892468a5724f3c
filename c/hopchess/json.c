/* json.c — the hop chess JSON analysis and the CLI's run (answer, sweep
 * table or JSON). */
#include "internal.h"

static void json_cell(wr_buf *b, const char *key, int cell, int cols)
{
    wr_json_key(b, key);
    wr_buf_printf(b, "{\"row\":%d,\"col\":%d}", cell / cols, cell % cols);
}

void hopchess_write_json(const hopchess_request *req, const hopchess_result *res,
                         const double *sweep, int n, wr_buf *b)
{
    static const char *const status_name[] = {"out", "tied", "in"};
    int i, j;
    wr_buf_puts(b, "{\"game\":\"hopchess\",\"answer\":");
    wr_json_num(b, res->justin_win);
    wr_buf_printf(b, ",\"rows\":%d,\"cols\":%d,\"board\":[", req->rows, req->cols);
    for (i = 0; i < req->rows; i++) {
        if (i) wr_buf_puts(b, ",");
        wr_json_str(b, req->cell + i * req->cols, (size_t)req->cols);
    }
    wr_buf_printf(b, "],\"toMove\":\"%c\",\"aJ\":%d,\"aD\":%d,\"positions\":%llu,\"moverWin\":",
                  req->to_move == HOPCHESS_JUSTIN ? 'J' : 'D', req->a_j, req->a_d,
                  (unsigned long long)res->positions);
    wr_json_num(b, res->mover_win);
    wr_buf_printf(b, ",\"moveCount\":%d,\"proposalSize\":%d,\"cutValue\":", res->nmoves,
                  res->proposal_size);
    if (res->proposal_size > 0) wr_json_num(b, res->moves[res->proposal_size - 1].value);
    else wr_buf_puts(b, "null");
    wr_buf_puts(b, ",\"moves\":[");
    for (i = 0; i < res->nmoves; i++) {
        const hopchess_move *m = &res->moves[i];
        if (i) wr_buf_puts(b, ",");
        wr_buf_puts(b, "{");
        json_cell(b, "from", m->from, req->cols);
        wr_buf_puts(b, ",");
        json_cell(b, "to", m->to, req->cols);
        wr_buf_printf(b, ",\"capture\":\"%s\",\"value\":", m->capture_own ? "own" : "enemy");
        wr_json_num(b, m->value);
        wr_buf_printf(b, ",\"status\":\"%s\"}", status_name[m->status]);
    }
    wr_buf_puts(b, "]");
    if (sweep && n > 0) {
        wr_buf_puts(b, ",\"sweep\":[");
        for (i = 0; i < n; i++) {
            wr_buf_puts(b, i ? ",[" : "[");
            for (j = 0; j < n; j++) {
                if (j) wr_buf_puts(b, ",");
                wr_json_num(b, sweep[i * n + j]);
            }
            wr_buf_puts(b, "]");
        }
        wr_buf_puts(b, "]");
    }
    wr_buf_puts(b, "}\n");
}

static int hopchess_run(const char *text, size_t len, const wr_options *opt, wr_buf *out,
                        wr_error *err)
{
    hopchess_request req;
    hopchess_result *res = NULL;
    double *sweep = NULL;
    int rc, n = opt->sweep > 0 ? opt->sweep : 0, digits = opt->digits;
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

const wr_game wr_game_hopchess = {"hopchess", HOPCHESS_DEFAULT_DIGITS, WR_OPTION_SWEEP, hopchess_run};
