/* test_escape.c — Board Escape: samples, hand-checked values, a game-tree
 * search and a naive Grundy stepper as independent references, parser
 * errors, budget, cancel and the no-repeat-found paths. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape/escape.h"
#include "harness.h"
#include "winrate.h"

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t next_u64(rng *g)
{
    return test_xorshift(&g->s);
}

static int below(rng *g, int n)
{
    return (int)(next_u64(g) % (uint64_t)n);
}

/* Runs the game as the CLI does; returns the status and leaves the text in out. */
static int run_text(const char *text, int json, wr_buf *out, wr_error *err)
{
    wr_options opt;
    wr_options_init(&opt);
    opt.json = json;
    wr_buf_reset(out);
    wr_error_clear(err);
    return wr_run("escape", text, strlen(text), &opt, out, err);
}

static int answer_is(const char *text, const char *want)
{
    wr_buf out;
    wr_error err;
    int ok;
    wr_buf_init(&out);
    ok = run_text(text, 0, &out, &err) == WR_OK && out.data && strcmp(out.data, want) == 0;
    if (!ok) printf("  input %s -> %s (%s)\n", text, out.data ? out.data : "", err.message);
    wr_buf_free(&out);
    return ok;
}

/* Parses and solves; returns the solve status (parse must succeed). */
static int solve_text(const char *text, escape_request *req, escape_result *res)
{
    wr_options opt;
    wr_error err;
    int rc;
    wr_options_init(&opt);
    rc = escape_parse(text, strlen(text), req, &err);
    if (rc) {
        printf("  parse failed: %s\n", err.message);
        memset(res, 0, sizeof *res);
        return rc;
    }
    return escape_solve(req, &opt, res, &err);
}

static void test_samples(void)
{
    TEST_COND("TE K=2: step onto the exit", answer_is("1 2 2\nTE\n", "Alice\n"));
    TEST_COND(".T. K=1: the token dies", answer_is("1 3 1\n.T.\n", "Alice\n"));
    TEST_COND(".T. K=2", answer_is("1 3 2\n.T.\n", "Bob\n"));
    TEST_COND("1x1 T: no move", answer_is("1 1 5\nT\n", "Bob\n"));
    TEST_COND("boxed in", answer_is("2 2 3\nT#\n#.\n", "Bob\n"));
    TEST_COND("3x3 K=4", answer_is("3 3 4\nT..\n.#.\n..E\n", "Bob\n"));
    TEST_COND("two equal tokens cancel", answer_is("2 3 1000000000\nT.T\n.E.\n", "Bob\n"));
    TEST_COND("CRLF, blanks, no final newline",
              answer_is("  1 2   2 \r\n\tTE  \r\n\r\n", "Alice\n"));
}

/* "..E": x_0 = (0,0), x_1 = (1,1), x_2 = (0,2), x_3 = x_4 = (0,1): mu = 3, lambda = 1. */
static void test_pre_period_three(void)
{
    static const int want0[] = {0, 1, 0, 0, 0}, want1[] = {0, 1, 2, 1, 1};
    escape_request req;
    escape_result res;
    char text[64];
    int k;
    for (k = 1; k <= 4; k++) {
        snprintf(text, sizeof text, "1 3 %d\nT.E\n", k);
        TEST_COND("..E solves", solve_text(text, &req, &res) == WR_OK);
        TEST_COND("..E pre-period 3, period 1", res.pre_period == 3 && res.period == 1);
        TEST_COND("..E cell 0", escape_grundy(&res, 0, 0, 0) == want0[k]);
        TEST_COND("..E cell 1", escape_grundy(&res, 0, 1, 0) == want1[k]);
        TEST_COND("..E g_{K-1}", escape_grundy(&res, 0, 1, 1) == want1[k - 1]);
        TEST_COND("..E exit and winner",
                  escape_grundy(&res, 0, 2, 0) == 0 &&
                      res.winner == (want0[k] ? ESCAPE_ALICE : ESCAPE_BOB));
        escape_result_free(&res);
        escape_request_free(&req);
    }
    TEST_COND("..E huge K: the pre-period is not assumed",
              answer_is("1 3 1000000000\n.TE\n", "Alice\n") &&
                  answer_is("1 3 999999999\n.TE\n", "Alice\n") &&
                  answer_is("1 3 1000000000\nT.E\n", "Bob\n"));

    TEST_COND("3x3 with mu = 3, lambda = 2",
              solve_text("3 3 7\n..#\nE..\n...\n", &req, &res) == WR_OK && res.pre_period == 3 &&
                  res.period == 2);
    escape_result_free(&res);
    escape_request_free(&req);
}

static void test_small_cases(void)
{
    escape_request req;
    escape_result res;
    wr_buf out;
    wr_error err;

    TEST_COND("zero tokens: Bob", answer_is("2 2 5\n..\nE#\n", "Bob\n"));
    TEST_COND("zero tokens solve", solve_text("2 2 5\n..\nE#\n", &req, &res) == WR_OK &&
                                       res.tokens == 0 && res.xor_value == 0 &&
                                       escape_winning_moves(&req, &res, NULL, 0) == 0);
    escape_result_free(&res);
    escape_request_free(&req);
    TEST_COND("all obstacles and exits", answer_is("2 2 9\n##\nEE\n", "Bob\n"));
    TEST_COND("K = 1: any move wins", answer_is("1 2 1\nT.\n", "Alice\n"));
    TEST_COND("K = 1, two tokens", answer_is("1 3 1\nT.T\n", "Bob\n"));
    TEST_COND("K = 1e9 corridor", answer_is("1 5 1000000000\nT...E\n", "Bob\n") &&
                                      answer_is("1 5 1000000000\n...TE\n", "Alice\n") &&
                                      answer_is("1 5 999999999\n.T..E\n", "Alice\n") &&
                                      answer_is("1 5 1000000000\n.T..E\n", "Bob\n"));
    /* K = 1: every move of a lone token wins (it dies or exits). */
    TEST_COND("K = 1 winning moves", solve_text("3 3 1\n.E.\n.T.\n.#.\n", &req, &res) == WR_OK &&
                                         escape_winning_moves(&req, &res, NULL, 0) == 3);
    escape_result_free(&res);
    escape_request_free(&req);

    wr_buf_init(&out);
    TEST_COND("JSON of TE", run_text("1 2 2\nTE\n", 1, &out, &err) == WR_OK);
    TEST_COND("JSON of TE, exact",
              out.data &&
                  strcmp(out.data,
                         "{\"game\":\"escape\",\"answer\":\"Alice\",\"winner\":\"Alice\","
                         "\"rows\":1,\"cols\":2,\"k\":2,\"prePeriod\":1,\"period\":1,\"steps\":6,"
                         "\"xor\":1,\"tokenCount\":1,\"tokens\":[{\"row\":0,\"col\":0,"
                         "\"grundy\":1}],\"winningMoveCount\":1,\"winningMoves\":[{\"token\":0,"
                         "\"row\":0,\"col\":0,\"dir\":\"right\",\"toRow\":0,\"toCol\":1,"
                         "\"exits\":true,\"grundyAfter\":0}],\"grundy\":[\"1E\"]}\n") == 0);
    TEST_COND("JSON, Bob, map", run_text("2 3 4\nT.T\n#E.\n", 1, &out, &err) == WR_OK &&
                                    strstr(out.data, "\"answer\":\"Bob\"") &&
                                    strstr(out.data, "\"winningMoveCount\":0,\"winningMoves\":[]") &&
                                    strstr(out.data, "\"prePeriod\":3,\"period\":1") &&
                                    strstr(out.data, "\"grundy\":[\"010\",\"#E1\"]"));
    wr_buf_free(&out);
}

/* ------------------------------------------------ reference 1: game tree */

/* A full game-tree search over the multi-token state, knowing nothing of
 * Grundy values. A token is code = cell * 8 + k (k = 1..6), 0 when gone;
 * a state is the sorted triple of codes in base 72. */
typedef struct tree {
    int rows, cols;
    const char *g;
    unsigned char *memo; /* 0 unknown, 1 lost, 2 won for the player to move */
} tree;

static int encode(int t[3])
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = i + 1; j < 3; j++)
            if (t[j] < t[i]) {
                int x = t[i];
                t[i] = t[j];
                t[j] = x;
            }
    return (t[0] * 72 + t[1]) * 72 + t[2];
}

/* The position after token i moves by (dr, dc); -1 when illegal. */
static int tree_child(const tree *tr, const int t[3], int i, int dr, int dc)
{
    int u[3], cell, r, c, k;
    memcpy(u, t, sizeof u);
    if (!u[i]) return -1;
    cell = u[i] / 8;
    k = u[i] % 8;
    r = cell / tr->cols + dr;
    c = cell % tr->cols + dc;
    if (r < 0 || c < 0 || r >= tr->rows || c >= tr->cols) return -1;
    if (tr->g[r * tr->cols + c] == '#') return -1;
    if (tr->g[r * tr->cols + c] == 'E' || k == 1)
        u[i] = 0;
    else
        u[i] = (r * tr->cols + c) * 8 + k - 1;
    return encode(u);
}

static const int moves_dr[4] = {-1, 1, 0, 0}, moves_dc[4] = {0, 0, -1, 1};

static int tree_wins(tree *tr, int code)
{
    int t[3], i, d;
    if (tr->memo[code]) return tr->memo[code] == 2;
    t[0] = code / (72 * 72);
    t[1] = code / 72 % 72;
    t[2] = code % 72;
    for (i = 0; i < 3; i++)
        for (d = 0; d < 4; d++) {
            int child = tree_child(tr, t, i, moves_dr[d], moves_dc[d]);
            if (child >= 0 && !tree_wins(tr, child)) {
                tr->memo[code] = 2;
                return 1;
            }
        }
    tr->memo[code] = 1;
    return 0;
}

static void random_board(rng *g, int rows, int cols, int ntok, char *cells)
{
    int i, n = rows * cols;
    for (i = 0; i < n; i++) {
        int x = below(g, 10);
        cells[i] = x < 2 ? 'E' : x < 4 ? '#' : '.';
    }
    for (i = 0; i < ntok; i++) {
        int tries;
        for (tries = 0; tries < 20; tries++) {
            int p = below(g, n);
            if (cells[p] == '.') {
                cells[p] = 'T';
                break;
            }
        }
    }
}

static int board_text(char *text, size_t size, int rows, int cols, long k, const char *cells)
{
    int r, n = snprintf(text, size, "%d %d %ld\n", rows, cols, k);
    for (r = 0; r < rows; r++)
        n += snprintf(text + n, size - (size_t)n, "%.*s\n", cols, cells + r * cols);
    return n;
}

static void test_game_tree(void)
{
    rng g = {0x9E3779B97F4A7C15ull};
    tree tr;
    int trial, bad_winner = 0, bad_moves = 0, alice = 0, nmoves = 0;
    tr.memo = malloc(72 * 72 * 72);
    if (!tr.memo) {
        TEST_COND("memo allocated", 0);
        return;
    }
    for (trial = 0; trial < 3000; trial++) {
        char cells[9], text[128];
        int rows = 1 + below(&g, 3), cols = 1 + below(&g, 3), k = 1 + below(&g, 6);
        int t[3] = {0, 0, 0}, nt = 0, i, d, root;
        escape_request req;
        escape_result res;
        escape_move found[12];
        size_t nfound, j;

        random_board(&g, rows, cols, 1 + below(&g, 3), cells);
        board_text(text, sizeof text, rows, cols, k, cells);
        for (i = 0; i < rows * cols; i++)
            if (cells[i] == 'T') t[nt++] = i * 8 + k;
        tr.rows = rows;
        tr.cols = cols;
        tr.g = cells;
        memset(tr.memo, 0, 72 * 72 * 72);
        {
            int u[3];
            memcpy(u, t, sizeof u);
            root = encode(u);
        }
        if (solve_text(text, &req, &res) != WR_OK) {
            bad_winner++;
            escape_request_free(&req);
            continue;
        }
        if ((res.winner == ESCAPE_ALICE) != tree_wins(&tr, root)) bad_winner++;
        alice += res.winner == ESCAPE_ALICE;
        /* the winning moves must be exactly the moves to lost positions */
        nfound = escape_winning_moves(&req, &res, found, 12);
        nmoves += (int)nfound;
        for (i = 0; i < nt; i++)
            for (d = 0; d < 4; d++) {
                int child = tree_child(&tr, t, i, moves_dr[d], moves_dc[d]);
                int wins = child >= 0 && !tree_wins(&tr, child), listed = 0;
                for (j = 0; j < nfound && j < 12; j++)
                    listed |= (int)found[j].token == i && found[j].dir == d;
                if (wins != listed) bad_moves++;
            }
        escape_result_free(&res);
        escape_request_free(&req);
    }
    free(tr.memo);
    printf("  game tree: %d boards, Alice wins %d, %d winning moves\n", trial, alice, nmoves);
    TEST_COND("winner agrees with the game-tree search", bad_winner == 0);
    TEST_COND("winning moves agree with the game-tree search", bad_moves == 0);
    TEST_COND("both winners occur", alice > 300 && alice < 2700);
}

/* ------------------------------------------- reference 2: naive stepping */

#define NAIVE_MAX 8
#define NAIVE_K 300

/* g[k][r][c] straight from the definition, with bounds tests and a seen[] mex. */
static void naive_grundy(int rows, int cols, const char *cells,
                         unsigned char (*g)[NAIVE_MAX][NAIVE_MAX], int kmax)
{
    int k, r, c, d;
    memset(g, 0, (size_t)(kmax + 1) * sizeof g[0]); /* whole-table compares need the unused cells 0 */
    for (k = 1; k <= kmax; k++)
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                int seen[6] = {0, 0, 0, 0, 0, 0}, m = 0;
                g[k][r][c] = 0;
                if (cells[r * cols + c] == '#' || cells[r * cols + c] == 'E') continue;
                for (d = 0; d < 4; d++) {
                    int r2 = r + moves_dr[d], c2 = c + moves_dc[d];
                    char ch;
                    if (r2 < 0 || c2 < 0 || r2 >= rows || c2 >= cols) continue;
                    ch = cells[r2 * cols + c2];
                    if (ch == '#') continue;
                    seen[ch == 'E' ? 0 : g[k - 1][r2][c2]] = 1;
                }
                while (seen[m]) m++;
                g[k][r][c] = (unsigned char)m;
            }
}

static int map_matches(const escape_result *res, int rows, int cols, const char *cells,
                       unsigned char (*g)[NAIVE_MAX][NAIVE_MAX], int k, int prev)
{
    int r, c;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            char ch = cells[r * cols + c];
            int want = ch == '#' ? -1 : ch == 'E' ? 0 : g[k][r][c];
            if (escape_grundy(res, r, c, prev) != want) return 0;
        }
    return 1;
}

static void test_naive_stepping(void)
{
    rng g = {0x2545F4914F6CDD1Dull};
    unsigned char(*naive)[NAIVE_MAX][NAIVE_MAX] = malloc((NAIVE_K + 1) * sizeof *naive);
    int trial, bad_small = 0, bad_huge = 0, bad_period = 0, found_mu3 = 0, max_mu = 0,
               max_lam = 0;
    if (!naive) {
        TEST_COND("naive table allocated", 0);
        return;
    }
    for (trial = 0; trial < 300; trial++) {
        int rows = 1 + below(&g, NAIVE_MAX), cols = 1 + below(&g, NAIVE_MAX), k;
        char cells[NAIVE_MAX * NAIVE_MAX], text[256];
        escape_request req;
        escape_result res;
        long huge;
        random_board(&g, rows, cols, below(&g, 4), cells);
        naive_grundy(rows, cols, cells, naive, NAIVE_K);
        /* direct: every K up to 60, and g_{K-1} with it */
        for (k = 1; k <= 60; k++) {
            board_text(text, sizeof text, rows, cols, k, cells);
            if (solve_text(text, &req, &res) != WR_OK ||
                !map_matches(&res, rows, cols, cells, naive, k, 0) ||
                !map_matches(&res, rows, cols, cells, naive, k - 1, 1))
                bad_small++;
            escape_result_free(&res);
            escape_request_free(&req);
        }
        /* huge K against the naive value at an index in [200, 300] that the
         * reported mu and lambda call congruent, and the claimed minimality */
        for (huge = 999999990L; huge <= 1000000000L; huge++) {
            int64_t mu, lam, kk;
            board_text(text, sizeof text, rows, cols, huge, cells);
            if (solve_text(text, &req, &res) != WR_OK || res.period < 1) {
                bad_huge++;
                escape_result_free(&res);
                escape_request_free(&req);
                continue;
            }
            mu = res.pre_period;
            lam = res.period;
            if (mu > max_mu) max_mu = (int)mu;
            if (lam > max_lam) max_lam = (int)lam;
            kk = mu + (huge - mu) % lam;
            while (kk < 200) kk += lam;
            if (kk > NAIVE_K ||
                !map_matches(&res, rows, cols, cells, naive, (int)kk, 0) ||
                !map_matches(&res, rows, cols, cells, naive, (int)kk - 1, 1))
                bad_huge++;
            /* x_mu = x_{mu+lambda}, and neither mu nor lambda can be smaller */
            if (mu + lam + 1 <= NAIVE_K) {
                int64_t d;
                if (memcmp(naive[mu], naive[mu + lam], sizeof naive[0]) != 0) bad_period++;
                if (mu > 0 && memcmp(naive[mu - 1], naive[mu - 1 + lam], sizeof naive[0]) == 0)
                    bad_period++;
                for (d = 1; d < lam; d++)
                    if (memcmp(naive[mu], naive[mu + d], sizeof naive[0]) == 0) bad_period++;
            }
            if (mu >= 3) found_mu3++;
            escape_result_free(&res);
            escape_request_free(&req);
        }
    }
    free(naive);
    printf("  naive stepping: max pre-period %d, max period %d, %d solves with mu >= 3\n",
           max_mu, max_lam, found_mu3);
    TEST_COND("g_K and g_{K-1} match naive stepping for K <= 60", bad_small == 0);
    TEST_COND("huge K matches naive stepping at a congruent index", bad_huge == 0);
    TEST_COND("pre-period and period are exact and minimal", bad_period == 0);
    TEST_COND("random search finds boards with pre-period > 2", found_mu3 > 0);
}

/* ---------------------------------------------------------------- errors */

static int parse_error(const char *text, int code, int line, int column, const char *msg)
{
    escape_request req;
    wr_error err;
    int rc = escape_parse(text, strlen(text), &req, &err);
    int ok = rc == code && err.code == code && err.line == line && err.column == column &&
             (!msg || strstr(err.message, msg)) && req.cells == NULL;
    if (!ok)
        printf("  %s -> rc %d at %d:%d: %s\n", text, rc, err.line, err.column, err.message);
    escape_request_free(&req);
    return ok;
}

static void test_parse_errors(void)
{
    TEST_COND("bad cell char with its column",
              parse_error("2 3 2\n...\n.x.\n", WR_ESYNTAX, 3, 2, "expected E, T, # or . in row 2"));
    TEST_COND("bad char after a tab", parse_error("1 2 1\n\tTt\n", WR_ESYNTAX, 2, 3, "'t'"));
    TEST_COND("short row", parse_error("2 3 2\n...\n..\n", WR_ESYNTAX, 3, 3,
                                       "row 2 has 2 cells, expected 3"));
    TEST_COND("long row", parse_error("1 2 1\nT.E\n", WR_ESYNTAX, 2, 3, "longer than 2"));
    TEST_COND("row split by a space", parse_error("1 3 1\nT. E\n", WR_ESYNTAX, 2, 3, "has 2 cells"));
    TEST_COND("K = 0", parse_error("1 1 0\nT\n", WR_ERANGE, 1, 5, "between 1 and 1000000000"));
    TEST_COND("K too big", parse_error("1 1 1000000001\nT\n", WR_ERANGE, 1, 5, NULL));
    TEST_COND("R = 0", parse_error("0 1 1\n", WR_ERANGE, 1, 1, "rows"));
    TEST_COND("C = 1001", parse_error("1 1001 1\n", WR_ERANGE, 1, 3, "columns"));
    TEST_COND("K missing", parse_error("1 1\nT\n", WR_ESYNTAX, 1, 4, NULL));
    TEST_COND("missing row", parse_error("2 2 1\nT.\n", WR_ESYNTAX, 3, 1, "row 2"));
    TEST_COND("extra line", parse_error("1 1 1\nT\nT\n", WR_ESYNTAX, 3, 1,
                                        "end of the input after the 1 row that line 1 announces"));
    TEST_COND("empty input", parse_error("", WR_ESYNTAX, 1, 1, NULL));
}

/* --------------------------------------------- budget, cancel, step cap */

typedef struct counter {
    int calls, stop_at;
} counter;

static int count_progress(void *ctx, double done, double total)
{
    counter *c = ctx;
    (void)done;
    (void)total;
    return ++c->calls >= c->stop_at;
}

static void test_limits(void)
{
    escape_request req;
    escape_result res;
    wr_options opt;
    wr_error err;
    counter cnt;
    const char *text = "3 3 1000000000\n..#\nE.T\n...\n";

    TEST_COND("parse", escape_parse(text, strlen(text), &req, &err) == WR_OK);
    wr_options_init(&opt);
    opt.memory_mb = 0.00001; /* 10 bytes */
    TEST_COND("budget refusal", escape_solve(&req, &opt, &res, &err) == WR_ETOOBIG &&
                                    err.code == WR_ETOOBIG && strstr(err.message, "budget") &&
                                    res.gk == NULL);
    escape_result_free(&res);

    wr_options_init(&opt);
    cnt.calls = 0;
    cnt.stop_at = 1;
    opt.progress = count_progress;
    opt.progress_ctx = &cnt;
    TEST_COND("cancel at once", escape_solve(&req, &opt, &res, &err) == WR_ECANCELLED &&
                                    res.gk == NULL && cnt.calls == 1);
    TEST_COND("cancel: the error says so", err.code == WR_ECANCELLED &&
                                               strcmp(err.message, "cancelled") == 0);
    escape_result_free(&res);
    cnt.calls = 0;
    cnt.stop_at = 7; /* inside the pre-period search */
    wr_error_clear(&err);
    TEST_COND("cancel mid-solve", escape_solve(&req, &opt, &res, &err) == WR_ECANCELLED &&
                                      cnt.calls == 7 && err.code == WR_ECANCELLED &&
                                      strcmp(err.message, "cancelled") == 0);
    escape_result_free(&res);
    cnt.calls = 0;
    cnt.stop_at = 1000000;
    TEST_COND("progress is called once per step",
              escape_solve(&req, &opt, &res, &err) == WR_OK && cnt.calls == res.steps &&
                  res.pre_period == 3 && res.period == 2);
    escape_result_free(&res);

    /* A cap of 2 steps: mu + lambda = 5 is not reached. */
    wr_options_init(&opt);
    TEST_COND("cap: huge K refused",
              escape_solve_capped(&req, &opt, 2, &res, &err) == WR_ETOOBIG &&
                  strstr(err.message, "did not repeat within 2") && res.gk == NULL);
    escape_result_free(&res);
    req.k = 2;
    {
        escape_result full;
        int same = 1, r, c;
        TEST_COND("cap: small K stepped directly",
                  escape_solve_capped(&req, &opt, 2, &res, &err) == WR_OK &&
                      res.pre_period == -1 && res.period == -1);
        TEST_COND("cap: same map as the full solve", escape_solve(&req, &opt, &full, &err) == WR_OK);
        for (r = 0; r < 3; r++)
            for (c = 0; c < 3; c++)
                same &= escape_grundy(&res, r, c, 0) == escape_grundy(&full, r, c, 0) &&
                        escape_grundy(&res, r, c, 1) == escape_grundy(&full, r, c, 1);
        TEST_COND("cap: maps agree", same && res.winner == full.winner);
        escape_result_free(&full);
    }
    escape_result_free(&res);
    escape_request_free(&req);
}

/* A 1000 x 1000 board parses, solves and keeps mu + lambda small. */
static void test_big_board(void)
{
    rng g = {12345};
    int rows = 1000, cols = 1000, r, c;
    size_t cap = (size_t)rows * (cols + 1) + 32, n;
    char *text = malloc(cap);
    escape_request req;
    escape_result res;
    if (!text) {
        TEST_COND("text allocated", 0);
        return;
    }
    n = (size_t)snprintf(text, cap, "%d %d %ld\n", rows, cols, 1000000000L);
    for (r = 0; r < rows; r++) {
        for (c = 0; c < cols; c++) {
            int x = below(&g, 100);
            text[n++] = x < 3 ? 'E' : x < 30 ? '#' : x < 40 ? 'T' : '.';
        }
        text[n++] = '\n';
    }
    text[n] = '\0';
    TEST_COND("1000 x 1000 solves", solve_text(text, &req, &res) == WR_OK);
    printf("  1000x1000: mu %lld, lambda %lld, %lld steps, %lu tokens\n",
           (long long)res.pre_period, (long long)res.period, (long long)res.steps,
           (unsigned long)res.tokens);
    TEST_COND("1000 x 1000 repeats early", res.period >= 1 && res.pre_period + res.period <= 16);
    escape_result_free(&res);
    escape_request_free(&req);
    free(text);
}

void test_escape(void)
{
    test_samples();
    test_pre_period_three();
    test_small_cases();
    test_game_tree();
    test_naive_stepping();
    test_parse_errors();
    test_limits();
    test_big_board();
}
