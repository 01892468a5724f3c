/* json.c — the analysis of a solved board (a cell's Grundy value, the
 * winning moves), the JSON and the CLI's run. */
#include "common/json.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int escape_grundy(const escape_result *res, int r, int c, int prev)
{
    const unsigned char *x = prev ? res->gk1 : res->gk;
    unsigned char v = x[padded_index(res->stride, r, c)];
    return v == WALL ? -1 : v;
}

static const int dir_dr[4] = {-1, 1, 0, 0};
static const int dir_dc[4] = {0, 0, -1, 1};
static const char *const dir_name[4] = {"up", "down", "left", "right"};

/* The winning moves of the token at (r, c), token number `token`: fills
 * out[0..3] and returns how many. */
static int token_moves(const escape_request *req, const escape_result *res, size_t token, int r,
                       int c, escape_move out[4])
{
    int d, n = 0, want = res->xor_value ^ escape_grundy(res, r, c, 0);
    if (res->xor_value == 0) return 0;
    for (d = 0; d < 4; d++) {
        int r2 = r + dir_dr[d], c2 = c + dir_dc[d];
        /* x_{K-1} is x_0 (all 0) when K = 1, and 0 on exits: it is the value
         * the token has after the move; -1 is an obstacle or off the grid */
        int after = escape_grundy(res, r2, c2, 1);
        if (after < 0 || after != want) continue;
        out[n].token = token;
        out[n].row = r;
        out[n].col = c;
        out[n].dir = d;
        out[n].to_row = r2;
        out[n].to_col = c2;
        out[n].exits = req->cells[(size_t)r2 * (size_t)req->cols + (size_t)c2] == 'E';
        out[n].grundy_after = after;
        n++;
    }
    return n;
}

size_t escape_winning_moves(const escape_request *req, const escape_result *res,
                            escape_move *out, size_t cap)
{
    size_t count = 0, token = 0;
    int r, c, i, n;
    escape_move m[4];
    if (res->xor_value == 0) return 0;
    for (r = 0; r < req->rows; r++)
        for (c = 0; c < req->cols; c++) {
            if (req->cells[(size_t)r * (size_t)req->cols + (size_t)c] != 'T') continue;
            n = token_moves(req, res, token++, r, c, m);
            for (i = 0; i < n; i++, count++)
                if (count < cap) out[count] = m[i];
        }
    return count;
}

/* Appends `key` then the decimal v: the token and move lists print hundreds
 * of thousands of small numbers, where printf dominates (3x in WASM). */
static const char *winner_name(int w)
{
    return w == ESCAPE_ALICE ? "Alice" : "Bob";
}

void escape_write_json(const escape_request *req, const escape_result *res, wr_buf *out)
{
    escape_move m[4];
    size_t total, listed = 0, token = 0;
    int r, c, i, n;
    wr_json j;
    char line[ESCAPE_MAX_SIDE];

    wr_jw_begin(&j, out);
    wr_jw_str(&j, "game", "escape");
    wr_jw_str(&j, "answer", winner_name(res->winner));
    wr_jw_str(&j, "winner", winner_name(res->winner));
    wr_jw_int(&j, "rows", req->rows);
    wr_jw_int(&j, "cols", req->cols);
    wr_jw_int(&j, "k", (long long)req->k);
    wr_jw_int(&j, "prePeriod", (long long)res->pre_period);
    wr_jw_int(&j, "period", (long long)res->period);
    wr_jw_int(&j, "steps", (long long)res->steps);
    wr_jw_int(&j, "xor", res->xor_value);
    wr_jw_int(&j, "tokenCount", (long long)res->tokens);
    wr_jw_array(&j, "tokens");
    for (r = 0; r < req->rows && token < ESCAPE_JSON_MAX_LIST; r++)
        for (c = 0; c < req->cols && token < ESCAPE_JSON_MAX_LIST; c++)
            if (req->cells[(size_t)r * (size_t)req->cols + (size_t)c] == 'T') {
                wr_jw_object(&j, NULL);
                wr_jw_int(&j, "row", r);
                wr_jw_int(&j, "col", c);
                wr_jw_int(&j, "grundy", escape_grundy(res, r, c, 0));
                wr_jw_close(&j);
                token++;
            }
    wr_jw_close(&j);

    total = escape_winning_moves(req, res, NULL, 0);
    wr_jw_int(&j, "winningMoveCount", (long long)total);
    wr_jw_array(&j, "winningMoves");
    token = 0;
    for (r = 0; r < req->rows && total > 0 && listed < ESCAPE_JSON_MAX_LIST; r++)
        for (c = 0; c < req->cols && listed < ESCAPE_JSON_MAX_LIST; c++) {
            if (req->cells[(size_t)r * (size_t)req->cols + (size_t)c] != 'T') continue;
            n = token_moves(req, res, token++, r, c, m);
            for (i = 0; i < n && listed < ESCAPE_JSON_MAX_LIST; i++, listed++) {
                wr_jw_object(&j, NULL);
                wr_jw_int(&j, "token", (long long)m[i].token);
                wr_jw_int(&j, "row", r);
                wr_jw_int(&j, "col", c);
                wr_jw_str(&j, "dir", dir_name[m[i].dir]);
                wr_jw_int(&j, "toRow", m[i].to_row);
                wr_jw_int(&j, "toCol", m[i].to_col);
                wr_jw_bool(&j, "exits", m[i].exits);
                wr_jw_int(&j, "grundyAfter", m[i].grundy_after);
                wr_jw_close(&j);
            }
        }
    wr_jw_close(&j);

    wr_jw_array(&j, "grundy"); /* a row per string: the value of each cell, or E, # */
    for (r = 0; r < req->rows; r++) {
        for (c = 0; c < req->cols; c++) {
            char ch = req->cells[(size_t)r * (size_t)req->cols + (size_t)c];
            line[c] = ch == '#' || ch == 'E' ? ch : (char)('0' + escape_grundy(res, r, c, 0));
        }
        wr_jw_strn(&j, NULL, line, (size_t)req->cols);
    }
    wr_jw_close(&j);
    wr_jw_end(&j);
}

static int escape_run(const char *text, size_t len, const wr_options *opt, const int *values,
                      wr_buf *out, wr_error *err)
{
    escape_request req;
    escape_result res;
    int rc = escape_parse(text, len, &req, err);
    (void)values; /* escape has no game options */
    if (rc) {
        escape_request_free(&req);
        return rc;
    }
    rc = escape_solve(&req, opt, &res, err);
    if (rc == WR_OK) {
        if (opt->json) {
            escape_write_json(&req, &res, out);
        } else {
            wr_buf_puts(out, winner_name(res.winner));
            wr_buf_puts(out, "\n");
        }
    }
    escape_result_free(&res);
    escape_request_free(&req);
    return rc;
}

const wr_game wr_game_escape = {"escape", 0, NULL, escape_run};
