/* escape.c — Board Escape: parser, Grundy-vector cycle finder, analysis.
 * The algorithm and the JSON shape are described in escape.h. */
#include "escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/reader.h"

/* ---------------------------------------------------------------- parsing */

void escape_request_free(escape_request *req)
{
    free(req->cells);
    req->cells = NULL;
}

static int is_cell_char(char ch)
{
    return ch == 'E' || ch == 'T' || ch == '#' || ch == '.';
}

static int parse_rows(wr_reader *rd, escape_request *req, wr_error *err)
{
    int r, rc;
    for (r = 0; r < req->rows; r++) {
        const char *tok;
        size_t len, i;
        int line, col;
        char what[64];
        snprintf(what, sizeof what, "row %d of the board (%d cells from E, T, #, .)", r + 1,
                 req->cols);
        rc = wr_read_token(rd, what, &tok, &len, &line, &col);
        if (rc) return rc;
        for (i = 0; i < len && i < (size_t)req->cols; i++) {
            if (!is_cell_char(tok[i])) {
                char buf[16];
                return wr_fail(err, WR_ESYNTAX, line, col + (int)i,
                               "expected E, T, # or . in row %d, found %s", r + 1,
                               wr_describe_char((unsigned char)tok[i], buf));
            }
        }
        if (len < (size_t)req->cols)
            return wr_fail(err, WR_ESYNTAX, line, col + (int)len,
                           "row %d has %d cells, expected %d", r + 1, (int)len, req->cols);
        if (len > (size_t)req->cols)
            return wr_fail(err, WR_ESYNTAX, line, col + req->cols,
                           "row %d is longer than %d cells", r + 1, req->cols);
        memcpy(req->cells + (size_t)r * (size_t)req->cols, tok, len);
        rc = wr_read_eol(rd);
        if (rc) return rc;
    }
    return wr_read_end(rd);
}

int escape_parse(const char *text, size_t len, escape_request *req, wr_error *err)
{
    wr_reader rd;
    long k;
    int rc;

    req->rows = req->cols = 0;
    req->k = 0;
    req->cells = NULL;
    rc = wr_reader_init(&rd, text, len, err);
    if (rc) return rc;
    rc = wr_read_int(&rd, 1, ESCAPE_MAX_SIDE, "the number of rows R", &req->rows);
    if (!rc) rc = wr_read_int(&rd, 1, ESCAPE_MAX_SIDE, "the number of columns C", &req->cols);
    if (!rc) rc = wr_read_long(&rd, 1, ESCAPE_MAX_K, "the starting number K", &k);
    if (!rc) rc = wr_read_eol(&rd);
    if (rc) return rc;
    req->k = k;
    req->cells = malloc((size_t)req->rows * (size_t)req->cols);
    if (!req->cells) return wr_fail_nomem(err);
    rc = parse_rows(&rd, req, err);
    if (rc) escape_request_free(req);
    return rc;
}

/* ---------------------------------------------------------------- solving */

#define WALL 7 /* the value byte of an obstacle: bit 7 of the mask, outside the mex */

/* mex_of[m] = the least value whose bit is clear in m (bits 0..4 used). */
static const unsigned char mex_of[32] = {0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4,
                                         0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 5};

typedef struct stepper {
    const escape_request *req;
    /* next[ch][m]: the new byte of a cell holding character ch whose
     * neighbours' bits are m: the mex on '.' and 'T', the constant elsewhere,
     * so the inner loop has no data-dependent branch (random boards ran 1.6x
     * slower with one) */
    unsigned char next[128][32];
    const wr_options *opt;
    int width;      /* cols + 2 */
    size_t n;       /* padded cells */
    double cells;   /* rows * cols: the work of one step */
    int64_t steps;  /* whole-board steps done */
} stepper;

static size_t padded_index(int width, int r, int c)
{
    return (size_t)(r + 1) * (size_t)width + (size_t)(c + 1);
}

/* x_0: 0 on every free and exit cell, WALL on obstacles and the padding. The
 * non-free bytes never change afterwards, so every buffer starts from this. */
static void fill_x0(const stepper *s, unsigned char *x)
{
    const escape_request *req = s->req;
    int r, c;
    memset(x, WALL, s->n);
    for (r = 0; r < req->rows; r++) {
        const char *row = req->cells + (size_t)r * (size_t)req->cols;
        unsigned char *dst = x + padded_index(s->width, r, 0);
        for (c = 0; c < req->cols; c++) dst[c] = row[c] == '#' ? WALL : 0;
    }
}

/* dst = F(src); dst's padding must already be WALL. */
static int step(stepper *s, const unsigned char *src, unsigned char *dst)
{
    const escape_request *req = s->req;
    const size_t w = (size_t)s->width;
    int r, c;
    if (wr_progress(s->opt, (double)s->steps * s->cells, (double)(s->steps + 16) * s->cells))
        return WR_ECANCELLED;
    for (r = 0; r < req->rows; r++) {
        const unsigned char *row = (const unsigned char *)req->cells + (size_t)r * (size_t)req->cols;
        size_t i = padded_index(s->width, r, 0);
        for (c = 0; c < req->cols; c++, i++) {
            unsigned m = (1u << src[i - 1]) | (1u << src[i + 1]) | (1u << src[i - w]) |
                         (1u << src[i + w]);
            dst[i] = s->next[row[c] & 127u][m & 31u];
        }
    }
    s->steps++;
    return WR_OK;
}

/* 1 when the vectors are equal. musl's memcmp (the WASM build's) goes byte by
 * byte; eight at a time makes the repeat checks cheap there too. */
static int same_vector(const unsigned char *a, const unsigned char *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        if (x != y) return 0;
    }
    for (; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* Steps *x forward once through *spare (the two pointers swap). */
static int advance(stepper *s, unsigned char **x, unsigned char **spare)
{
    unsigned char *t;
    int rc = step(s, *x, *spare);
    if (rc) return rc;
    t = *x;
    *x = *spare;
    *spare = t;
    return WR_OK;
}

double escape_estimate_bytes(const escape_request *req)
{
    double n = ((double)req->rows + 2) * ((double)req->cols + 2);
    return 3 * n + 256;
}

void escape_result_free(escape_result *res)
{
    free(res->gk);
    free(res->gk1);
    res->gk = res->gk1 = NULL;
}

static int64_t default_max_steps(const escape_request *req)
{
    double cells = (double)req->rows * (double)req->cols;
    double m = ESCAPE_MAX_WORK / cells;
    return m > 1e9 ? (int64_t)1000000000 : (int64_t)m;
}

/* Brent's algorithm on x_0, x_1, ...: returns lambda in *lam, or 0 when no
 * repeat showed within max_steps steps. Uses tort/hare/spare as scratch. */
static int find_period(stepper *s, int64_t max_steps, unsigned char **tort, unsigned char **hare,
                       unsigned char **spare, int64_t *lam)
{
    int64_t power = 1, l = 1;
    int rc;
    fill_x0(s, *tort);
    memcpy(*hare, *tort, s->n);
    rc = advance(s, hare, spare);
    if (rc) return rc;
    while (!same_vector(*tort, *hare, s->n)) {
        if (s->steps >= max_steps) {
            *lam = 0;
            return WR_OK;
        }
        if (power == l) {
            memcpy(*tort, *hare, s->n);
            power *= 2;
            l = 0;
        }
        rc = advance(s, hare, spare);
        if (rc) return rc;
        l++;
    }
    *lam = l;
    return WR_OK;
}

/* Given lambda, the least mu with x_mu = x_{mu+lambda}; leaves x_mu in *tort. */
static int find_pre_period(stepper *s, int64_t lam, unsigned char **tort, unsigned char **hare,
                           unsigned char **spare, int64_t *mu)
{
    int64_t i, m = 0;
    int rc;
    fill_x0(s, *tort);
    memcpy(*hare, *tort, s->n);
    for (i = 0; i < lam; i++)
        if ((rc = advance(s, hare, spare))) return rc;
    while (!same_vector(*tort, *hare, s->n)) {
        if ((rc = advance(s, tort, spare))) return rc;
        if ((rc = advance(s, hare, spare))) return rc;
        m++;
    }
    *mu = m;
    return WR_OK;
}

int escape_solve_capped(const escape_request *req, const wr_options *opt, int64_t max_steps,
                        escape_result *res, wr_error *err)
{
    stepper s;
    unsigned char *bufs[3] = {NULL, NULL, NULL};
    unsigned char *tort, *hare, *spare, *cur, *prev;
    int64_t lam = 0, mu = 0, t, idx;
    double need = escape_estimate_bytes(req), budget = wr_budget_bytes(opt);
    int rc, i;
    size_t r, c;

    memset(res, 0, sizeof *res);
    res->rows = req->rows;
    res->cols = req->cols;
    res->stride = req->cols + 2;
    res->k = req->k;
    res->pre_period = res->period = -1;
    if (need > budget) return wr_fail_budget(err, need, budget);
    if (max_steps <= 0) max_steps = default_max_steps(req);

    s.req = req;
    s.opt = opt;
    s.width = req->cols + 2;
    s.n = (size_t)(req->rows + 2) * (size_t)s.width;
    s.cells = (double)req->rows * (double)req->cols;
    s.steps = 0;
    for (i = 0; i < 128; i++) {
        int m;
        for (m = 0; m < 32; m++)
            s.next[i][m] = i == '#' ? WALL : i == 'E' ? 0 : mex_of[m];
    }
    for (i = 0; i < 3; i++) {
        bufs[i] = malloc(s.n);
        if (!bufs[i]) {
            rc = wr_fail_nomem(err);
            goto fail;
        }
        fill_x0(&s, bufs[i]);
    }
    tort = bufs[0];
    hare = bufs[1];
    spare = bufs[2];

    rc = find_period(&s, max_steps, &tort, &hare, &spare, &lam);
    if (rc) goto fail;
    if (lam > 0) {
        rc = find_pre_period(&s, lam, &tort, &hare, &spare, &mu);
        if (rc) goto fail;
        res->pre_period = mu;
        res->period = lam;
        /* The index in [1, mu + lambda] whose vector equals x_K, chosen >= mu + 1
         * when K > mu so that x_{t-1} equals x_{K-1} as well. */
        if (req->k <= mu + lam) {
            t = req->k;
        } else {
            t = mu + (req->k - mu) % lam;
            if (t == mu) t += lam;
        }
        if (t - 1 >= mu) {
            idx = mu; /* tort holds x_mu */
        } else {
            fill_x0(&s, tort);
            idx = 0;
        }
    } else {
        if (req->k > max_steps) {
            rc = wr_fail(err, WR_ETOOBIG, 0, 0,
                         "the Grundy values did not repeat within %lld whole-board steps, "
                         "and K = %lld is too large to step to directly",
                         (long long)max_steps, (long long)req->k);
            goto fail;
        }
        fill_x0(&s, tort);
        idx = 0;
        t = req->k;
    }

    cur = tort;
    prev = hare;
    while (idx < t) { /* t >= idx + 1 always, so prev ends as x_{t-1} */
        unsigned char *old_prev = prev;
        rc = step(&s, cur, spare);
        if (rc) goto fail;
        prev = cur;
        cur = spare;
        spare = old_prev;
        idx++;
    }
    res->gk = cur;
    res->gk1 = prev;
    free(spare);
    res->steps = s.steps;

    res->xor_value = 0;
    res->tokens = 0;
    for (r = 0; r < (size_t)req->rows; r++)
        for (c = 0; c < (size_t)req->cols; c++)
            if (req->cells[r * (size_t)req->cols + c] == 'T') {
                res->xor_value ^= res->gk[padded_index(s.width, (int)r, (int)c)];
                res->tokens++;
            }
    res->winner = res->xor_value ? ESCAPE_ALICE : ESCAPE_BOB;
    return WR_OK;

fail:
    for (i = 0; i < 3; i++) free(bufs[i]);
    res->gk = res->gk1 = NULL;
    /* step() reports a cancel by its code alone */
    if (rc == WR_ECANCELLED) wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
    return rc;
}

int escape_solve(const escape_request *req, const wr_options *opt, escape_result *res,
                 wr_error *err)
{
    return escape_solve_capped(req, opt, 0, res, err);
}

/* ---------------------------------------------------------------- analysis */

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
