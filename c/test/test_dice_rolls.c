/* test_dice_rolls.c — Battle Dice cut short (--rolls R) and the length of a
 * battle (overWithin), against a plain forward pass that enumerates every
 * dice outcome of every roll on tiny battles; the spec's examples, the CLI
 * run, block continuation, cache independence, budget and cancel. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dice/dice.h"
#include "dice_util.h"
#include "harness.h"
#include "winrate.h"

/* ------------------------------------------------ brute-force forward pass */

#define BF_MAX 3     /* units a side */
#define BF_ROLLS 1000

/* Distribution over states (u1, u2), 0..3 each, after r rolls. Each roll
 * moves every unfinished state's mass by enumerating all F^(u1+u2) face
 * combinations of both sides' dice (the per-state outcome lists are built
 * once by the same enumeration). */
typedef struct bfr {
    const dice_request *req;
    double move[BF_MAX + 1][BF_MAX + 1][BF_MAX + 1][BF_MAX + 1]; /* [u1][u2][x][y] */
    double p[BF_MAX + 1][BF_MAX + 1];
    double over[BF_ROLLS + 1]; /* over[t] = P(over within t rolls) */
} bfr;

static void bfr_enumerate(bfr *b, int u1, int u2)
{
    const dice_die *d1 = &b->req->die[0], *d2 = &b->req->die[1];
    int n = u1 + u2, idx[2 * BF_MAX] = {0}, i;
    double prob = pow(1.0 / d1->nfaces, u1) * pow(1.0 / d2->nfaces, u2);
    for (;;) {
        int a1 = 0, dd1 = 0, a2 = 0, dd2 = 0, x, y;
        for (i = 0; i < u1; i++) a1 += d1->faces[idx[i]].attack, dd1 += d1->faces[idx[i]].defence;
        for (i = u1; i < n; i++) a2 += d2->faces[idx[i]].attack, dd2 += d2->faces[idx[i]].defence;
        x = a2 - dd1 < 0 ? 0 : (a2 - dd1 > u1 ? u1 : a2 - dd1);
        y = a1 - dd2 < 0 ? 0 : (a1 - dd2 > u2 ? u2 : a1 - dd2);
        b->move[u1][u2][x][y] += prob;
        for (i = 0; i < n; i++) {
            if (++idx[i] < (i < u1 ? d1->nfaces : d2->nfaces)) break;
            idx[i] = 0;
        }
        if (i == n) break;
    }
}

/* Runs `rolls` rolls from (U1, U2): b->p is the distribution after them. */
static void bfr_run(bfr *b, const dice_request *req, int rolls)
{
    int U1 = req->units[0], U2 = req->units[1], r, u1, u2, x, y;
    memset(b, 0, sizeof *b);
    b->req = req;
    for (u1 = 1; u1 <= U1; u1++)
        for (u2 = 1; u2 <= U2; u2++) bfr_enumerate(b, u1, u2);
    b->p[U1][U2] = 1;
    for (r = 1; r <= rolls; r++) {
        double next[BF_MAX + 1][BF_MAX + 1] = {{0}};
        for (u1 = 0; u1 <= U1; u1++)
            for (u2 = 0; u2 <= U2; u2++) {
                if (u1 == 0 || u2 == 0) {
                    next[u1][u2] += b->p[u1][u2];
                    continue;
                }
                for (x = 0; x <= u1; x++)
                    for (y = 0; y <= u2; y++)
                        next[u1 - x][u2 - y] += b->p[u1][u2] * b->move[u1][u2][x][y];
            }
        memcpy(b->p, next, sizeof next);
        for (u1 = 0; u1 <= U1; u1++) b->over[r] += b->p[u1][0];
        for (u2 = 1; u2 <= U2; u2++) b->over[r] += b->p[0][u2];
    }
}

static int parse(const char *s, dice_request *req)
{
    wr_error err;
    return dice_parse(s, strlen(s), req, &err);
}

/* Solves text with rolls R (0: to the end, JSON analysis with the length). */
static int solve_rolls(const char *text, int R, dice_result *res)
{
    dice_request req;
    wr_error err;
    wr_options opt;
    wr_options_init(&opt);
    memset(res, 0, sizeof *res);
    if (parse(text, &req) != WR_OK) return -1;
    req.rolls = R;
    req.length = 1;
    return dice_solve(&req, 1, &opt, res, &err);
}

/* overWithin against the brute force, and where it stops: the first t at
 * which 99.9 % of the battles that end are over, else the horizon H. */
static int over_ok(const dice_result *res, const bfr *b, double ended, int H)
{
    int t, ok = res->n_over >= 1 && res->n_over <= H, stop = H;
    for (t = 1; t <= H; t++)
        if (b->over[t] >= DICE_OVER_SHARE * ended) {
            stop = t;
            break;
        }
    /* the stopping roll may differ by one only when the brute force is
     * within rounding of the threshold */
    if (res->n_over != stop) ok &= fabs(b->over[stop] - DICE_OVER_SHARE * ended) < 1e-12;
    for (t = 1; t <= res->n_over && ok; t++) ok &= fabs(res->over_within[t - 1] - b->over[t]) <= 1e-12;
    return ok;
}

/* One battle: cut short after R rolls, and overWithin to the end. */
static void check_rolls(const char *text, int R)
{
    dice_request req;
    dice_result res, end;
    bfr *b = malloc(sizeof *b);
    int U1, U2, k, u1, u2, ok = 1;
    double win = 0, loss = 0, still = 0, s1[BF_MAX + 1] = {0}, s2[BF_MAX + 1] = {0}, ended;
    char name[200];
    snprintf(name, sizeof name, "rolls %d: %s", R, text);
    if (!b || parse(text, &req) != WR_OK || solve_rolls(text, R, &res) != WR_OK ||
        solve_rolls(text, 0, &end) != WR_OK) {
        TEST_COND(name, 0);
        free(b);
        return;
    }
    U1 = req.units[0];
    U2 = req.units[1];
    ended = end.win + end.draw + end.loss;
    bfr_run(b, &req, R);
    for (u1 = 0; u1 <= U1; u1++)
        for (u2 = 0; u2 <= U2; u2++) {
            double p = b->p[u1][u2];
            s1[u1] += p;
            s2[u2] += p;
            if (u1 && u2) still += p;
            else if (u1) win += p;
            else if (u2) loss += p;
        }
    ok &= res.rolls == R && end.rolls == 0;
    ok &= fabs(dice_answer(&res) - win) <= 1e-12 && res.win == dice_answer(&res);
    ok &= fabs(res.loss - loss) <= 1e-12 && fabs(res.draw - b->p[0][0]) <= 1e-12;
    ok &= fabs(res.still - still) <= 1e-12;
    for (k = 0; k <= U1; k++) ok &= fabs(res.survivors1[k] - s1[k]) <= 1e-12;
    for (k = 0; k <= U2; k++) ok &= fabs(res.survivors2[k] - s2[k]) <= 1e-12;
    ok &= fabs(res.win + res.draw + res.loss + res.still - 1) <= 1e-12;
    ok &= over_ok(&res, b, ended, R);
    /* to the end: the horizon is the cap (tiny battles: 1000 rolls) */
    bfr_run(b, &req, end.n_over);
    ok &= over_ok(&end, b, ended, DICE_OVER_CAP);
    TEST_COND(name, ok);
    if (!ok)
        printf("   solver win %.17g draw %.17g loss %.17g still %.17g n_over %d/%d\n"
               "   brute  win %.17g draw %.17g loss %.17g still %.17g\n",
               res.win, res.draw, res.loss, res.still, res.n_over, end.n_over, win, b->p[0][0],
               loss, still);
    dice_result_free(&res);
    dice_result_free(&end);
    free(b);
}

/* cancels once the backward pass is over (done counts its states first) */
static int cancel_late_cb(void *ctx, double done, double total)
{
    (void)total;
    return done > *(double *)ctx;
}

static void expect_run(const char *text, int R, int json, const char *want_part)
{
    wr_options opt;
    wr_buf out;
    wr_error err;
    int rc;
    wr_options_init(&opt);
    opt.json = json;
    if (R) wr_options_set(&opt, "rolls", R, &err);
    else if (json) wr_options_set(&opt, "length", 1, &err); /* the fight to the end's overWithin */
    wr_buf_init(&out);
    rc = wr_run("dice", text, strlen(text), &opt, &out, &err);
    TEST_COND(want_part, rc == WR_OK && out.data && strstr(out.data, want_part));
    if (rc != WR_OK || !out.data || !strstr(out.data, want_part))
        printf("   got %s\n", rc == WR_OK && out.data ? out.data : err.message);
    wr_buf_free(&out);
}

/* Without the option length, the fight to the end's JSON is what it was: no
 * overWithin, and no per-roll vectors in the plan. */
static void test_length_is_opt_in(void)
{
    static const char text[] = "AA A D DD\n4 4\n";
    dice_request req;
    wr_options opt;
    wr_buf out;
    wr_error err;
    double plain, longer;
    wr_options_init(&opt);
    opt.json = 1;
    wr_buf_init(&out);
    TEST_COND("fight to the end, JSON without length: no overWithin",
              wr_run("dice", text, strlen(text), &opt, &out, &err) == WR_OK && !strstr(out.data, "overWithin"));
    wr_buf_free(&out);
    parse(text, &req);
    plain = dice_estimate_bytes(&req, 1);
    req.length = 1;
    longer = dice_estimate_bytes(&req, 1);
    TEST_COND("the length's vectors are planned only when asked for", longer > plain);
}

/* ------------------------------------------------------------------ tests */

static void test_examples(void)
{
    /* games.md: AA A D DD with 4 4 -> R = 1: 0.0314, R = 5: 0.3181, R = 100: 0.4079 */
    expect_run("AA A D DD\n4 4\n", 1, 0, "0.0314\n");
    expect_run("AA A D DD\n4 4\n", 5, 0, "0.3181\n");
    expect_run("AA A D DD\n4 4\n", 100, 0, "0.4079\n");
    expect_run("AA A D DD\n4 4\n", 5, 1, "\"units\":[4,4],\"rolls\":5,\"win\":0.318");
    expect_run("AA A D DD\n4 4\n", 0, 1, "\"expectedRolls\":4.00");
    expect_run("AA A D DD\n4 4\n", 0, 1, "\"overWithin\":[0.099029541015625,");
    /* a stalemate from the start: still fighting, nothing ever over */
    expect_run("AD AD\n2 2\n", 3, 1, "\"stillFighting\":1,\"survivors1\":[0,0,1],"
                                     "\"survivors2\":[0,0,1],\"overWithin\":[0]");
    expect_run("AD AD\n2 2\n", 0, 1, "\"expectedRolls\":null,\"overWithin\":[0],");
}

static void test_brute_force(void)
{
    uint64_t rng_state = 0xD1CE5EEDull, *rng = &rng_state;
    int i;
    for (i = 0; i < 150; i++) {
        char d1[64], d2[64], text[160];
        int u1 = 1 + (int)(test_xorshift(rng) % 3), u2 = 1 + (int)(test_xorshift(rng) % 3);
        int R = 1 + (int)(test_xorshift(rng) % 9);
        test_random_die(d1, rng, 3);
        if (i % 2) {
            test_random_die(d2, rng, 3);
            snprintf(text, sizeof text, "%s\n%s\n%d %d\n", d1, d2, u1, u2);
        } else {
            snprintf(text, sizeof text, "%s\n%d %d\n", d1, u1, u2);
        }
        check_rolls(text, R);
    }
    /* stalemates reachable part of the time */
    check_rolls("AD A\nAD -\n3 3\n", 4);
    check_rolls("AD D\n2 2\n", 7);
    /* long battles: overWithin runs over several blocks of 32 rolls, and
     * a cut-short solve past a block's length */
#define BLANKS19 " - - - - - - - - - - - - - - - - - - -"
    check_rolls("A" BLANKS19 "\nD" BLANKS19 "\n1 1\n", 150); /* overWithin: 142 rolls */
    check_rolls("A" BLANKS19 "\n2 1\n", 70);                  /* overWithin: 68 rolls */
    check_rolls("A - -\n- - D\n3 3\n", 150);
    check_rolls("A - - -\n3 3\n", 100);
    check_rolls("AD - -\n3 2\n", 1000);
    check_rolls("AAA DDD\n3 3\n", 1);
}

/* R = 1000 on a short battle gives the fight to the end's outcomes */
static void test_long_limit(void)
{
    dice_result res, end;
    int k, ok = 1;
    const char *text = "AAA AA A AD ADD D DD DDD - A\nDD D AD - AAD\n12 9\n";
    ok &= solve_rolls(text, 1000, &res) == WR_OK && solve_rolls(text, 0, &end) == WR_OK;
    ok &= fabs(res.win - end.win) <= 1e-12 && fabs(res.loss - end.loss) <= 1e-12;
    ok &= fabs(res.draw - end.draw) <= 1e-12 && res.still <= 1e-12;
    for (k = 0; k <= 12; k++) ok &= fabs(res.survivors1[k] - end.survivors1[k]) <= 1e-12;
    for (k = 0; k <= 9; k++) ok &= fabs(res.survivors2[k] - end.survivors2[k]) <= 1e-12;
    ok &= res.n_over == end.n_over;
    for (k = 0; k < res.n_over && k < end.n_over; k++)
        ok &= fabs(res.over_within[k] - end.over_within[k]) <= 1e-12;
    TEST_COND("rolls 1000 = the fight to the end", ok);
    dice_result_free(&res);
    dice_result_free(&end);
}

/* The forward pass's transitions, cached or recomputed: the same doubles */
static void test_cache(void)
{
    const char *text = "AAA AA A AD ADD D DD DDD - A\nDD D AD - AAD\n30 24\n";
    dice_request req;
    dice_result full, none;
    wr_error err;
    wr_options opt;
    int R, i, ok;
    for (R = 0; R <= 40; R += 40) {
        parse(text, &req);
        req.rolls = R;
        req.length = 1;
        wr_options_init(&opt);
        ok = dice_solve(&req, 1, &opt, &full, &err) == WR_OK && full.cached_columns == 30;
        opt.memory_mb = dice_estimate_bytes(&req, 1) / 1048576.0 + 0.01;
        ok &= dice_solve(&req, 1, &opt, &none, &err) == WR_OK && none.cached_columns == 0;
        ok &= full.win == none.win && full.draw == none.draw && full.loss == none.loss &&
              full.still == none.still && full.n_over == none.n_over && full.n_over > 0;
        for (i = 0; ok && i < full.n_over; i++) ok &= full.over_within[i] == none.over_within[i];
        for (i = 0; ok && i <= 30; i++) ok &= full.survivors1[i] == none.survivors1[i];
        for (i = 0; ok && i <= 24; i++) ok &= full.survivors2[i] == none.survivors2[i];
        TEST_COND(R ? "rolls: cached = recomputed" : "overWithin: cached = recomputed", ok);
        dice_result_free(&full);
        dice_result_free(&none);
    }
}

static void test_budget_and_cancel(void)
{
    dice_request req;
    dice_result res;
    wr_error err;
    wr_options opt;
    int rc, calls;
    double r1, r1000;
    parse("AAAAAAAAA DDDDDDDDD\n200 200\n", &req);
    req.rolls = 1;
    r1 = dice_estimate_bytes(&req, 0);
    req.rolls = 1000;
    r1000 = dice_estimate_bytes(&req, 0);
    /* the vectors: 201 * 201 states * 1001 more doubles */
    TEST_COND("rolls: estimate counts the vectors", r1000 - r1 >= 8.0 * 201 * 201 * 999);
    wr_options_init(&opt);
    opt.memory_mb = r1000 / 1048576.0 - 1;
    rc = dice_solve(&req, 0, &opt, &res, &err);
    TEST_COND("rolls: budget refusal", rc == WR_ETOOBIG && strstr(err.message, "memory budget"));
    dice_result_free(&res);

    parse("AAA AA A AD ADD D DD DDD - A\n40 40\n", &req);
    req.rolls = 50;
    wr_options_init(&opt);
    calls = 0;
    opt.progress = test_cancel_at_once;
    opt.progress_ctx = &calls;
    rc = dice_solve(&req, 0, &opt, &res, &err);
    TEST_COND("rolls: cancel", rc == WR_ECANCELLED && calls == 1 && res.table == NULL &&
                                   res.over_within == NULL);
    dice_result_free(&res);
    {
        double backward = 40.0 * 40 + 10;
        opt.progress = cancel_late_cb;
        opt.progress_ctx = &backward;
        rc = dice_solve(&req, 0, &opt, &res, &err);
        TEST_COND("rolls: cancel in the forward pass", rc == WR_ECANCELLED && res.table == NULL);
        dice_result_free(&res);
    }
}

void test_dice_rolls(void)
{
    test_examples();
    test_brute_force();
    test_long_limit();
    test_cache();
    test_budget_and_cancel();
    test_length_is_opt_in();
}
