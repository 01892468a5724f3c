/* test_dice.c — Battle Dice: CheckiO examples, hand-checked cases, a brute
 * force that enumerates every roll of every die, parser errors, budget,
 * cancel. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dice/dice.h"
#include "dice_util.h"
#include "harness.h"
#include "winrate.h"

/* ------------------------------------------------------------ brute force */

/* Outcome of a battle from one state: probabilities of ending in each
 * terminal state (k, 0) / (0, k) / (0, 0), of stalemate, and
 * T = E[rolls; battle ends]. Plain memoised recursion; each state's
 * transition enumerates all F^(u1+u2) face combinations. */
typedef struct bf_out {
    double end1[4]; /* end1[k] = P(end at (k, 0)), k >= 1; end1[0] = draw */
    double end2[4]; /* end2[k] = P(end at (0, k)), k >= 1 */
    double stale, T;
    int done;
} bf_out;

typedef struct bf {
    const dice_request *req;
    bf_out memo[4][4];
} bf;

static long bf_trans(const bf *b, int u1, int u2, double P[4][4])
{
    const dice_die *d1 = &b->req->die[0], *d2 = &b->req->die[1];
    int n = u1 + u2, idx[8] = {0}, i;
    long moving = 0; /* combinations that change something */
    double prob = pow(1.0 / d1->nfaces, u1) * pow(1.0 / d2->nfaces, u2);
    memset(P, 0, sizeof(double) * 16);
    for (;;) {
        int a1 = 0, dd1 = 0, a2 = 0, dd2 = 0, x, y;
        for (i = 0; i < u1; i++) a1 += d1->faces[idx[i]].attack, dd1 += d1->faces[idx[i]].defence;
        for (i = u1; i < n; i++) a2 += d2->faces[idx[i]].attack, dd2 += d2->faces[idx[i]].defence;
        x = a2 - dd1 < 0 ? 0 : a2 - dd1;
        y = a1 - dd2 < 0 ? 0 : a1 - dd2;
        if (x > u1) x = u1;
        if (y > u2) y = u2;
        P[x][y] += prob;
        moving += x || y;
        for (i = 0; i < n; i++) {
            if (++idx[i] < (i < u1 ? d1->nfaces : d2->nfaces)) break;
            idx[i] = 0;
        }
        if (i == n) break;
    }
    return moving;
}

static const bf_out *bf_solve(bf *b, int u1, int u2)
{
    bf_out *o = &b->memo[u1][u2];
    double P[4][4], stay;
    int x, y, k;
    if (o->done) return o;
    memset(o, 0, sizeof *o);
    o->done = 1;
    if (u1 == 0 && u2 == 0) { o->end1[0] = 1; return o; }
    if (u2 == 0) { o->end1[u1] = 1; return o; }
    if (u1 == 0) { o->end2[u2] = 1; return o; }
    if (bf_trans(b, u1, u2, P) == 0) { o->stale = 1; return o; }
    stay = P[0][0];
    for (x = 0; x <= u1; x++)
        for (y = 0; y <= u2; y++) {
            const bf_out *n;
            double q;
            if (x == 0 && y == 0) continue;
            q = P[x][y] / (1 - stay);
            n = bf_solve(b, u1 - x, u2 - y);
            for (k = 0; k < 4; k++) o->end1[k] += q * n->end1[k], o->end2[k] += q * n->end2[k];
            o->stale += q * n->stale;
            /* rolls here (mean 1/(1-stay)) count when the battle ends */
            o->T += q * (n->T + (1 - n->stale) / (1 - stay));
        }
    return o;
}

/* ------------------------------------------------------------- helpers */

static int parse_str(const char *s, dice_request *req, wr_error *err)
{
    return dice_parse(s, strlen(s), req, err);
}

static double solve_str(const char *s, int analysis, dice_result *res)
{
    dice_request req;
    wr_error err;
    wr_options opt;
    wr_options_init(&opt);
    memset(res, 0, sizeof *res);
    if (parse_str(s, &req, &err) != WR_OK) return -1;
    if (dice_solve(&req, analysis, &opt, res, &err) != WR_OK) return -2;
    return dice_answer(res);
}

static void run_text(const char *s, int json, int digits, wr_buf *out, int *rc, wr_error *err)
{
    wr_options opt;
    wr_options_init(&opt);
    opt.json = json;
    opt.digits = digits;
    wr_buf_init(out);
    *rc = wr_run("dice", s, strlen(s), &opt, out, err);
}

static void expect_answer(const char *in, const char *want)
{
    wr_buf out;
    wr_error err;
    int rc;
    run_text(in, 0, -1, &out, &rc, &err);
    TEST_COND(in, rc == WR_OK && out.data && strcmp(out.data, want) == 0);
    if (rc == WR_OK && out.data && strcmp(out.data, want) != 0)
        printf("   got %s   want %s", out.data, want);
    wr_buf_free(&out);
}

static void expect_error(const char *in, int code, int line, int col, const char *msg_part)
{
    dice_request req;
    wr_error err;
    int rc = parse_str(in, &req, &err);
    int ok = rc == code && err.code == code && err.line == line && err.column == col &&
             (!msg_part || strstr(err.message, msg_part));
    TEST_COND(in, ok);
    if (!ok)
        printf("   got rc=%d %d:%d '%s'; want rc=%d %d:%d '%s'\n", rc, err.line, err.column,
               err.message, code, line, col, msg_part ? msg_part : "");
}

/* Compares the solver's full analysis against the brute force. */
static void check_against_bf(const char *text)
{
    dice_request req;
    dice_result res;
    wr_error err;
    wr_options opt;
    bf b;
    const bf_out *o;
    int rc, i, j, k, U1, U2, ok = 1;
    double draw, win = 0, loss = 0, ended;
    wr_options_init(&opt);
    if (parse_str(text, &req, &err) != WR_OK) {
        TEST_COND("random case parses", 0);
        return;
    }
    rc = dice_solve(&req, 1, &opt, &res, &err);
    if (rc != WR_OK) {
        TEST_COND("random case solves", 0);
        return;
    }
    U1 = req.units[0];
    U2 = req.units[1];
    memset(&b, 0, sizeof b);
    b.req = &req;
    o = bf_solve(&b, U1, U2);
    draw = o->end1[0];
    for (k = 1; k <= U1; k++) win += o->end1[k];
    for (k = 1; k <= U2; k++) loss += o->end2[k];
    ok &= fabs(dice_answer(&res) - win) <= 1e-9;
    ok &= fabs(res.win - win) <= 1e-9 && fabs(res.draw - draw) <= 1e-9;
    ok &= fabs(res.loss - loss) <= 1e-9 && fabs(res.stalemate - o->stale) <= 1e-9;
    ok &= fabs(res.win + res.draw + res.loss + res.stalemate - 1) <= 1e-12;
    for (k = 1; k <= U1; k++) ok &= fabs(res.survivors1[k] - o->end1[k]) <= 1e-9;
    for (k = 1; k <= U2; k++) ok &= fabs(res.survivors2[k] - o->end2[k]) <= 1e-9;
    ok &= fabs(res.survivors1[0] - (draw + loss)) <= 1e-9;
    ok &= fabs(res.survivors2[0] - (draw + win)) <= 1e-9;
    ended = 1 - o->stale;
    if (ended > 1e-12)
        ok &= fabs(res.expected_rolls - o->T / ended) <= 1e-9 * (1 + o->T / ended);
    else
        ok &= isnan(res.expected_rolls);
    for (i = 1; i <= U1; i++)
        for (j = 1; j <= U2; j++) {
            const bf_out *p = bf_solve(&b, i, j);
            double w = 0;
            for (k = 1; k <= i; k++) w += p->end1[k];
            ok &= fabs(dice_table(&res, i, j) - w) <= 1e-9;
        }
    TEST_COND(text, ok);
    if (!ok)
        printf("   solver win %.17g draw %.17g loss %.17g stale %.17g rolls %.17g\n"
               "   brute  win %.17g draw %.17g loss %.17g stale %.17g rolls %.17g\n",
               res.win, res.draw, res.loss, res.stalemate, res.expected_rolls, win, draw, loss,
               o->stale, o->T / ended);
    dice_result_free(&res);
}

/* ------------------------------------------------------------------ tests */

/* CheckiO examples, hand-checked battles, stalemates */
static void test_known_battles(void)
{
    dice_result res;
    wr_error err;
    wr_buf out;
    int rc;

    /* CheckiO examples */
    expect_answer("A D\n3 3\n", "0.0000\n");
    expect_answer("A D\n4 3\n", "1.0000\n");
    expect_answer("AA A D DD\n3 4\n", "0.0186\n");
    expect_answer("AA A D DD\n4 4\n", "0.4079\n");
    expect_answer("AA A D DD\n5 4\n", "0.9073\n");
    expect_answer("AA A D DD\r\n5 4", "0.9073\n");
    expect_answer("  AA\tA D  DD \n 5   4 \n\n\n", "0.9073\n");

    /* hand-checked: "A -" 1 vs 1: each side hits with 1/2, repeat on 0-0 */
    TEST_NEAR("A - 1v1 win", solve_str("A -\n1 1\n", 1, &res), 1.0 / 3, 1e-15);
    TEST_NEAR("A - 1v1 draw", res.draw, 1.0 / 3, 1e-15);
    TEST_NEAR("A - 1v1 loss", res.loss, 1.0 / 3, 1e-15);
    TEST_NEAR("A - 1v1 rolls", res.expected_rolls, 4.0 / 3, 1e-15);
    TEST_NEAR("A - 1v1 surv1[1]", res.survivors1[1], 1.0 / 3, 1e-15);
    TEST_NEAR("A - 1v1 surv1[0]", res.survivors1[0], 2.0 / 3, 1e-15);
    dice_result_free(&res);
    /* "A D" 3 vs 3: attacks and defences always cancel except... 3 A vs 0 D:
     * every roll is a stalemate-free walk, but the answer is exactly 0 */
    TEST_NEAR("A D 3v3", solve_str("A D\n3 3\n", 1, &res), 0.0, 1e-15);
    TEST_NEAR("A D 3v3 sums", res.win + res.draw + res.loss + res.stalemate, 1.0, 1e-12);
    dice_result_free(&res);
    /* one side always hits, the other never: 2 vs 3 with "A" vs "-" */
    TEST_NEAR("A vs - two dice", solve_str("A\n-\n2 3\n", 1, &res), 1.0, 1e-15);
    TEST_NEAR("A vs - rolls", res.expected_rolls, 2.0, 1e-15); /* 2 then 1 unit left */
    TEST_NEAR("A vs - survivors", res.survivors1[2], 1.0, 1e-15);
    TEST_COND("A vs - not same die", res.units[0] == 2 && res.units[1] == 3);
    dice_result_free(&res);

    /* stalemates */
    TEST_NEAR("AD AD 2v2 win", solve_str("AD AD\n2 2\n", 1, &res), 0.0, 0);
    TEST_NEAR("AD AD 2v2 stalemate", res.stalemate, 1.0, 0);
    TEST_COND("AD AD 2v2 rolls null", isnan(res.expected_rolls));
    dice_result_free(&res);
    run_text("AD AD\n2 2\n", 1, -1, &out, &rc, &err);
    TEST_COND("AD AD json expectedRolls null",
              rc == WR_OK && strstr(out.data, "\"expectedRolls\":null") &&
                  strstr(out.data, "\"stalemate\":1,"));
    wr_buf_free(&out);
    TEST_NEAR("no attack die", solve_str("D -\n3 3\n", 1, &res), 0.0, 0);
    TEST_NEAR("no attack die stalemate", res.stalemate, 1.0, 0);
    dice_result_free(&res);
    /* AD AD 3 vs 2: player one's 3 attacks beat 2 defences, so not stuck */
    TEST_NEAR("AD AD 3v2", solve_str("AD AD\n3 2\n", 1, &res), 1.0, 1e-12);
    TEST_NEAR("AD AD 3v2 rolls", res.expected_rolls, 2.0, 1e-12); /* 3v2 -> 3v1 -> win */
    /* the table holds a stalemate at 2v2 and 1v1 */
    TEST_NEAR("AD AD table 2v2", dice_table(&res, 2, 2), 0.0, 0);
    TEST_NEAR("AD AD table 3v1", dice_table(&res, 3, 1), 1.0, 1e-15);
    dice_result_free(&res);
    /* a battle that can reach a stalemate part of the time */
    check_against_bf("AD A\nAD -\n3 3\n");
    check_against_bf("AD D\n2 2\n");
}

/* Random dice, same and different, against the brute force */
static void test_brute_force(void)
{
    uint64_t rng_state = 0x9E3779B97F4A7C15ull, *rng = &rng_state;
    int i;

    /* brute force on random dice, same and different */
    for (i = 0; i < 120; i++) {
        char d1[64], d2[64], text[160];
        int u1 = 1 + (int)(test_xorshift(rng) % 3), u2 = 1 + (int)(test_xorshift(rng) % 3);
        test_random_die(d1, rng, 4);
        if (i % 2) {
            test_random_die(d2, rng, 4);
            snprintf(text, sizeof text, "%s\n%s\n%d %d\n", d1, d2, u1, u2);
        } else {
            snprintf(text, sizeof text, "%s\n%d %d\n", d1, u1, u2);
        }
        check_against_bf(text);
    }
    check_against_bf("AD DA AAD -\n3 3\n");
    check_against_bf("AAA D\nDDD A\n3 2\n");
}

/* The table entries equal separate solves */
static void test_table(void)
{
    int i, j;

    /* the table entries equal separate solves */
    {
        dice_result big, one;
        int ok = 1;
        solve_str("AA A D DD -\nA AD DD - AAD\n7 6\n", 0, &big);
        for (i = 1; i <= 7; i++)
            for (j = 1; j <= 6; j++) {
                char text[80];
                snprintf(text, sizeof text, "AA A D DD -\nA AD DD - AAD\n%d %d\n", i, j);
                solve_str(text, 0, &one);
                ok &= fabs(dice_table(&big, i, j) - dice_answer(&one)) <= 1e-13;
                dice_result_free(&one);
            }
        TEST_COND("table entries equal separate solves", ok);
        dice_result_free(&big);
    }
}

/* The analysis of a larger army; swapping the players */
static void test_analysis(void)
{
    dice_result res;
    int i;

    /* analysis on a larger army: sums, symmetry, backward vs forward */
    TEST_NEAR("20v20 forward = backward",
              solve_str("AAA AA A AD ADD D DD DDD - A\n20 20\n", 1, &res), res.win, 1e-12);
    {
        double s1 = 0, s2 = 0;
        for (i = 0; i <= 20; i++) s1 += res.survivors1[i], s2 += res.survivors2[i];
        TEST_NEAR("20v20 sums to 1", res.win + res.draw + res.loss + res.stalemate, 1, 1e-12);
        TEST_NEAR("20v20 survivors1 sum", s1, 1 - res.stalemate, 1e-12);
        TEST_NEAR("20v20 survivors2 sum", s2, 1 - res.stalemate, 1e-12);
        TEST_NEAR("20v20 same die: win = loss", res.win, res.loss, 1e-12);
        TEST_COND("20v20 states", res.states == 400);
        TEST_COND("20v20 dropped mass tiny", res.dropped_mass <= 1e-12);
    }
    dice_result_free(&res);
    /* swapping the players swaps win and loss */
    {
        dice_result r2;
        solve_str("AA A D -\nAD D DD A\n9 7\n", 1, &res);
        solve_str("AD D DD A\nAA A D -\n7 9\n", 1, &r2);
        TEST_NEAR("swap: win <-> loss", res.win, r2.loss, 1e-12);
        TEST_NEAR("swap: draw", res.draw, r2.draw, 1e-12);
        TEST_NEAR("swap: rolls", res.expected_rolls, r2.expected_rolls, 1e-9);
        dice_result_free(&r2);
        dice_result_free(&res);
    }
}

/* Big faces and armies; the JSON shape */
static void test_big_and_json(void)
{
    dice_result res;
    wr_error err;
    wr_buf out;
    int rc;

    /* big faces and armies work (9 icons, 20 faces) */
    TEST_COND("9 icons 20 faces 30v30",
              solve_str("AAAAAAAAA AAAAAAAD AAAAADDD AAADDDDDD ADDDDDDDD DDDDDDDDD AAAA AAA AA A "
                        "D DD DDD DDDD AD AAD ADD AADD - AAAADDDDD\n30 30\n",
                        0, &res) >= 0);
    dice_result_free(&res);

    /* JSON shape */
    run_text("DA AAD -\n2 1\n", 1, -1, &out, &rc, &err);
    TEST_COND("json", rc == WR_OK && out.data &&
                          strncmp(out.data, "{\"game\":\"dice\",\"answer\":", 24) == 0 &&
                          strstr(out.data, "\"faces1\":[\"AD\",\"AAD\",\"-\"],\"faces2\":[\"AD\","
                                           "\"AAD\",\"-\"],\"sameDie\":true,\"units\":[2,1],") &&
                          strstr(out.data, "\"survivors1\":[") &&
                          strstr(out.data, "\"table\":[[") && strstr(out.data, "\"states\":2,") &&
                          strstr(out.data, "\"droppedMass\":"));
    wr_buf_free(&out);
    run_text("A\n-\n1 1\n", 1, -1, &out, &rc, &err);
    TEST_COND("json two dice", rc == WR_OK && strstr(out.data, "\"sameDie\":false") &&
                                   strstr(out.data, "\"faces2\":[\"-\"]") &&
                                   strstr(out.data, "\"table\":[[1]]"));
    wr_buf_free(&out);
    run_text("AA A D DD\n5 4\n", 0, 9, &out, &rc, &err);
    TEST_COND("--digits 9", rc == WR_OK && strlen(out.data) == 12 && out.data[0] == '0');
    wr_buf_free(&out);
}

/* Every probability a door shows or exports is within [0, 1]: the sums of
 * the passes can round a few ulps past 1 (they did: win 1 + 2 ulps, a
 * survivors entry 1 + 4 ulps, table entries up to 1 + 11 ulps, on these). */
static int all_in_unit(const double *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!(v[i] >= 0.0 && v[i] <= 1.0)) return 0;
    return 1;
}

static void test_probabilities_in_range(void)
{
    static const char *const battles[] = {"AA A D DD\n100 60\n", "AA A D DD\n100 100\n", "AAA A D\n200 150\n"};
    static const char *const names[] = {"in [0, 1]: AA A D DD 100 v 60", "in [0, 1]: AA A D DD 100 v 100",
                                        "in [0, 1]: AAA A D 200 v 150"};
    size_t b;
    int rolls;
    for (b = 0; b < sizeof battles / sizeof *battles; b++)
        for (rolls = 0; rolls <= 7; rolls += 7) {
            dice_request req;
            dice_result res;
            wr_error err;
            wr_options opt;
            double one[5];
            int ok;
            wr_options_init(&opt);
            memset(&res, 0, sizeof res);
            ok = parse_str(battles[b], &req, &err) == WR_OK;
            req.rolls = rolls;
            req.length = !rolls;
            ok = ok && dice_solve(&req, 1, &opt, &res, &err) == WR_OK && res.analysed;
            if (ok) {
                one[0] = res.win, one[1] = res.draw, one[2] = res.loss, one[3] = res.stalemate, one[4] = res.still;
                ok = all_in_unit(one, 5) && all_in_unit(res.table, (size_t)res.units[0] * (size_t)res.units[1]) &&
                     all_in_unit(res.survivors1, (size_t)res.units[0] + 1) &&
                     all_in_unit(res.survivors2, (size_t)res.units[1] + 1) &&
                     all_in_unit(res.over_within, (size_t)res.n_over) && (rolls || res.n_over > 0);
            }
            TEST_COND(names[b], ok);
            dice_result_free(&res);
        }
}

/* The accepted forms, errors with positions, the CLI-level report */
static void test_parser(void)
{
    dice_request req;
    wr_error err;
    wr_buf out;
    int rc;

    /* parser: the accepted forms */
    TEST_COND("parse 2-line", parse_str("AAD DA - D\n3 4\n", &req, &err) == WR_OK &&
                                  req.same_die && req.die[0].nfaces == 4 &&
                                  req.die[0].faces[0].attack == 2 &&
                                  req.die[0].faces[0].defence == 1 &&
                                  req.die[0].faces[2].attack == 0 &&
                                  req.die[0].faces[2].defence == 0 && req.units[0] == 3 &&
                                  req.units[1] == 4);
    TEST_COND("parse 3-line", parse_str("A\nD D\n1 200", &req, &err) == WR_OK && !req.same_die &&
                                  req.die[1].nfaces == 2 && req.units[1] == 200);
    TEST_COND("parse 9 icons", parse_str("AAAAADDDD\n1 1\n", &req, &err) == WR_OK);
    TEST_COND("parse 20 faces",
              parse_str("A A A A A A A A A A A A A A A A A A A A\n1 1\n", &req, &err) == WR_OK);

    /* parser errors with positions */
    expect_error("A x D\n3 3\n", WR_ESYNTAX, 1, 3, "expected a face (A, D or -), found 'x'");
    expect_error("A AxD\n3 3\n", WR_ESYNTAX, 1, 4, "found 'x'");
    expect_error("A a\n3 3\n", WR_ESYNTAX, 1, 3, "found 'a'");
    expect_error("A A-\n3 3\n", WR_ESYNTAX, 1, 4, "lone '-'");
    expect_error("A AAAAADDDDD\n3 3\n", WR_ERANGE, 1, 12, "too many icons");
    expect_error("A A A A A A A A A A A A A A A A A A A A D\n1 1\n", WR_ERANGE, 1, 41,
                 "too many faces");
    expect_error("A D\n", WR_ESYNTAX, 2, 1, "expected the units");
    expect_error("A D", WR_ESYNTAX, 1, 4, "expected the units");
    expect_error("", WR_ESYNTAX, 1, 1, "expected the faces");
    expect_error("\n3 3\n", WR_ESYNTAX, 1, 1, "expected a face");
    expect_error("A D\n0 3\n", WR_ERANGE, 2, 1, "player one's units must be between 1 and 200");
    expect_error("A D\n3 201\n", WR_ERANGE, 2, 3, "player two's units must be between 1 and 200");
    expect_error("A D\n3\n", WR_ESYNTAX, 2, 2, "expected player two's units");
    expect_error("A D\n3 x\n", WR_ESYNTAX, 2, 3, "found 'x'");
    expect_error("A D\n3 3 3\n", WR_ESYNTAX, 2, 5, "expected the end of the line");
    expect_error("A D\n3 3\nA\n", WR_ESYNTAX, 3, 1, "expected the end of the input");
    expect_error("A D\nA D\n", WR_ESYNTAX, 3, 1, "expected the units");
    expect_error("A D\nA q\n3 3\n", WR_ESYNTAX, 2, 3, "found 'q'");
    expect_error("A D\nA D\n3 3\n4 4\n", WR_ESYNTAX, 4, 1, "expected the end of the input");
    expect_error("A D\n3 3\nAA D\n", WR_ESYNTAX, 3, 1, "found a die after the units: the dice come first");

    /* CLI-level error report goes through run */
    run_text("A D\n3 x\n", 0, -1, &out, &rc, &err);
    TEST_COND("run reports the parse error", rc == WR_ESYNTAX && err.line == 2 && err.column == 3);
    wr_buf_free(&out);
}

/* The forward pass reuses the backward pass's transitions */
static void test_forward_reuse(void)
{
    dice_request req;
    wr_error err;
    wr_options opt;
    int i;

    /* the forward pass reuses the backward pass's transitions when the
     * budget leaves room (all columns, some, or none): same doubles */
    {
        const char *text = "AAA AA A AD ADD D DD DDD - A\nDD D AD - AAD\n30 24\n";
        dice_result full, part, none;
        double need, col;
        int ok = 1;
        parse_str(text, &req, &err);
        need = dice_estimate_bytes(&req, 1);
        col = 8.0 * 31 * (24 * 27 / 2.0); /* column 30's P tables */
        wr_options_init(&opt);
        TEST_COND("cache: all columns", dice_solve(&req, 1, &opt, &full, &err) == WR_OK &&
                                            full.cached_columns == 30);
        /* room = min(budget - need, budget / 2): two and a half columns */
        opt.memory_mb = (need + 2.5 * col) / 1048576.0;
        TEST_COND("cache: some columns", dice_solve(&req, 1, &opt, &part, &err) == WR_OK &&
                                             part.cached_columns == 2);
        opt.memory_mb = (need + 0.5 * col) / 1048576.0;
        TEST_COND("cache: none", dice_solve(&req, 1, &opt, &none, &err) == WR_OK &&
                                     none.cached_columns == 0);
        ok &= full.win == part.win && full.win == none.win && full.draw == none.draw &&
              full.draw == part.draw && full.loss == none.loss && full.loss == part.loss &&
              full.stalemate == none.stalemate && full.expected_rolls == part.expected_rolls &&
              full.expected_rolls == none.expected_rolls;
        for (i = 0; i <= 30; i++)
            ok &= full.survivors1[i] == part.survivors1[i] &&
                  full.survivors1[i] == none.survivors1[i];
        for (i = 0; i <= 24; i++)
            ok &= full.survivors2[i] == part.survivors2[i] &&
                  full.survivors2[i] == none.survivors2[i];
        TEST_COND("cache: same analysis with and without", ok);
        TEST_NEAR("cache: win = answer", full.win, dice_answer(&full), 1e-12);
        TEST_NEAR("cache: sums to 1", none.win + none.draw + none.loss + none.stalemate, 1, 1e-12);
        dice_result_free(&full);
        dice_result_free(&part);
        dice_result_free(&none);
    }
}

/* Budget refusal and cancel */
static void test_budget_and_cancel(void)
{
    dice_request req;
    dice_result res;
    wr_error err;
    wr_options opt;
    int rc, calls;

    /* budget refusal */
    parse_str("AAAAAAAAA DDDDDDDDD\n200 200\n", &req, &err);
    wr_options_init(&opt);
    opt.memory_mb = 1;
    rc = dice_solve(&req, 1, &opt, &res, &err);
    TEST_COND("budget refusal", rc == WR_ETOOBIG && err.code == WR_ETOOBIG &&
                                    strstr(err.message, "memory budget"));
    TEST_COND("estimate grows with armies", dice_estimate_bytes(&req, 1) > 1048576.0);
    dice_result_free(&res);

    /* cancel: the first progress call stops the solve, everything freed */
    parse_str("AAA AA A AD ADD D DD DDD - A\n40 40\n", &req, &err);
    wr_options_init(&opt);
    calls = 0;
    opt.progress = test_cancel_at_once;
    opt.progress_ctx = &calls;
    rc = dice_solve(&req, 1, &opt, &res, &err);
    TEST_COND("cancel", rc == WR_ECANCELLED && err.code == WR_ECANCELLED && calls == 1 &&
                            res.table == NULL);
    dice_result_free(&res);
}

void test_dice(void)
{
    test_known_battles();
    test_brute_force();
    test_table();
    test_analysis();
    test_big_and_json();
    test_probabilities_in_range();
    test_parser();
    test_forward_reuse();
    test_budget_and_cancel();
}
