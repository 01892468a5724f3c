/* json.c — the analysis of a solved board (a cell's Grundy value, the
 * winning moves), the JSON and the CLI's run. */
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
static void put_num(char *line, size_t *len, const char *key, long v)
{
    char digits[24];
    int n = 0;
    unsigned long u = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
    while (*key) line[(*len)++] = *key++;
    if (v < 0) line[(*len)++] = '-';
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (n) line[(*len)++] = digits[--n];
}

static void put_str(char *line, size_t *len, const char *s)
{
    while (*s) line[(*len)++] = *s++;
}

static const char *winner_name(int w)
{
    return w == ESCAPE_ALICE ? "Alice" : "Bob";
}

void escape_write_json(const escape_request *req, const escape_result *res, wr_buf *out)
{
    escape_move m[4];
    size_t total, listed = 0, token = 0;
    int r, c, i, n;
    const char *w = winner_name(res->winner);

    wr_buf_puts(out, "{\"game\":\"escape\",\"answer\":");
    wr_json_str(out, w, strlen(w));
    wr_buf_puts(out, ",\"winner\":");
    wr_json_str(out, w, strlen(w));
    wr_buf_printf(out, ",\"rows\":%d,\"cols\":%d,\"k\":%lld,\"prePeriod\":%lld,\"period\":%lld",
                  req->rows, req->cols, (long long)req->k, (long long)res->pre_period,
                  (long long)res->period);
    wr_buf_printf(out, ",\"steps\":%lld,\"xor\":%d,\"tokenCount\":%lu,\"tokens\":[",
                  (long long)res->steps, res->xor_value, (unsigned long)res->tokens);
    for (r = 0; r < req->rows && token < ESCAPE_JSON_MAX_LIST; r++)
        for (c = 0; c < req->cols && token < ESCAPE_JSON_MAX_LIST; c++)
            if (req->cells[(size_t)r * (size_t)req->cols + (size_t)c] == 'T') {
                char line[128];
                size_t len = 0;
                put_num(line, &len, token ? ",{\"row\":" : "{\"row\":", r);
                put_num(line, &len, ",\"col\":", c);
                put_num(line, &len, ",\"grundy\":", escape_grundy(res, r, c, 0));
                put_str(line, &len, "}");
                wr_buf_put(out, line, len);
                token++;
            }

    total = escape_winning_moves(req, res, NULL, 0);
    wr_buf_printf(out, "],\"winningMoveCount\":%lu,\"winningMoves\":[", (unsigned long)total);
    token = 0;
    for (r = 0; r < req->rows && total > 0 && listed < ESCAPE_JSON_MAX_LIST; r++)
        for (c = 0; c < req->cols && listed < ESCAPE_JSON_MAX_LIST; c++) {
            if (req->cells[(size_t)r * (size_t)req->cols + (size_t)c] != 'T') continue;
            n = token_moves(req, res, token++, r, c, m);
            for (i = 0; i < n && listed < ESCAPE_JSON_MAX_LIST; i++, listed++) {
                char line[256];
                size_t len = 0;
                put_num(line, &len, listed ? ",{\"token\":" : "{\"token\":", (long)m[i].token);
                put_num(line, &len, ",\"row\":", r);
                put_num(line, &len, ",\"col\":", c);
                put_str(line, &len, ",\"dir\":\"");
                put_str(line, &len, dir_name[m[i].dir]);
                put_num(line, &len, "\",\"toRow\":", m[i].to_row);
                put_num(line, &len, ",\"toCol\":", m[i].to_col);
                put_str(line, &len, m[i].exits ? ",\"exits\":true" : ",\"exits\":false");
                put_num(line, &len, ",\"grundyAfter\":", m[i].grundy_after);
                put_str(line, &len, "}");
                wr_buf_put(out, line, len);
            }
        }

    wr_buf_puts(out, "],\"grundy\":[");
    for (r = 0; r < req->rows; r++) {
        char line[ESCAPE_MAX_SIDE + 4];
        size_t len = 0;
        line[len++] = r ? ',' : ' ';
        line[len++] = '"';
        for (c = 0; c < req->cols; c++) {
            char ch = req->cells[(size_t)r * (size_t)req->cols + (size_t)c];
            line[len++] =
                ch == '#' || ch == 'E' ? ch : (char)('0' + escape_grundy(res, r, c, 0));
        }
        line[len++] = '"';
        wr_buf_put(out, line + (r ? 0 : 1), len - (r ? 0 : 1));
    }
    wr_buf_puts(out, "]}\n");
}

static int escape_run(const char *text, size_t len, const wr_options *opt, wr_buf *out,
                      wr_error *err)
{
    escape_request req;
    escape_result res;
    int rc = escape_parse(text, len, &req, err);
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

const wr_game wr_game_escape = {"escape", 0, 0, escape_run};
