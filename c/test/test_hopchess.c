/* test_hopchess.c — hop chess: contest samples, hand-checked positions,
 * ties, the sweep against single solves, parser errors, budget and cancel,
 * and a cross-check against an independent brute force on random boards. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "winrate.h"
#include "hopchess/hopchess.h"
#include "hopchess/sortnet.h"

/* ---- helpers ----------------------------------------------------------- */

static int solve_text(const char *text, hopchess_request *req, hopchess_result *res, wr_error *err)
{
    wr_options opt;
    int rc = hopchess_parse(text, strlen(text), req, err);
    if (rc) return rc;
    wr_options_init(&opt);
    return hopchess_solve(req, &opt, res, err);
}

static double justin(const char *text)
{
    hopchess_request req;
    hopchess_result *res = malloc(sizeof *res);
    wr_error err;
    double p = -1;
    if (res && solve_text(text, &req, res, &err) == WR_OK) p = res->justin_win;
    free(res);
    return p;
}

/* Runs the game descriptor like the CLI does; returns the status, output in out. */
static int run_text(const char *text, int digits, int json, int sweep, double memory_mb,
                    wr_buf *out, wr_error *err)
{
    wr_options opt;
    wr_options_init(&opt);
    opt.digits = digits;
    opt.json = json;
    if (sweep) wr_options_set(&opt, "sweep", sweep, err);
    opt.memory_mb = memory_mb;
    wr_buf_reset(out);
    wr_error_clear(err);
    return wr_run("hopchess", text, strlen(text), &opt, out, err);
}

static int out_is(const char *text, int digits, const char *want)
{
    wr_buf b;
    wr_error err;
    int ok;
    wr_buf_init(&b);
    ok = run_text(text, digits, 0, 0, 0, &b, &err) == WR_OK && b.data && strcmp(b.data, want) == 0;
    if (!ok) printf("  output for %s: %s\n", text, b.data ? b.data : err.message);
    wr_buf_free(&b);
    return ok;
}

/* ---- the brute force: plain recursion over a char board ----------------- */
/* Written independently of the solver: a board is a string of 'J', 'D', '.',
 * moves are found by scanning cells and directions, children are sorted with
 * qsort; the only memo is a flat array over the base-3 board code. */

typedef struct brute {
    int rows, cols, aj, ad;
    double *memo; /* [code * 2 + side], < 0 = unknown */
} brute;

static int cmp_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

static long board_code(const char *cells, int n)
{
    long code = 0;
    int i;
    for (i = 0; i < n; i++) code = code * 3 + (cells[i] == 'J' ? 1 : cells[i] == 'D' ? 2 : 0);
    return code;
}

/* The win probability of the player to move (side 'J' or 'D'). */
static double brute_value(brute *b, char *cells, char side)
{
    int n = b->rows * b->cols, r, c, d, count = 0, take, i;
    double vals[4 * 9 + 4], sum = 0;
    long slot = board_code(cells, n) * 2 + (side == 'D');
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    if (b->memo[slot] >= 0) return b->memo[slot];
    for (r = 0; r < b->rows; r++)
        for (c = 0; c < b->cols; c++) {
            if (cells[r * b->cols + c] != side) continue;
            for (d = 0; d < 4; d++) {
                int r2 = r + dr[d], c2 = c + dc[d];
                char saved;
                if (r2 < 0 || r2 >= b->rows || c2 < 0 || c2 >= b->cols) continue;
                if (cells[r2 * b->cols + c2] == '.') continue;
                saved = cells[r2 * b->cols + c2];
                cells[r2 * b->cols + c2] = side;
                cells[r * b->cols + c] = '.';
                vals[count++] = 1.0 - brute_value(b, cells, side == 'J' ? 'D' : 'J');
                cells[r * b->cols + c] = side;
                cells[r2 * b->cols + c2] = saved;
            }
        }
    if (count > 0) {
        qsort(vals, (size_t)count, sizeof vals[0], cmp_desc);
        take = side == 'J' ? b->aj : b->ad;
        if (take > count) take = count;
        for (i = 0; i < take; i++) sum += vals[i];
        sum /= take;
    }
    b->memo[slot] = sum;
    return sum;
}

static double brute_justin(int rows, int cols, const char *cells0, int aj, int ad, char side)
{
    brute b;
    char cells[16];
    long i, size = 1;
    double v;
    for (i = 0; i < rows * cols; i++) size *= 3;
    b.rows = rows;
    b.cols = cols;
    b.aj = aj;
    b.ad = ad;
    b.memo = malloc((size_t)size * 2 * sizeof *b.memo);
    for (i = 0; i < size * 2; i++) b.memo[i] = -1;
    memcpy(cells, cells0, (size_t)(rows * cols));
    v = brute_value(&b, cells, side);
    free(b.memo);
    return side == 'J' ? v : 1.0 - v;
}

static void format_board(char *text, int rows, int cols, const char *cells, int aj, int ad,
                         char side)
{
    int r, p = sprintf(text, "%d %d\n", rows, cols);
    for (r = 0; r < rows; r++) {
        memcpy(text + p, cells + r * cols, (size_t)cols);
        p += cols;
        text[p++] = '\n';
    }
    sprintf(text + p, "%d %d %c\n", aj, ad, side);
}

/* ---- tests ------------------------------------------------------------- */

static void test_samples(void)
{
    TEST_NEAR("sample 1x3 JJD 3 1 = 2/3", justin("1 3\nJJD\n3 1\n"), 2.0 / 3.0, 1e-15);
    TEST_NEAR("sample 2x2 JJ/DD 3 1 = 0", justin("2 2\nJJ\nDD\n3 1\n"), 0.0, 0);
    TEST_COND("sample 1 prints 0.667", out_is("1 3\nJJD\n3 1\n", -1, "0.667\n"));
    TEST_COND("sample 2 prints 0.000", out_is("2 2\nJJ\nDD\n3 1\n", -1, "0.000\n"));
    TEST_COND("1x1 J: Justin cannot move", out_is("1 1\nJ\n1 1\n", -1, "0.000\n"));
    TEST_COND("1x1 D: Justin has no piece", out_is("1 1\nD\n5 5\n", -1, "0.000\n"));
    TEST_COND("--digits 9", out_is("1 3\nJJD\n3 1\n", 9, "0.666666667\n"));
    TEST_COND("CRLF and blanks", out_is("1  3\r\n\tJJD \r\n3 1\r\n", -1, "0.667\n"));
    TEST_COND("no final newline", out_is("1 3\nJJD\n3 1", -1, "0.667\n"));
}

static void test_hand_checked(void)
{
    /* D to move on JJD: D's only move takes the middle J; J then takes D. */
    TEST_NEAR("JJD, D to move", justin("1 3\nJJD\n3 1 D\n"), 1.0, 0);
    TEST_NEAR("J.DD: J is stuck", justin("1 4\nJ.DD\n1 1\n"), 0.0, 0);
    TEST_NEAR("DJ.D, J to move takes D", justin("1 4\nDJ.D\n1 1\n"), 1.0, 0);
    TEST_NEAR("DJ.D, D to move takes J", justin("1 4\nDJ.D\n1 1 D\n"), 0.0, 0);
    TEST_NEAR("empty board, J to move", justin("1 2\n..\n1 1\n"), 0.0, 0);
    TEST_NEAR("empty board, D to move", justin("1 2\n..\n1 1 D\n"), 1.0, 0);
    /* JD: J takes D and wins; JJ: J must take his own piece, then D (none) loses */
    TEST_NEAR("JD", justin("1 2\nJD\n1 1\n"), 1.0, 0);
    TEST_NEAR("JJ: D has no piece", justin("1 2\nJJ\n1 1\n"), 1.0, 0);
    TEST_NEAR("DD: J has no piece", justin("1 2\nDD\n1 1\n"), 0.0, 0);
    /* JJD with a_J = 2: J keeps the two winning moves */
    TEST_NEAR("JJD 2 1", justin("1 3\nJJD\n2 1\n"), 1.0, 0);
    /* rounding halves at the 4th decimal (values confirmed by the brute force) */
    TEST_NEAR("half 0.9145", justin("2 4\nDJJJ\nJDJD\n5 11\n"), 0.9145, 1e-12);
    TEST_NEAR("half 0.2875", justin("3 2\nJD\nDJ\nDD\n8 4\n"), 0.2875, 1e-12);
    TEST_NEAR("half 0.6875", justin("3 2\nDJ\nJD\nJJ\n4 1\n"), 0.6875, 1e-12);
    TEST_NEAR("half 0.6375", justin("2 4\nJDJD\nDDDJ\n2 6\n"), 0.6375, 1e-12);
    TEST_NEAR("half 0.1875", justin("2 4\nDJJJ\nDDDJ\n2 2\n"), 0.1875, 1e-12);
    TEST_COND("0.6875 prints as C rounds it", out_is("3 2\nDJ\nJD\nJJ\n4 1\n", -1, "0.688\n"));
    TEST_COND("0.9145 (a double below) prints 0.914",
              out_is("2 4\nDJJJ\nJDJD\n5 11\n", -1, "0.914\n"));
}

static void test_moves_and_ties(void)
{
    hopchess_request req;
    hopchess_result *res = malloc(sizeof *res);
    wr_error err;
    wr_buf b;
    int rc;

    /* JJD, a_J = 1: J's moves are worth 1, 1 (take the D, or take the left J)
     * and 0; the cut falls between the two equal winners. */
    rc = solve_text("1 3\nJJD\n1 1\n", &req, res, &err);
    TEST_COND("tie solve ok", rc == WR_OK);
    TEST_COND("three moves", res->nmoves == 3 && res->proposal_size == 1);
    TEST_COND("tie: first two tied", res->moves[0].status == HOPCHESS_TIED &&
                                         res->moves[1].status == HOPCHESS_TIED);
    TEST_COND("tie: loser out", res->moves[2].status == HOPCHESS_OUT && res->moves[2].value == 0);
    TEST_NEAR("tie value", res->justin_win, 1.0, 0);
    /* the move 1 -> 0 captures his own piece, 1 -> 2 the enemy's */
    TEST_COND("sorted by value then cells",
              res->moves[0].from == 1 && res->moves[0].to == 0 && res->moves[0].capture_own &&
                  res->moves[1].from == 1 && res->moves[1].to == 2 && !res->moves[1].capture_own);

    rc = solve_text("1 3\nJJD\n2 1\n", &req, res, &err);
    TEST_COND("a_J = 2: both winners in", rc == WR_OK && res->moves[0].status == HOPCHESS_IN &&
                                             res->moves[1].status == HOPCHESS_IN &&
                                             res->moves[2].status == HOPCHESS_OUT);
    rc = solve_text("1 3\nJJD\n3 1\n", &req, res, &err);
    TEST_COND("a_J = 3: all in", rc == WR_OK && res->moves[2].status == HOPCHESS_IN);
    TEST_COND("positions of JJD", res->positions == 5);

    /* D to move: mover's values, Justin's answer */
    rc = solve_text("1 3\nJJD\n3 1 D\n", &req, res, &err);
    TEST_COND("D to move: one move", rc == WR_OK && res->nmoves == 1 && res->moves[0].value == 0 &&
                                         res->mover_win == 0 && res->justin_win == 1);

    wr_buf_init(&b);
    rc = run_text("1 3\nJJD\n1 1\n", -1, 1, 0, 0, &b, &err);
    TEST_COND("json ok", rc == WR_OK && b.data != NULL);
    if (b.data) {
        TEST_COND("json head",
                  strncmp(b.data, "{\"game\":\"hopchess\",\"answer\":1,\"rows\":1,\"cols\":3,"
                                  "\"board\":[\"JJD\"],\"toMove\":\"J\",\"aJ\":1,\"aD\":1,"
                                  "\"positions\":5,\"moverWin\":1,\"moveCount\":3,"
                                  "\"proposalSize\":1,\"cutValue\":1,\"moves\":[",
                          strlen("{\"game\":\"hopchess\",\"answer\":1,\"rows\":1,\"cols\":3,"
                                 "\"board\":[\"JJD\"],\"toMove\":\"J\",\"aJ\":1,\"aD\":1,"
                                 "\"positions\":5,\"moverWin\":1,\"moveCount\":3,"
                                 "\"proposalSize\":1,\"cutValue\":1,\"moves\":[")) == 0);
        TEST_COND("json move", strstr(b.data, "{\"from\":{\"row\":0,\"col\":1},\"to\":{\"row\":0,"
                                              "\"col\":0},\"capture\":\"own\",\"value\":1,"
                                              "\"status\":\"tied\"}") != NULL);
        TEST_COND("json out move", strstr(b.data, "\"value\":0,\"status\":\"out\"}]}") != NULL);
    }
    rc = run_text("1 3\nJJD\n1 1\n", -1, 1, 2, 0, &b, &err);
    TEST_COND("json sweep", rc == WR_OK && b.data && strstr(b.data, ",\"sweep\":[[1,1],[1,1]]}"));
    rc = run_text("2 2\n..\n..\n1 1 D\n", -1, 1, 0, 0, &b, &err);
    TEST_COND("json with no moves", rc == WR_OK && b.data &&
                                        strstr(b.data, "\"cutValue\":null,\"moves\":[]}"));
    wr_buf_free(&b);
    free(res);
}

static void test_sweep(void)
{
    static const char *boards[] = {
        "3 3\nJDJ\nDJD\nJDJ\n1 1\n", "2 4\nJJDD\nDJ.J\n1 1 D\n", "3 4\nJJDD\nDDJJ\nJJDD\n1 1\n",
        "1 8\nJDJJDDJD\n1 1\n",
    };
    size_t bi;
    wr_buf b;
    wr_error err;
    int rc;
    for (bi = 0; bi < sizeof boards / sizeof boards[0]; bi++) {
        enum { N = 6 };
        double sw[N * N];
        hopchess_request req;
        hopchess_result *res = malloc(sizeof *res);
        wr_options opt;
        uint64_t positions = 0;
        int aj, ad, same = 1;
        wr_options_init(&opt);
        hopchess_parse(boards[bi], strlen(boards[bi]), &req, &err);
        rc = hopchess_sweep(&req, N, &opt, sw, &positions, &err);
        TEST_COND("sweep ok", rc == WR_OK);
        for (aj = 1; aj <= N; aj++)
            for (ad = 1; ad <= N; ad++) {
                req.a_j = aj;
                req.a_d = ad;
                hopchess_solve(&req, &opt, res, &err);
                if (fabs(res->justin_win - sw[(aj - 1) * N + (ad - 1)]) > 1e-12) {
                    same = 0;
                    printf("  sweep %s at %d %d: %.17g vs %.17g\n", boards[bi], aj, ad,
                           sw[(aj - 1) * N + (ad - 1)], res->justin_win);
                }
            }
        TEST_COND("sweep entries equal single solves", same);
        TEST_COND("sweep counts the same positions", positions == res->positions);
        free(res);
    }
    /* Every entry bit-identical to the single solve, with N above the move
     * counts and above 16 (the sweep's generic lane width), on boards with
     * empty cells, D to move and symmetric (tie-rich) colourings. */
    {
        static const char *exact[] = {
            "3 3\nJDJ\nDJD\nJDJ\n1 1\n", "2 4\nJJDD\nDJ.J\n1 1 D\n",
            "2 5\nJDDJD\nDJJDJ\n1 1\n", "3 3\nJJD\nD.D\nJDJ\n1 1 D\n",
            "3 3\nJJJ\nJDJ\nJJD\n1 1\n", /* 18 moves: lane counts above 16 */
        };
        enum { M = 18 };
        double sw[M * M];
        int same = 1;
        for (bi = 0; bi < sizeof exact / sizeof exact[0]; bi++) {
            hopchess_request req;
            hopchess_result *res = malloc(sizeof *res);
            wr_options opt;
            int aj, ad;
            wr_options_init(&opt);
            hopchess_parse(exact[bi], strlen(exact[bi]), &req, &err);
            rc = hopchess_sweep(&req, M, &opt, sw, NULL, &err);
            TEST_COND("sweep 18 ok", rc == WR_OK);
            for (aj = 1; aj <= M && res; aj++)
                for (ad = 1; ad <= M; ad++) {
                    req.a_j = aj;
                    req.a_d = ad;
                    hopchess_solve(&req, &opt, res, &err);
                    if (res->justin_win != sw[(aj - 1) * M + (ad - 1)]) {
                        if (same) printf("  sweep %s at %d %d: %.17g vs %.17g\n", exact[bi], aj,
                                         ad, sw[(aj - 1) * M + (ad - 1)], res->justin_win);
                        same = 0;
                    }
                }
            free(res);
        }
        TEST_COND("sweep 18 entries bit-identical to single solves", same);
    }
    /* Under memory pressure the sweep drops its memo and goes on: from the
     * smallest budget up, every sweep is refused cleanly or equals the
     * unconstrained one bit for bit. */
    {
        const char *b34 = "3 4\nJJDD\nDDJJ\nJJDD\n1 1\n";
        enum { S = 13 };
        double full[S * S], sw[S * S];
        hopchess_request req;
        wr_options opt;
        double mb;
        int refused = 0, fitted = 0, clean = 1;
        wr_options_init(&opt);
        hopchess_parse(b34, strlen(b34), &req, &err);
        rc = hopchess_sweep(&req, S, &opt, full, NULL, &err);
        for (mb = 0.25; rc == WR_OK && mb <= 6; mb += 0.125) {
            int r;
            opt.memory_mb = mb;
            r = hopchess_sweep(&req, S, &opt, sw, NULL, &err);
            if (r == WR_ETOOBIG) refused++;
            else if (r == WR_OK && memcmp(sw, full, sizeof sw) == 0) fitted++;
            else clean = 0;
        }
        TEST_COND("sweep under tight budgets: refused or bit-identical",
                  rc == WR_OK && clean && refused > 0 && fitted > 0);
    }
    /* Random boards (shared tables and the memo see many shapes): every entry
     * of an N x N sweep bit-identical to the single solve. */
    {
        static const int shapes[][2] = {{1, 4}, {2, 2}, {2, 3}, {3, 2}, {1, 6}, {3, 3},
                                        {2, 4}, {4, 2}, {1, 8}, {1, 9}};
        uint64_t seed = 0x2545F4914F6CDD1Dull;
        hopchess_result *res = malloc(sizeof *res);
        int it, bad = 0, failed = 0;
        for (it = 0; it < 120 && res; it++) {
            const int *sh = shapes[test_xorshift(&seed) % (sizeof shapes / sizeof shapes[0])];
            int n = sh[0] * sh[1], i, aj, ad, N = 1 + (int)(test_xorshift(&seed) % 9);
            char cells[16], text[128], side = (test_xorshift(&seed) & 1) ? 'D' : 'J';
            double sw[81];
            hopchess_request req;
            wr_options opt;
            for (i = 0; i < n; i++) {
                int roll = (int)(test_xorshift(&seed) % 100);
                cells[i] = roll < 15 ? '.' : (test_xorshift(&seed) & 1) ? 'J' : 'D';
            }
            format_board(text, sh[0], sh[1], cells, 1, 1, side);
            wr_options_init(&opt);
            if (hopchess_parse(text, strlen(text), &req, &err) != WR_OK ||
                hopchess_sweep(&req, N, &opt, sw, NULL, &err) != WR_OK) {
                failed++;
                continue;
            }
            for (aj = 1; aj <= N; aj++)
                for (ad = 1; ad <= N; ad++) {
                    req.a_j = aj;
                    req.a_d = ad;
                    if (hopchess_solve(&req, &opt, res, &err) != WR_OK ||
                        res->justin_win != sw[(aj - 1) * N + (ad - 1)]) {
                        if (!bad) printf("  random sweep %s N=%d at %d %d: %.17g vs %.17g\n", text,
                                         N, aj, ad, sw[(aj - 1) * N + (ad - 1)], res->justin_win);
                        bad++;
                    }
                }
        }
        free(res);
        TEST_COND("random boards: sweeps bit-identical to single solves", failed == 0 && bad == 0);
    }
    /* J = D = 1 gives exactly 0 or 1; the sweep's text format */
    wr_buf_init(&b);
    rc = run_text("1 3\nJJD\n3 1\n", 3, 0, 3, 0, &b, &err);
    TEST_COND("sweep text", rc == WR_OK && b.data &&
                                strcmp(b.data, "1.000 1.000 1.000\n1.000 1.000 1.000\n"
                                               "0.667 0.667 0.667\n") == 0);
    rc = run_text("1 1\nJ\n1 1\n", 1, 0, 2, 0, &b, &err);
    TEST_COND("sweep 1x1", rc == WR_OK && b.data && strcmp(b.data, "0.0 0.0\n0.0 0.0\n") == 0);
    wr_buf_free(&b);
}

static void test_brute_force(void)
{
    static const int shapes[][2] = {{1, 1}, {1, 2}, {2, 1}, {1, 3}, {2, 2}, {1, 4}, {2, 3}, {3, 2},
                                    {1, 5}, {1, 6}, {3, 3}, {2, 4}, {4, 2}, {1, 8}, {8, 1}, {1, 7}};
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    int it, bad = 0, moves_bad = 0, unit_bad = 0;
    hopchess_result *res = malloc(sizeof *res);
    for (it = 0; it < 400; it++) {
        const int *sh = shapes[test_xorshift(&seed) % (sizeof shapes / sizeof shapes[0])];
        int rows = sh[0], cols = sh[1], n = rows * cols, i, aj, ad, m;
        int empty_pct = (int)(test_xorshift(&seed) % 3) * 15; /* 0, 15 or 30 % empty cells */
        char cells[16], text[128], side = (test_xorshift(&seed) & 3) == 0 ? 'D' : 'J';
        hopchess_request req;
        wr_error err;
        double want;
        for (i = 0; i < n; i++) {
            int roll = (int)(test_xorshift(&seed) % 100);
            cells[i] = roll < empty_pct ? '.' : (test_xorshift(&seed) & 1) ? 'J' : 'D';
        }
        aj = 1 + (int)(test_xorshift(&seed) % ((it & 7) == 0 ? 13 : 4));
        ad = 1 + (int)(test_xorshift(&seed) % ((it & 7) == 1 ? 13 : 4));
        format_board(text, rows, cols, cells, aj, ad, side);
        want = brute_justin(rows, cols, cells, aj, ad, side);
        if (solve_text(text, &req, res, &err) != WR_OK || fabs(res->justin_win - want) > 1e-9) {
            bad++;
            if (bad < 5) printf("  brute force mismatch on %s: %.17g vs %.17g\n", text,
                                res->justin_win, want);
            continue;
        }
        /* every root move's value against the brute force of the child */
        for (m = 0; m < res->nmoves; m++) {
            char child[16];
            double cv;
            memcpy(child, cells, 16);
            child[res->moves[m].to] = side;
            child[res->moves[m].from] = '.';
            cv = brute_justin(rows, cols, child, aj, ad, side == 'J' ? 'D' : 'J');
            if (side == 'D') cv = 1.0 - cv; /* the mover's win probability */
            if (fabs(cv - res->moves[m].value) > 1e-9) moves_bad++;
        }
        if (aj == 1 && ad == 1 && res->justin_win != 0.0 && res->justin_win != 1.0) unit_bad++;
    }
    TEST_COND("random boards agree with the brute force", bad == 0);
    TEST_COND("root move values agree with the brute force", moves_bad == 0);
    TEST_COND("a_J = a_D = 1 gives exactly 0 or 1", unit_bad == 0);
    free(res);
}

static int err_is(const char *text, int code, int line, int col)
{
    hopchess_request req;
    wr_error err;
    int rc = hopchess_parse(text, strlen(text), &req, &err);
    int ok = rc == code && err.code == code && err.line == line && err.column == col &&
             err.message[0] != '\0';
    if (!ok) printf("  parse of \"%s\": rc %d at %d:%d: %s\n", text, rc, err.line, err.column,
                    err.message);
    return ok;
}

static void test_parser(void)
{
    hopchess_request req;
    wr_error err;
    TEST_COND("empty input", err_is("", WR_ESYNTAX, 1, 1));
    TEST_COND("letter for rows", err_is("x 3\n", WR_ESYNTAX, 1, 1));
    TEST_COND("zero rows", err_is("0 3\nJJD\n3 1\n", WR_ERANGE, 1, 1));
    TEST_COND("too many cells", err_is("9 9\n", WR_ERANGE, 1, 1));
    TEST_COND("extra on line 1", err_is("1 3 4\nJJD\n3 1\n", WR_ESYNTAX, 1, 5));
    TEST_COND("bad cell", err_is("1 3\nJXD\n3 1\n", WR_ESYNTAX, 2, 2));
    TEST_COND("short row", err_is("1 3\nJJ\n3 1\n", WR_ESYNTAX, 2, 3));
    TEST_COND("long row", err_is("1 3\nJJDD\n3 1\n", WR_ESYNTAX, 2, 4));
    TEST_COND("row with a space", err_is("1 3\nJ JD\n3 1\n", WR_ESYNTAX, 2, 2));
    TEST_COND("missing row", err_is("2 3\nJJD\n3 1\n", WR_ESYNTAX, 3, 1));
    TEST_COND("missing factors", err_is("1 3\nJJD\n", WR_ESYNTAX, 3, 1));
    TEST_COND("missing a_D", err_is("1 3\nJJD\n3\n", WR_ESYNTAX, 3, 2));
    TEST_COND("a_J = 0", err_is("1 3\nJJD\n0 1\n", WR_ERANGE, 3, 1));
    TEST_COND("a_D = 1001", err_is("1 3\nJJD\n3 1001\n", WR_ERANGE, 3, 3));
    TEST_COND("bad side", err_is("1 3\nJJD\n3 1 X\n", WR_ESYNTAX, 3, 5));
    TEST_COND("two sides", err_is("1 3\nJJD\n3 1 J D\n", WR_ESYNTAX, 3, 7));
    TEST_COND("trailing text", err_is("1 3\nJJD\n3 1\nextra\n", WR_ESYNTAX, 4, 1));
    TEST_COND("a row more than line 1 says", err_is("1 3\nJJD\n.JD\n3 1\n", WR_ESYNTAX, 3, 1));
    TEST_COND("a row more: the message names the count",
              hopchess_parse("2 1\nJ\nD\nJ\n3 1\n", strlen("2 1\nJ\nD\nJ\n3 1\n"), &req, &err) ==
                      WR_ESYNTAX &&
                  err.line == 4 &&
                  strstr(err.message, "after the 2 rows that line 1 announces, found a row") != NULL);
    TEST_COND("lower-case cell", err_is("1 2\njD\n1 1\n", WR_ESYNTAX, 2, 1));
    TEST_COND("64 cells parse", hopchess_parse("1 64\n" "JDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJD"
                                               "JDJDJDJDJDJDJDJDJDJDJDJD\n1000 1000 D\n",
                                               strlen("1 64\n" "JDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJDJD"
                                                      "JDJDJDJDJDJDJDJDJDJDJDJD\n1000 1000 D\n"),
                                               &req, &err) == WR_OK &&
                                    req.to_move == HOPCHESS_DONALD && req.a_j == 1000);
}

static int cancel_now(void *ctx, double done, double total)
{
    (void)done;
    (void)total;
    ++*(int *)ctx;
    return 1;
}

/* Counts progress calls and keeps the last `done`; never cancels. */
typedef struct progress_log {
    int calls;
    double last_done;
} progress_log;

static int log_progress(void *ctx, double done, double total)
{
    progress_log *l = ctx;
    (void)total;
    l->calls++;
    l->last_done = done;
    return 0;
}

/* 4x5 alternating board: its backward pass needs about 880 MB at its peak
 * (the value arrays of layers 11 and 10, 38.6 + 47.5 million positions, 690
 * MB, beside the layers' bitmaps), so it fits the default budget (about 20 s,
 * measured in make bench) but not 600 MB, where the bitmaps (3^20 bits, 436
 * MB) still fit. The marking pass would process 193.3 million positions
 * (layers 20..2); the refusal must come while layer 10 is being marked,
 * after at most the 74.2 million positions of layers 20..11. */
static void test_early_refusal(void)
{
    const char *b45 = "4 5\nJDJDJ\nDJDJD\nJDJDJ\nDJDJD\n2 2\n";
    const char *b4 = "4 4\nJJDD\nDDJJ\nJJDD\nDDJJ\n3 2\n";
    hopchess_request req;
    hopchess_result *res = malloc(sizeof *res);
    wr_options opt;
    wr_error err;
    progress_log log = {0, 0};
    double sw[4];
    int rc;

    hopchess_parse(b45, strlen(b45), &req, &err);
    wr_options_init(&opt);
    opt.progress = log_progress;
    opt.progress_ctx = &log;
    opt.memory_mb = 600;
    rc = hopchess_solve(&req, &opt, res, &err);
    TEST_COND("4x5 refused for the budget", rc == WR_ETOOBIG && err.code == WR_ETOOBIG &&
                                                strstr(err.message, "more than 600 MB") &&
                                                strstr(err.message, "memory budget of 600 MB"));
    if (rc != WR_ETOOBIG || log.last_done > 74164046.0)
        printf("  4x5: %s (%d progress calls, done %.0f)\n", err.message, log.calls,
                   log.last_done);
    TEST_COND("4x5 refused before the marking pass ends",
              log.calls > 0 && log.last_done <= 74164046.0 && log.calls <= 74164046 / 65536);
    /* a sweep holds one table id per position (4 bytes; tables and memo
     * entries are per distinct value), so it may fit where the single solve
     * does not; under 500 MB the ids of layers 11 and 10 (345 MB) do not fit
     * beside the layers, and the refusal comes during marking as well */
    log.calls = 0;
    log.last_done = 0;
    opt.memory_mb = 500;
    rc = hopchess_sweep(&req, 2, &opt, sw, NULL, &err);
    TEST_COND("4x5 sweep under 500 MB refused early",
              rc == WR_ETOOBIG && strstr(err.message, "more than 500 MB") &&
                  log.calls > 0 && log.last_done <= 74164046.0);

    /* a budget below the bitmaps: refused before any marking */
    hopchess_parse(b4, strlen(b4), &req, &err);
    log.calls = 0;
    opt.memory_mb = 4; /* the 4x4 bitmaps alone take 5.4 MB */
    rc = hopchess_solve(&req, &opt, res, &err);
    TEST_COND("4x4 under 4 MB refused at once", rc == WR_ETOOBIG && log.calls == 0 &&
                                                    strstr(err.message, "needs about 6 MB"));
    /* just enough for the bitmaps, not the values: refused during marking */
    opt.memory_mb = 18;
    rc = hopchess_solve(&req, &opt, res, &err);
    TEST_COND("4x4 under 18 MB refused", rc == WR_ETOOBIG);
    /* 20 MB is enough only because the layers waiting above the backward
     * pass's step are packed (layers_pack) and those below it freed */
    opt.memory_mb = 20;
    rc = hopchess_solve(&req, &opt, res, &err);
    TEST_COND("4x4 fits 20 MB", rc == WR_OK && res->positions == 3944750 &&
                                    fabs(res->justin_win - 0.186810556699) < 1e-12);
    /* and the benchmark still fits its real need (about 56 MB) */
    opt.memory_mb = 64;
    rc = hopchess_solve(&req, &opt, res, &err);
    TEST_COND("4x4 fits 64 MB", rc == WR_OK && res->positions == 3944750);
    free(res);
}

static void test_budget_and_cancel(void)
{
    const char *big = "5 5\nJJDDJ\nDDJJD\nJJDDJ\nDDJJD\nJJDDJ\n3 2\n";
    const char *b4 = "4 4\nJJDD\nDDJJ\nJJDD\nDDJJ\n3 2\n";
    hopchess_request req;
    hopchess_result *res = malloc(sizeof *res);
    wr_options opt;
    wr_error err;
    wr_buf b;
    double sw[4];
    clock_t t0;
    int rc, calls = 0;

    wr_buf_init(&b);
    t0 = clock();
    rc = run_text(big, -1, 0, 0, 0, &b, &err);
    TEST_COND("5x5 refused for the budget", rc == WR_ETOOBIG && err.code == WR_ETOOBIG &&
                                                strstr(err.message, "MB") != NULL);
    TEST_COND("5x5 exit status 3", wr_exit_status(rc) == 3);
    TEST_COND("5x5 refused fast", (double)(clock() - t0) / CLOCKS_PER_SEC < 0.1);
    TEST_COND("5x5 sweep refused", run_text(big, -1, 0, 13, 0, &b, &err) == WR_ETOOBIG);
    TEST_COND("estimate above 1 GiB", hopchess_parse(big, strlen(big), &req, &err) == WR_OK &&
                                          hopchess_estimate_bytes(&req, 0) > 1024.0 * 1048576);
    TEST_COND("6x6 refused", run_text("6 6\nJJJJJJ\nJJJJJJ\nJJJJJJ\nJJJJJJ\nJJJJJJ\nJJJJJD\n1 1\n",
                                      -1, 0, 0, WR_MAX_BUDGET_MB, &b, &err) == WR_ETOOBIG);
    TEST_COND("4x4 refused under a 1 MB budget", run_text(b4, -1, 0, 0, 1, &b, &err) == WR_ETOOBIG);
    TEST_COND("4x4 sweep refused under 8 MB", run_text(b4, -1, 0, 2, 8, &b, &err) == WR_ETOOBIG);
    wr_buf_free(&b);

    hopchess_parse(b4, strlen(b4), &req, &err);
    wr_options_init(&opt);
    opt.progress = cancel_now;
    opt.progress_ctx = &calls;
    rc = hopchess_solve(&req, &opt, res, &err);
    TEST_COND("cancel", rc == WR_ECANCELLED && err.code == WR_ECANCELLED && calls == 1);
    calls = 0;
    rc = hopchess_sweep(&req, 2, &opt, sw, NULL, &err);
    TEST_COND("cancel sweep", rc == WR_ECANCELLED && calls == 1);
    free(res);
}

/* The 4x4 benchmark: exact value and position count from the first
 * (hash-set) solver, and a board's mirror images and transpose give the same
 * answer and the same number of reachable positions (values are symmetric
 * under the board's symmetries; the solver does not rely on it). */
static void test_benchmark_and_symmetry(void)
{
    static const char *sets[][4] = {
        {"4 4\nJJDD\nDDJJ\nJJDD\nDDJJ\n3 2\n", "4 4\nDDJJ\nJJDD\nDDJJ\nJJDD\n3 2\n",
         "4 4\nJDJD\nJDJD\nDJDJ\nDJDJ\n3 2\n", NULL},
        {"3 4\nJJD.\nDJJD\nJ.DD\n2 3 D\n", "3 4\n.DJJ\nDJJD\nDD.J\n2 3 D\n",
         "3 4\nJ.DD\nDJJD\nJJD.\n2 3 D\n", "4 3\nJDJ\nJJ.\nDJD\n.DD\n2 3 D\n"},
        /* every move proposed everywhere: the plain mean at every position */
        {"3 4\nJJD.\nDJJD\nJ.DD\n1000 1000 D\n", "3 4\n.DJJ\nDJJD\nDD.J\n1000 1000 D\n",
         "3 4\nJ.DD\nDJJD\nJJD.\n1000 1000 D\n", "4 3\nJDJ\nJJ.\nDJD\n.DD\n1000 1000 D\n"},
        {"4 4\nJJDD\nDDJJ\nJJDD\nDDJJ\n9 9\n", "4 4\nDDJJ\nJJDD\nDDJJ\nJJDD\n9 9\n",
         "4 4\nJDJD\nJDJD\nDJDJ\nDJDJ\n9 9\n", NULL},
    };
    size_t si, bi;
    hopchess_request req;
    hopchess_result *res = malloc(sizeof *res);
    wr_error err;
    int rc = solve_text(sets[0][0], &req, res, &err);
    TEST_COND("4x4 benchmark solves", rc == WR_OK);
    TEST_NEAR("4x4 benchmark value", res->justin_win, 0.18681055669867389, 1e-15);
    TEST_COND("4x4 benchmark positions", res->positions == 3944750);
    for (si = 0; si < sizeof sets / sizeof sets[0]; si++) {
        double want = -1;
        uint64_t npos = 0;
        for (bi = 0; bi < 4 && sets[si][bi]; bi++) {
            rc = solve_text(sets[si][bi], &req, res, &err);
            TEST_COND("mirror solves", rc == WR_OK);
            if (bi == 0) {
                want = res->justin_win;
                npos = res->positions;
                continue;
            }
            /* every value is summed in value order (top_avg), so the order
             * in which a mirror image generates its moves cannot show */
            TEST_COND("mirror image: bit-identical value", res->justin_win == want);
            TEST_COND("mirror image: same positions", res->positions == npos);
        }
    }
    free(res);
}

/* sum_desc (the generated networks) against qsort then a left-to-right sum,
 * bit for bit, on values with many ties, 0s, 1s and tiny values. */
static void test_sort_networks(void)
{
    static const double pool[] = {0.0, 1.0, 0.5, 0.25, 1.0 / 3, 2.0 / 3, 0.1, 0.7,
                                  1e-300, 0.9999999999999999, 0.3333333333333333};
    uint64_t x = 88172645463325252ull;
    int p, trial, bad = 0;
    for (p = 3; p <= 16; p++)
        for (trial = 0; trial < 20000; trial++) {
            double v[16], w[16], want = 0;
            int i;
            for (i = 0; i < p; i++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
                v[i] = trial & 1 ? pool[x % (sizeof pool / sizeof pool[0])]
                                 : (double)(x >> 11) / 9007199254740992.0;
                w[i] = v[i];
            }
            qsort(w, (size_t)p, sizeof *w, cmp_desc);
            for (i = 0; i < p; i++) want += w[i];
            if (sum_desc(v, p) != want) bad++;
        }
    TEST_COND("sorting networks: sums in descending order, bit for bit", bad == 0);
}

void test_hopchess(void)
{
    test_sort_networks();
    test_benchmark_and_symmetry();
    test_samples();
    test_hand_checked();
    test_moves_and_ties();
    test_sweep();
    test_brute_force();
    test_parser();
    test_budget_and_cancel();
    test_early_refusal();
}
