/* test_codenames.c — Codenames: the games.md sample, hand-checked positions,
 * a brute force that plays out every guess sequence on tiny boards (both
 * rules, mid-game positions), parser errors with positions, the extensions,
 * budget and cancel. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codenames/codenames.h"
#include "harness.h"
#include "winrate.h"

/* ------------------------------------------------------------ brute force */

/* Written straight from the rules, on arrays: a turn picks every unrevealed
 * card of the hint in turn with probability 1/count and recurses card by
 * card; no masks, no closed forms, no memo. */
typedef struct bf_game {
    int n;
    char id[8];  /* 'R', 'B', 'I', 'A' */
    int rev[8];
    int nh, hn[8], hc[8][8];
    int own_only;
} bf_game;

static int bf_left(const bf_game *g, char team)
{
    int i, k = 0;
    for (i = 0; i < g->n; i++) k += g->id[i] == team && !g->rev[i];
    return k;
}

static double bf_move(bf_game *g, char team);

static double bf_guess(bf_game *g, char team, int h, int K, int hits)
{
    char opp = team == 'R' ? 'B' : 'R';
    int i, cnt = 0;
    double sum = 0;
    for (i = 0; i < g->hn[h]; i++) cnt += !g->rev[g->hc[h][i]];
    for (i = 0; i < g->hn[h]; i++) {
        int c = g->hc[h][i];
        double v;
        if (g->rev[c]) continue;
        g->rev[c] = 1;
        if (g->id[c] == 'A') v = 0;
        else if (g->id[c] == 'I') v = 1 - bf_move(g, opp);
        else if (g->id[c] == opp) v = bf_left(g, opp) == 0 ? 0 : 1 - bf_move(g, opp);
        else if (bf_left(g, team) == 0) v = 1;
        else if (hits + 1 == K) v = 1 - bf_move(g, opp);
        else v = bf_guess(g, team, h, K, hits + 1);
        g->rev[c] = 0;
        sum += v;
    }
    return sum / cnt;
}

static double bf_move(bf_game *g, char team)
{
    int h, i, K;
    double best = 0;
    for (h = 0; h < g->nh; h++) {
        int cnt = 0, own = 0;
        for (i = 0; i < g->hn[h]; i++) {
            int c = g->hc[h][i];
            cnt += !g->rev[c];
            own += !g->rev[c] && g->id[c] == team;
        }
        if (cnt == 0 || (g->own_only && own == 0)) continue;
        for (K = 1; K <= cnt; K++) {
            double v = bf_guess(g, team, h, K, 0);
            if (v > best) best = v;
        }
    }
    return best;
}

/* A random tiny position, written as text. */
static void random_case(uint64_t *rng, bf_game *g, char *team, char *text, size_t cap, int maxn)
{
    static const char ids[] = "RBIA";
    int i, h, k;
    size_t at = 0;
    g->n = 2 + (int)(test_xorshift(rng) % (uint64_t)(maxn - 1));
    for (;;) {
        int ok;
        for (i = 0; i < g->n; i++) {
            uint64_t r = test_xorshift(rng) % 10;
            g->id[i] = r < 3 ? 'R' : r < 6 ? 'B' : r < 8 ? 'I' : 'A';
            g->rev[i] = test_xorshift(rng) % 5 == 0;
        }
        ok = bf_left(g, 'R') > 0 && bf_left(g, 'B') > 0;
        for (i = 0; i < g->n; i++) ok = ok && !(g->id[i] == 'A' && g->rev[i]);
        if (ok) break;
    }
    (void)ids;
    *team = test_xorshift(rng) % 2 ? 'R' : 'B';
    g->nh = 1 + (int)(test_xorshift(rng) % 4);
    for (h = 0; h < g->nh; h++) {
        int used[8] = {0}, size = 1 + (int)(test_xorshift(rng) % (uint64_t)(g->n < 4 ? g->n : 4));
        g->hn[h] = 0;
        while (g->hn[h] < size) {
            int c = (int)(test_xorshift(rng) % (uint64_t)g->n);
            if (used[c]) continue;
            used[c] = 1;
            g->hc[h][g->hn[h]++] = c;
        }
    }
    at += (size_t)snprintf(text + at, cap - at, "%d %c\n", g->n, *team);
    for (i = 0; i < g->n; i++) at += (size_t)snprintf(text + at, cap - at, "%sw%c", i ? " " : "", 'a' + i);
    at += (size_t)snprintf(text + at, cap - at, "\n");
    for (i = 0; i < g->n; i++)
        at += (size_t)snprintf(text + at, cap - at, "%s%c", i ? " " : "",
                               g->rev[i] ? g->id[i] - 'A' + 'a' : g->id[i]);
    at += (size_t)snprintf(text + at, cap - at, "\n%d\n", g->nh);
    for (h = 0; h < g->nh; h++) {
        if (test_xorshift(rng) % 2) at += (size_t)snprintf(text + at, cap - at, "h%d: ", h);
        at += (size_t)snprintf(text + at, cap - at, "%d", g->hn[h]);
        for (k = 0; k < g->hn[h]; k++)
            at += (size_t)snprintf(text + at, cap - at, " w%c", 'a' + g->hc[h][k]);
        at += (size_t)snprintf(text + at, cap - at, "\n");
    }
}

/* ---------------------------------------------------------------- helpers */

static int solve_text(const char *text, int own_only, codenames_result *res)
{
    codenames_request *req = malloc(sizeof *req);
    wr_options opt;
    wr_error err;
    int rc;
    wr_options_init(&opt);
    rc = codenames_parse(text, strlen(text), req, &err);
    req->own_hints_only = own_only;
    if (!rc) rc = codenames_solve(req, &opt, res, &err);
    else memset(res, 0, sizeof *res);
    if (rc) printf("  solve_text: %d %d:%d %s\n", rc, err.line, err.column, err.message);
    free(req);
    return rc;
}

static double answer_of(const char *text, int own_only)
{
    codenames_result res;
    double a = -1;
    if (solve_text(text, own_only, &res) == WR_OK) a = codenames_answer(&res);
    codenames_result_free(&res);
    return a;
}

static void expect_error(const char *descr, const char *text, int code, int line, int col)
{
    codenames_request *req = malloc(sizeof *req);
    wr_error err;
    int rc = codenames_parse(text, strlen(text), req, &err);
    int ok = rc == code && err.code == code && err.line == line && err.column == col &&
             err.message[0] != '\0';
    if (!ok)
        printf("  %s: got rc %d at %d:%d (%s), want %d at %d:%d\n", descr, rc, err.line,
               err.column, err.message, code, line, col);
    TEST_COND(descr, ok);
    free(req);
}

static int run_text(const char *text, const wr_options *opt, wr_buf *out, wr_error *err)
{
    wr_buf_reset(out);
    return wr_run("codenames", text, strlen(text), opt, out, err);
}

static int cancel_at_once(void *ctx, double done, double total)
{
    (void)done;
    (void)total;
    ++*(int *)ctx;
    return 1;
}

static int count_calls(void *ctx, double done, double total)
{
    int *c = ctx;
    c[0]++;
    if (done > total || done < 0) c[1]++;
    return 0;
}

/* A random board of n cards (bystanders usually among them, some cards
 * revealed) with m hints of 1..maxh cards, as text. */
static void random_board(uint64_t *rng, int n, int m, int maxh, char *text, size_t cap)
{
    char id[CODENAMES_MAX_N];
    int i, h, r, b;
    size_t at = 0;
    do {
        for (i = 0; i < n; i++) {
            uint64_t x = test_xorshift(rng) % 10;
            id[i] = x < 4 ? 'R' : x < 8 ? 'B' : x < 9 ? 'I' : 'A';
        }
        if (test_xorshift(rng) % 4) id[test_xorshift(rng) % (uint64_t)n] = 'I';
        for (i = r = b = 0; i < n; i++) {
            r += id[i] == 'R';
            b += id[i] == 'B';
        }
    } while (r < 2 || b < 2);
    at += (size_t)snprintf(text + at, cap - at, "%d %c\n", n, test_xorshift(rng) % 2 ? 'R' : 'B');
    for (i = 0; i < n; i++) at += (size_t)snprintf(text + at, cap - at, "%sw%c", i ? " " : "", 'a' + i);
    at += (size_t)snprintf(text + at, cap - at, "\n");
    for (i = 0; i < n; i++) { /* revealed: never an assassin, never a team's last agent */
        int rev = id[i] != 'A' && test_xorshift(rng) % 8 == 0 && (id[i] != 'R' || r > 1) &&
                  (id[i] != 'B' || b > 1);
        r -= rev && id[i] == 'R';
        b -= rev && id[i] == 'B';
        at += (size_t)snprintf(text + at, cap - at, "%s%c", i ? " " : "", rev ? id[i] - 'A' + 'a' : id[i]);
    }
    at += (size_t)snprintf(text + at, cap - at, "\n%d\n", m);
    for (h = 0; h < m; h++) {
        int used[CODENAMES_MAX_N] = {0}, size = 1 + (int)(test_xorshift(rng) % (uint64_t)(maxh < n ? maxh : n)), k = 0;
        at += (size_t)snprintf(text + at, cap - at, "%d", size);
        while (k < size) {
            int c = (int)(test_xorshift(rng) % (uint64_t)n);
            if (used[c]) continue;
            used[c] = 1;
            k++;
            at += (size_t)snprintf(text + at, cap - at, " w%c", 'a' + c);
        }
        at += (size_t)snprintf(text + at, cap - at, "\n");
    }
}

/* codenames_solve (mask pairs, plans) against codenames_solve_reference
 * (mask by mask, eval_hint): every answer, hint value and outcome bit for bit. */
static int same_as_reference(const char *text, int own_only, int threads)
{
    codenames_request *req = malloc(sizeof *req);
    codenames_result a, b;
    wr_options opt;
    wr_error err;
    int ok, h;
    wr_options_init(&opt);
    ok = req && codenames_parse(text, strlen(text), req, &err) == WR_OK;
    if (!ok) {
        printf("  not parsed: %s\n%s", err.message, text);
        free(req);
        return 0;
    }
    req->own_hints_only = own_only;
    ok = codenames_solve_threads(req, &opt, &a, &err, threads) == WR_OK;
    ok = codenames_solve_reference(req, &opt, &b, &err) == WR_OK && ok;
    ok = ok && a.answer == b.answer && a.states == b.states && a.best_hint == b.best_hint &&
         a.best_k == b.best_k && memcmp(&a.outcomes, &b.outcomes, sizeof a.outcomes) == 0;
    for (h = 0; ok && h < req->nhints; h++) {
        int K;
        ok = a.legal[h] == b.legal[h];
        for (K = 1; ok && a.legal[h] && K <= a.unrevealed[h]; K++)
            ok = codenames_value(&a, h, K) == codenames_value(&b, h, K);
    }
    if (!ok) printf("  differs from the reference (own %d):\n%s", own_only, text);
    codenames_result_free(&a);
    codenames_result_free(&b);
    free(req);
    return ok;
}

static void test_against_reference(void)
{
    uint64_t rng = 0x243f6a8885a308d3ull;
    static char text[4096];
    int i, bad = 0;
    for (i = 0; i < 300; i++) { /* hints up to 9 cards: plans (<= 6) and not */
        random_board(&rng, 5 + (int)(test_xorshift(&rng) % 10), 1 + (int)(test_xorshift(&rng) % 12),
                     1 + (int)(test_xorshift(&rng) % 9), text, sizeof text);
        bad += !same_as_reference(text, i % 3 == 2, 1);
    }
    TEST_COND("random boards of 5-14 cards: bit for bit the reference", bad == 0);
    bad = 0;
    for (i = 0; i < 4; i++) { /* real-shaped: 18 cards, 20 hints of 2-4; 1 to 4 threads */
        random_board(&rng, 18, 20, 4, text, sizeof text);
        bad += !same_as_reference(text, i == 3, 1 + i);
    }
    TEST_COND("18-card boards with 20 hints, 1-4 threads: bit for bit the reference", bad == 0);
}

/* Whether every position of the board text's table, solved fast with
 * threads, is the reference's, bit for bit (own: the own-hints rule);
 * prints the board when not. */
static int lanes_seen[9]; /* [masks solved side by side]: boards table_same_as_reference compared */

static int table_same_as_reference(codenames_request *req, const char *text, int own, int threads)
{
    wr_options opt;
    wr_error err;
    int64_t at = -2;
    wr_options_init(&opt);
    if (req && codenames_parse(text, strlen(text), req, &err) == WR_OK) {
        req->own_hints_only = own;
        at = codenames_tables_differ(req, &opt, threads);
        lanes_seen[codenames_solve_lanes(req)]++;
    }
    if (at != -1) printf("  table differs at %lld:\n%s", (long long)at, text);
    return at == -1;
}

/* Not only the root: every position's value of the fast solve (pairs,
 * blocks, the sure-win and lost-hint skips) is the reference's, bit for bit,
 * on random boards of 14 to 17 cards, the sizes where blocks begin, and
 * on bigger ones where most hints are evaluated block by block. */
static void test_tables_against_reference(void)
{
    uint64_t rng = 0x13198a2e03707344ull;
    static char text[8192];
    codenames_request *req = malloc(sizeof *req);
    int i, bad = 0;
    for (i = 0; i < 24; i++) {
        random_board(&rng, 14 + i % 4, 8 + (int)(test_xorshift(&rng) % 24), 2 + (int)(test_xorshift(&rng) % 4), text,
                     sizeof text);
        bad += !table_same_as_reference(req, text, i % 5 == 4, 1 + i % 2);
    }
    TEST_COND("boards of 14-17 cards: every position bit for bit the reference", bad == 0);
    bad = 0;
    for (i = 0; i < 8; i++) { /* 20 cards, 24-31 hints of up to 4: blocks, block and pair hints */
        random_board(&rng, 20, 24 + (int)(test_xorshift(&rng) % 8), 4, text, sizeof text);
        bad += !table_same_as_reference(req, text, 0, 1 + i % 2);
    }
    TEST_COND("20-card boards with blocks: every position bit for bit the reference", bad == 0);
    bad = 0;
    for (i = 0; i < 3; i++) { /* 18 cards, 200 hints of up to 5: many pair hints, some holding 3-5 block cards */
        random_board(&rng, 18, 200, 5, text, sizeof text);
        bad += !table_same_as_reference(req, text, 0, 2);
    }
    TEST_COND("18-card boards with 200 hints: every position bit for bit the reference", bad == 0);
    /* every fast solve was compared: pairs (one free bystander) and, in a
     * build that has them, quads (two) and octs (three or more) */
    {
        static const char quad_board[] = "4 R\nwa wb wc wd\nR B I I\n1\n4 wa wb wc wd\n";
        static const char oct_board[] = "5 R\nwa wb wc wd we\nR B I I I\n1\n5 wa wb wc wd we\n";
        wr_error perr;
        int quads = codenames_parse(quad_board, strlen(quad_board), req, &perr) == WR_OK && codenames_solve_lanes(req) == 4;
        int octs = codenames_parse(oct_board, strlen(oct_board), req, &perr) == WR_OK && codenames_solve_lanes(req) == 8;
        printf("  tables compared: %d boards in pairs, %d in quads, %d in octs, %d mask by mask\n", lanes_seen[2],
               lanes_seen[4], lanes_seen[8], lanes_seen[1]);
        TEST_COND("the table comparisons cover pairs, and quads and octs where built",
                  lanes_seen[2] >= 3 && (!quads || lanes_seen[4] >= 3) && (!octs || lanes_seen[8] >= 3));
    }
    free(req);
}

static const char *sample = "4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n";

/* The JSON of a fresh solve of req, and of codenames_solve_keep on *table:
 * 1 when they are the same bytes; *reused as codenames_solve_keep says. */
static int kept_same_as_fresh(const codenames_request *req, codenames_table **table, int *reused)
{
    codenames_result a, b;
    wr_options opt;
    wr_error err;
    wr_buf ja, jb;
    int ok;
    wr_options_init(&opt);
    wr_buf_init(&ja);
    wr_buf_init(&jb);
    ok = codenames_solve(req, &opt, &a, &err) == WR_OK;
    ok = codenames_solve_keep(req, &opt, &b, &err, table, reused) == WR_OK && ok;
    if (ok) {
        codenames_write_json(req, &a, &ja);
        codenames_write_json(req, &b, &jb);
        ok = ja.len == jb.len && memcmp(ja.data, jb.data, ja.len) == 0;
        if (!ok) printf("  kept table: %.*s\n  fresh:      %.*s\n", (int)jb.len, jb.data, (int)ja.len, ja.data);
    }
    codenames_result_free(&a);
    codenames_result_free(&b);
    wr_buf_free(&ja);
    wr_buf_free(&jb);
    return ok;
}

/* Card i may be revealed in req without ending the game (parse would refuse
 * an assassin or a team's last agent) and lies in a hint (covered). */
static int revealable(const codenames_request *req, int i, int covered)
{
    int j, left = 0;
    if (req->revealed[i] || req->ident[i] == 'A' || !covered) return 0;
    if (req->ident[i] == 'I') return 1;
    for (j = 0; j < req->n; j++) left += req->ident[j] == req->ident[i] && !req->revealed[j];
    return left > 1;
}

/* codenames_solve_keep: games played forward card by card on random boards,
 * each position answered from the first solve's table, the same bytes of
 * JSON as a fresh solve; what is not a later position of the same board is
 * solved afresh (and still right). */
static void test_kept_table(void)
{
    uint64_t rng = 0x13198a2e03707344ull;
    static char text[4096];
    codenames_request *req = malloc(sizeof *req), *base = malloc(sizeof *base);
    codenames_table *table = NULL;
    wr_error err;
    int g, bad = 0, reused_all = 1, positions = 0, fresh_ok = 1, reused;
    for (g = 0; g < 120; g++) {
        int covered[CODENAMES_MAX_N] = {0}, h, k, i, step;
        random_board(&rng, 5 + (int)(test_xorshift(&rng) % 10), 1 + (int)(test_xorshift(&rng) % 10),
                     1 + (int)(test_xorshift(&rng) % 7), text, sizeof text);
        if (codenames_parse(text, strlen(text), base, &err) != WR_OK) {
            bad++;
            continue;
        }
        base->own_hints_only = g % 3 == 2;
        for (h = 0; h < base->nhints; h++)
            for (k = 0; k < base->hints[h].ncards; k++) covered[base->hints[h].cards[k]]++;
        *req = *base;
        bad += !kept_same_as_fresh(req, &table, &reused);
        fresh_ok = fresh_ok && !reused;
        for (step = 0; step < 6; step++) { /* reveal a covered card, either team to move */
            int cand[CODENAMES_MAX_N], nc = 0;
            for (i = 0; i < req->n; i++)
                if (revealable(req, i, covered[i])) cand[nc++] = i;
            if (!nc) break;
            /* first the bystander the solve numbers 0 (free, in the fewest
             * hints): the fresh solve then numbers another one 0 */
            for (i = 0, k = -1; step == 0 && i < req->n; i++)
                if (req->ident[i] == 'I' && !req->revealed[i] && covered[i] && (k < 0 || covered[i] < covered[k])) k = i;
            req->revealed[k >= 0 ? k : cand[test_xorshift(&rng) % (uint64_t)nc]] = 1;
            req->to_move = (int)(test_xorshift(&rng) % 2);
            if (step == 2) snprintf(req->words[0], sizeof req->words[0], "renamed");
            bad += !kept_same_as_fresh(req, &table, &reused);
            reused_all = reused_all && reused;
            positions++;
        }
        /* the first position again (Undo): still on the table */
        bad += !kept_same_as_fresh(base, &table, &reused);
        reused_all = reused_all && reused;
        /* not later positions: solved afresh, and replacing the table */
        for (i = 0; i < base->n && covered[i]; i++) {}
        if (i < base->n && base->ident[i] != 'A' && revealable(base, i, 1)) {
            *req = *base; /* a card in no hint revealed: another game (its team's count changes) */
            req->revealed[i] = 1;
            bad += !kept_same_as_fresh(req, &table, &reused);
            fresh_ok = fresh_ok && !reused;
            bad += !kept_same_as_fresh(base, &table, &reused);
            fresh_ok = fresh_ok && !reused;
        }
        *req = *base;
        req->own_hints_only = !base->own_hints_only;
        bad += !kept_same_as_fresh(req, &table, &reused);
        fresh_ok = fresh_ok && !reused;
        *req = *base;
        req->hints[0].cards[0] = (unsigned char)((req->hints[0].cards[0] + 1) % req->n);
        for (k = 1; k < req->hints[0].ncards && req->hints[0].cards[k] != req->hints[0].cards[0]; k++) {}
        if (k == req->hints[0].ncards) {
            bad += !kept_same_as_fresh(req, &table, &reused);
            fresh_ok = fresh_ok && !reused;
        }
    }
    TEST_COND("kept table: every position the same bytes as a fresh solve", bad == 0);
    TEST_COND("kept table: later positions answered from it", reused_all && positions > 300);
    TEST_COND("kept table: another game solved afresh", fresh_ok);
    {   /* a request parse would refuse (the assassin revealed): never a read past the table */
        codenames_result r;
        wr_options opt;
        int ok;
        wr_options_init(&opt);
        ok = codenames_parse(sample, strlen(sample), req, &err) == WR_OK &&
             codenames_solve_keep(req, &opt, &r, &err, &table, &reused) == WR_OK;
        if (ok) codenames_result_free(&r);
        req->revealed[3] = 1; /* dog, the assassin */
        ok = ok && codenames_solve_keep(req, &opt, &r, &err, &table, &reused) == WR_OK && !reused;
        if (ok) codenames_result_free(&r);
        TEST_COND("kept table: a revealed assassin is no later position", ok);
    }
    TEST_COND("kept table: bytes", codenames_table_bytes(table) > 0 && codenames_table_bytes(NULL) == 0);
    codenames_table_free(table);
    {   /* through wr_run, as the WASM session keeps it; another game's run leaves it */
        wr_keep keep;
        wr_options opt;
        wr_buf out;
        int r[5];
        wr_keep_init(&keep);
        wr_options_init(&opt);
        wr_buf_init(&out);
        opt.keep = &keep;
        r[0] = run_text(sample, &opt, &out, &err) == WR_OK && !keep.reused && keep.bytes > 0;
        r[1] = run_text("4 R\napple sleep java dog\nB R i A\n3\n2 apple java\n2 apple dog\n2 sleep java\n", &opt,
                        &out, &err) == WR_OK && keep.reused && strcmp(out.data, "1.0000\n") == 0;
        r[2] = wr_run("dice", "A D\n1 1\n", 8, &opt, &out, &err) == WR_OK && !keep.reused && keep.game &&
               strcmp(keep.game, "codenames") == 0;
        r[3] = run_text(sample, &opt, &out, &err) == WR_OK && keep.reused && strcmp(out.data, "0.5000\n") == 0;
        r[4] = run_text("4 B\napple sleep java dog\nB R I A\n1\n2 apple java\n", &opt, &out, &err) == WR_OK &&
               !keep.reused;
        TEST_COND("kept table through wr_run", r[0] && r[1] && r[2] && r[3] && r[4]);
        wr_keep_clear(&keep);
        TEST_COND("wr_keep_clear empties it", !keep.data && !keep.game && keep.bytes == 0);
        wr_buf_free(&out);
    }
    free(req);
    free(base);
}

/* ------------------------------------------------------------------ tests */


static void test_sample(void)
{
    wr_options opt;
    wr_buf out;
    wr_error err;
    int rc;
    wr_options_init(&opt);
    wr_buf_init(&out);
    rc = run_text(sample, &opt, &out, &err);
    TEST_COND("sample runs", rc == WR_OK);
    TEST_COND("sample prints 0.5000", rc == WR_OK && strcmp(out.data, "0.5000\n") == 0);
    opt.digits = 9;
    rc = run_text(sample, &opt, &out, &err);
    TEST_COND("sample with 9 digits", rc == WR_OK && strcmp(out.data, "0.500000000\n") == 0);
    /* CRLF and extra blanks are accepted */
    rc = run_text("4   B\r\napple\tsleep java dog \r\nB R I A\r\n3\r\n2 apple java\r\n2 apple dog\r\n"
                  "2 sleep java\r\n\r\n",
                  &opt, &out, &err);
    TEST_COND("sample with CRLF", rc == WR_OK && strcmp(out.data, "0.500000000\n") == 0);
    wr_buf_free(&out);
}

static void test_hand_checked(void)
{
    codenames_result res;
    /* R's only hint holds B's last agent: giving it loses at once; under
     * own-hints-only R has no legal hint and loses as well. */
    TEST_NEAR("hint revealing the opponent's last agent", answer_of("3 R\nx y z\nR B I\n1\n1 y\n", 0), 0, 0);
    TEST_NEAR("no legal hint (own-hints-only)", answer_of("3 R\nx y z\nR B I\n1\n1 y\n", 1), 0, 0);
    /* Every hint fully revealed: no legal hint. */
    TEST_NEAR("only revealed hints", answer_of("3 R\nx y z\nR B i\n1\n1 z\n", 0), 0, 0);
    TEST_NEAR("only revealed hints (own-only)", answer_of("3 R\nx y z\nR B i\n1\n1 z\n", 1), 0, 0);

    /* x R, a A, y B, z I, one hint on all four. R to move, K = 1: x wins,
     * a loses, y (B's last) loses, z hands over to B at {z}, where B wins
     * 1/3 (y) and loses 2/3 (a, or x = R's last). R: 1/4 + 1/4 * 2/3. */
    if (solve_text("4 R\nx a y z\nR A B I\n1\nall: 4 x a y z\n", 0, &res) == WR_OK) {
        int k;
        TEST_NEAR("four-card hint: answer", codenames_answer(&res), 5.0 / 12, 1e-15);
        TEST_COND("four-card hint: best", res.best_hint == 0 && res.best_k == 1);
        for (k = 1; k <= 4; k++) TEST_NEAR("four-card hint: every K", codenames_value(&res, 0, k), 5.0 / 12, 1e-15);
        TEST_COND("four-card hint: K = 5 is not legal", isnan(codenames_value(&res, 0, 5)));
        TEST_NEAR("outcome assassin", res.outcomes.assassin, 0.25, 1e-15);
        TEST_NEAR("outcome win", res.outcomes.win, 0.25, 1e-15);
        TEST_NEAR("outcome lose", res.outcomes.lose, 0.25, 1e-15);
        TEST_NEAR("outcome handover 0", res.outcomes.handover[0], 0.25, 1e-15);
        TEST_NEAR("outcome handover 1", res.outcomes.handover[1], 0, 0);
        TEST_COND("free cards", res.free_cards == 4);
    } else {
        TEST_COND("four-card hint solves", 0);
    }
    codenames_result_free(&res);

    /* R R I B, hint {x, y, z}: K = 2 wins when x and y come first (1/3);
     * with K = 1 a hit hands over to B, whose only hint can only reveal
     * R's agents or the bystander: R wins every line. */
    if (solve_text("4 R\nx y z w\nR R I B\n1\n3 x y z\n", 0, &res) == WR_OK) {
        TEST_NEAR("R wins every line", codenames_answer(&res), 1, 1e-15);
        TEST_COND("best is K = 1", res.best_k == 1);
        codenames_result_free(&res);
        solve_text("4 R\nx y z w\nR R I B\n2\n3 x y z\n1 w\n", 0, &res);
        /* now B can hit w and win: R must win during this turn or lose */
        TEST_NEAR("K = 2 vs a threat", codenames_value(&res, 0, 2), 1.0 / 3, 1e-15);
        TEST_NEAR("K = 3 = K = 2", codenames_value(&res, 0, 3), 1.0 / 3, 1e-15);
        TEST_NEAR("outcome win (K = 2)", res.outcomes.win, 1.0 / 3, 1e-15);
        TEST_NEAR("outcome handover 0 (z first)", res.outcomes.handover[0], 1.0 / 3, 1e-15);
        TEST_NEAR("outcome handover 1 (x or y, then z)", res.outcomes.handover[1], 1.0 / 3, 1e-15);
    } else {
        TEST_COND("R R I B solves", 0);
    }
    codenames_result_free(&res);
}

static void test_duplicates_and_labels(void)
{
    codenames_result a, b;
    /* Duplicate hint sets (also ones that only coincide once a card is
     * revealed) change nothing. */
    const char *t1 = "5 R\nq r s t u\nR B I R B\n2\n2 q s\n3 r t u\n";
    const char *t2 = "5 R\nq r s t u\nR B I R B\n4\n2 q s\none: 3 r t u\n2 s q\n3 q s t\n";
    const char *t3 = "5 R\nq r s t u\nR B I R B\n3\n2 q s\n3 r t u\n3 q s t\n";
    if (solve_text(t1, 0, &a) == WR_OK && solve_text(t2, 0, &b) == WR_OK) {
        TEST_NEAR("duplicates: same answer as without", codenames_answer(&b), answer_of(t3, 0), 1e-15);
        TEST_COND("sameAs for a reordered duplicate", b.same_as[2] == 0 && b.same_as[0] == -1 &&
                                                          b.same_as[1] == -1 && b.same_as[3] == -1);
        TEST_NEAR("duplicate has the same values", codenames_value(&b, 2, 1), codenames_value(&b, 0, 1), 0);
    } else {
        TEST_COND("duplicates solve", 0);
    }
    codenames_result_free(&a);
    codenames_result_free(&b);
    {
        wr_options opt;
        wr_buf out;
        wr_error err;
        int rc;
        wr_options_init(&opt);
        wr_buf_init(&out);
        opt.json = 1;
        rc = run_text(t2, &opt, &out, &err);
        TEST_COND("json runs", rc == WR_OK);
        TEST_COND("json starts with the game", rc == WR_OK && strncmp(out.data, "{\"game\":\"codenames\",\"answer\":", 29) == 0);
        TEST_COND("json has the label", rc == WR_OK && strstr(out.data, "{\"label\":\"one\",\"cards\":[1,3,4]"));
        TEST_COND("json has sameAs", rc == WR_OK && strstr(out.data, "\"sameAs\":0"));
        TEST_COND("json has the rule", rc == WR_OK && strstr(out.data, "\"rule\":\"any\""));
        TEST_COND("json ends with a newline", rc == WR_OK && out.data[out.len - 1] == '\n');
        wr_options_set(&opt, "own-hints-only", 1, &err);
        rc = run_text("3 B\nx yy z\nR B I\n2\n1 z\nlbl9: 2 yy x\n", &opt, &out, &err);
        TEST_COND("json: own-hints-only rule", rc == WR_OK && strstr(out.data, "\"rule\":\"own-hints-only\""));
        TEST_COND("json: illegal hint has null values",
                  rc == WR_OK && strstr(out.data, "\"legal\":false,\"sameAs\":null,\"values\":null"));
        TEST_COND("json: best names the labelled hint",
                  rc == WR_OK && strstr(out.data, "\"best\":{\"hint\":1,\"label\":\"lbl9\",\"k\":1,\"value\":0.5,"));
        rc = run_text("3 R\nx y z\nR B I\n1\n1 y\n", &opt, &out, &err);
        TEST_COND("json: best null without a legal hint", rc == WR_OK && strstr(out.data, "\"best\":null"));
        wr_buf_free(&out);
    }
}

static void test_mid_game(void)
{
    codenames_result res;
    /* The sample after B's bystander miss (java revealed), R to move: R's
     * hint {sleep, java} now only holds sleep, R's last agent. */
    TEST_NEAR("sample after a miss: R wins", answer_of("4 R\napple sleep java dog\nB R i A\n3\n2 apple java\n2 apple dog\n2 sleep java\n", 0), 1, 0);
    /* The same position with B to move: B's hint {apple, java} hits apple. */
    TEST_NEAR("sample after a miss: B to move", answer_of("4 B\napple sleep java dog\nB R i A\n3\n2 apple java\n2 apple dog\n2 sleep java\n", 0), 1, 0);
    if (solve_text("4 R\nx y z w\nR r I B\n1\n3 x y z\n", 0, &res) == WR_OK) {
        TEST_COND("revealed cards are not free", res.free_cards == 2);
        TEST_COND("unrevealed count", res.unrevealed[0] == 2);
    } else {
        TEST_COND("mid-game solves", 0);
    }
    codenames_result_free(&res);
}

static void test_brute_force(void)
{
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    char text[1024];
    int i, bad = 0, differ = 0, total = 0, outsum_bad = 0;
    for (i = 0; i < 600; i++) {
        bf_game g;
        char team;
        int own;
        random_case(&rng, &g, &team, text, sizeof text, i < 400 ? 6 : 7);
        for (own = 0; own < 2; own++) {
            codenames_result res;
            double want, got;
            g.own_only = own;
            want = bf_move(&g, team);
            if (solve_text(text, own, &res) != WR_OK) {
                bad++;
                continue;
            }
            got = codenames_answer(&res);
            total++;
            if (fabs(got - want) > 1e-9) {
                if (bad < 5) printf("  brute force mismatch (own %d): got %.12f want %.12f\n%s", own, got, want, text);
                bad++;
            }
            if (res.best_hint >= 0) {
                /* every K of every hint against the brute force's turn */
                int h, K;
                const codenames_outcomes *o = &res.outcomes;
                double s = o->assassin + o->win + o->lose;
                for (K = 0; K <= res.best_k; K++) s += o->handover[K];
                if (fabs(s - 1) > 1e-12) outsum_bad++;
                for (h = 0; h < g.nh; h++)
                    for (K = 1; K <= res.unrevealed[h]; K++) {
                        double v = codenames_value(&res, h, K);
                        if (!res.legal[h]) continue;
                        if (fabs(v - bf_guess(&g, team, h, K, 0)) > 1e-9) {
                            if (bad < 5) printf("  value mismatch h%d K%d\n%s", h, K, text);
                            bad++;
                        }
                    }
            }
            if (own) differ += fabs(got - answer_of(text, 0)) > 1e-9;
            codenames_result_free(&res);
        }
    }
    TEST_COND("brute force: all cases solved and agree to 1e-9", bad == 0 && total == 1200);
    TEST_COND("brute force: outcomes sum to 1", outsum_bad == 0);
    /* the two rules must actually differ on some of these cases */
    TEST_COND("brute force: the rules differ somewhere", differ > 10);
}

static void test_parse_errors(void)
{
    codenames_request *req = malloc(sizeof *req);
    wr_error err;
    const char *ext = "3 R\nab cd ef\nR b B\n2\nx: 1 ab\n2 cd ef\n";
    expect_error("duplicate board word", "3 R\nab cd ab\nR B I\n1\n1 ab\n", WR_EINVAL, 2, 7);
    expect_error("hint word not on the board", "3 R\nab cd ef\nR B I\n1\n2 ab zz\n", WR_EINVAL, 5, 6);
    {   /* a NUL byte as an identity: strchr matched the terminator (a fuzz find) */
        static const char text[] = "3 R\naj cd ab\nR B \0\n1\n1 ab\n";
        codenames_request *req = malloc(sizeof *req);
        wr_error err;
        TEST_COND("NUL identity is a syntax error at its column",
                  req && codenames_parse(text, sizeof text - 1, req, &err) == WR_ESYNTAX &&
                      err.line == 3 && err.column == 5 && strstr(err.message, "byte 0x00"));
        free(req);
    }
    expect_error("hint word named twice", "3 R\nab cd ef\nR B I\n1\n2 ab ab\n", WR_EINVAL, 5, 6);
    expect_error("too few identities", "3 R\nab cd ef\nR B\n1\n1 ab\n", WR_ESYNTAX, 3, 4);
    expect_error("too many identities", "3 R\nab cd ef\nR B I I\n1\n1 ab\n", WR_ESYNTAX, 3, 7);
    expect_error("too few words", "3 R\nab cd\nR B I\n1\n1 ab\n", WR_ESYNTAX, 2, 6);
    expect_error("too many words", "3 R\nab cd ef gh\nR B I\n1\n1 ab\n", WR_ESYNTAX, 2, 10);
    expect_error("no R", "3 R\nab cd ef\nB B I\n1\n1 ab\n", WR_EINVAL, 3, 1);
    expect_error("no B", "3 B\nab cd ef\nR  R I\n1\n1 ab\n", WR_EINVAL, 3, 1);
    {
        const char *fewer = "3 R\nab cd ef\nR B I\n2\n1 ab\n";
        const char *more = "3 R\nab cd ef\nR B I\n2\n1 ab\n1 cd\n1 ef\n";
        int rc;
        expect_error("fewer hint lines than line 4 announces", fewer, WR_ESYNTAX, 6, 1);
        TEST_COND("fewer hint lines: the error names the hint missing",
                  codenames_parse(fewer, strlen(fewer), req, &err) == WR_ESYNTAX &&
                      strstr(err.message, "expected hint 2 of the 2 that line 4 announces") != NULL);
        expect_error("more hint lines than line 4 announces", more, WR_ESYNTAX, 7, 1);
        rc = codenames_parse(more, strlen(more), req, &err);
        TEST_COND("an extra hint line: the error names the count and its line",
                  rc == WR_ESYNTAX && err.line == 7 &&
                      strstr(err.message, "after the 2 hints that line 4 announces, found '1'") != NULL);
    }
    expect_error("H too big", "3 R\nab cd ef\nR B I\n1\n4 ab cd ef ab\n", WR_ERANGE, 5, 1);
    expect_error("H zero", "3 R\nab cd ef\nR B I\n1\n0\n", WR_ERANGE, 5, 1);
    expect_error("H after a label too big", "3 R\nab cd ef\nR B I\n1\nx1: 9 ab\n", WR_ERANGE, 5, 5);
    expect_error("hint shorter than H", "3 R\nab cd ef\nR B I\n1\n2 ab\n", WR_ESYNTAX, 5, 5);
    expect_error("hint longer than H", "3 R\nab cd ef\nR B I\n1\n1 ab cd\n", WR_ESYNTAX, 5, 6);
    expect_error("bad identity", "3 R\nab cd ef\nR X I\n1\n1 ab\n", WR_ESYNTAX, 3, 3);
    expect_error("long identity", "3 R\nab cd ef\nR BB I\n1\n1 ab\n", WR_ESYNTAX, 3, 3);
    expect_error("uppercase word", "3 R\nab cD ef\nR B I\n1\n1 ab\n", WR_ESYNTAX, 2, 5);
    expect_error("word too long", "2 R\nabcdefghijklmnopqrstu b\nR B\n1\n1 b\n", WR_ERANGE, 2, 1);
    expect_error("bad team", "3 X\nab cd ef\nR B I\n1\n1 ab\n", WR_ESYNTAX, 1, 3);
    expect_error("N too big", "26 R\n", WR_ERANGE, 1, 1);
    expect_error("N zero", "0 R\n", WR_ERANGE, 1, 1);
    expect_error("M zero", "3 R\nab cd ef\nR B I\n0\n", WR_ERANGE, 4, 1);
    expect_error("M too big", "3 R\nab cd ef\nR B I\n201\n", WR_ERANGE, 4, 1);
    expect_error("missing hint line", "3 R\nab cd ef\nR B I\n2\n1 ab\n", WR_ESYNTAX, 6, 1);
    expect_error("trailing text", "3 R\nab cd ef\nR B I\n1\n1 ab\nzz\n", WR_ESYNTAX, 6, 1);
    expect_error("bad label character", "3 R\nab cd ef\nR B I\n1\nAl: 1 ab\n", WR_ESYNTAX, 5, 1);
    expect_error("empty label", "3 R\nab cd ef\nR B I\n1\n: 1 ab\n", WR_ESYNTAX, 5, 1);
    expect_error("label too long", "3 R\nab cd ef\nR B I\n1\nabcdefghijklmnopqrstu: 1 ab\n", WR_ERANGE, 5, 1);
    expect_error("detached colon", "3 R\nab cd ef\nR B I\n1\nal : 1 ab\n", WR_ESYNTAX, 5, 1);
    expect_error("assassin revealed", "3 R\nab cd ef\nR B a\n1\n1 ab\n", WR_EINVAL, 3, 5);
    expect_error("all red revealed", "4 B\nab cd ef gh\nr B I r\n1\n1 ab\n", WR_EINVAL, 3, 7);
    expect_error("all blue revealed", "3 R\nab cd ef\nR b I\n1\n1 ab\n", WR_EINVAL, 3, 3);
    expect_error("empty input", "", WR_ESYNTAX, 1, 1);
    /* a valid parse for the record: labels, revealed cards */
    TEST_COND("valid extended input parses",
              codenames_parse(ext, strlen(ext), req, &err) == WR_OK &&
                  req->hints[0].has_label && strcmp(req->hints[0].label, "x") == 0 &&
                  !req->hints[1].has_label && req->revealed[1] && req->ident[1] == 'B');
    free(req);
}

static void test_budget_and_cancel(void)
{
    char text[2048];
    size_t at = 0;
    int i, calls = 0, counts[2] = {0, 0}, rc, lanes;
    wr_options opt;
    wr_buf out;
    wr_error err;
    codenames_request *req = malloc(sizeof *req);

    /* 25 cards, all in hints: a 4-byte code per pair of masks and team
     * (128 MB; quads, with 4 masks an entry: 64 MB; octs, 8: 32 MB) and two
     * bitmaps of 4 MB > 100 MB (quads: 50 MB, octs: 25 MB); with a covered
     * assassin (never stored) half of that */
    at += (size_t)snprintf(text + at, sizeof text - at, "25 R\n");
    for (i = 0; i < 25; i++) at += (size_t)snprintf(text + at, sizeof text - at, "%sc%c", i ? " " : "", 'a' + i);
    at += (size_t)snprintf(text + at, sizeof text - at, "\nR B I B R R R B B I I I R R B B R R B B I I I R B\n13\n");
    for (i = 0; i < 13; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "2 c%c c%c\n", 'a' + 2 * i, 'a' + (2 * i + 1) % 25);
    wr_options_init(&opt);
    wr_buf_init(&out);
    lanes = codenames_parse(text, strlen(text), req, &err) == WR_OK ? codenames_solve_lanes(req) : 0;
    /* by lanes (2, 4, 8): the budget, and the estimate within a MB */
#define BY_LANES(pairs, quads, octs) (lanes == 8 ? (octs) : lanes == 4 ? (quads) : (pairs))
    opt.memory_mb = BY_LANES(100, 50, 25);
    rc = run_text(text, &opt, &out, &err);
    TEST_COND("25 cards over a 100 MB budget (quads: 50 MB, octs: 25 MB): WR_ETOOBIG",
              rc == WR_ETOOBIG && err.code == WR_ETOOBIG);
    TEST_COND("budget message has the estimate", strstr(err.message, BY_LANES("137 MB", "73 MB", "41 MB")) != NULL);
    TEST_COND("estimate", codenames_parse(text, strlen(text), req, &err) == WR_OK &&
                              codenames_estimate_bytes(req) > BY_LANES(135.0, 71.0, 39.0) * 1048576 &&
                              codenames_estimate_bytes(req) < BY_LANES(137.0, 73.0, 41.0) * 1048576);
    *strstr(text, "I I I R B") = 'A'; /* the 23rd card becomes the assassin */
    opt.memory_mb = BY_LANES(50, 25, 12);
    rc = run_text(text, &opt, &out, &err);
    TEST_COND("25 cards with an assassin: too big for 50 MB (quads: 25 MB, octs: 12 MB)", rc == WR_ETOOBIG);
    TEST_COND("budget message: half the size", strstr(err.message, BY_LANES("69 MB", "37 MB", "21 MB")) != NULL);
#undef BY_LANES
    {
        /* The dictionary of value pairs grows as the solve meets new ones
         * (the estimate holds its first 1024): a budget it outgrows stops
         * the solve with the same error, and one with room gives the answer. */
        static char board[8192];
        uint64_t rng = 0x452821e638d01377ull;
        double est = 0;
        int tries;
        /* the budget: the estimate rounded up to a whole MB (the budget's
         * unit), which holds the dictionary's first 1024 entries; the first
         * board (in a fixed sequence) whose dictionary outgrows the rest */
        for (tries = 0, rc = WR_OK; tries < 40 && rc != WR_ETOOBIG; tries++) {
            random_board(&rng, 20 + tries % 4, 40, 4, board, sizeof board);
            est = codenames_parse(board, strlen(board), req, &err) == WR_OK ? codenames_estimate_bytes(req) : 0;
            opt.memory_mb = (int)ceil(est / 1048576);
            rc = run_text(board, &opt, &out, &err);
        }
        TEST_COND("the dictionary outgrows a budget over the estimate: WR_ETOOBIG",
                  rc == WR_ETOOBIG && strstr(err.message, "above the memory budget") != NULL);
        opt.memory_mb = (int)ceil(est / 1048576) + 4;
        rc = run_text(board, &opt, &out, &err);
        TEST_COND("and fits in 4 MB more, as it does with the default budget",
                  rc == WR_OK && fabs(answer_of(board, 0) - atof(out.data)) < 1e-4);
    }
    opt.memory_mb = 2;
    rc = run_text("3 R\nab cd ef\nR B I\n1\n3 ab cd ef\n", &opt, &out, &err);
    TEST_COND("a small board within a 2 MB budget", rc == WR_OK);
    /* 25 cards are accepted when few of them are in play: only hinted,
     * unrevealed cards get a bit */
    at = 0;
    at += (size_t)snprintf(text + at, sizeof text - at, "25 B\n");
    for (i = 0; i < 25; i++) at += (size_t)snprintf(text + at, sizeof text - at, "%sc%c", i ? " " : "", 'a' + i);
    at += (size_t)snprintf(text + at, sizeof text - at, "\nR B I B R R R B B I I I R R B B R R B B I I A R B\n2\n2 cb cd\n1 ce\n");
    {
        codenames_result res;
        if (solve_text(text, 0, &res) == WR_OK) {
            /* Nobody can finish its agents: the game is a race to run out
             * of hints. Every turn now reveals one card whatever is said
             * (a hit with K = 1, or a miss) except B's K = 2 on {cb, cd};
             * B gives K = 1 and R faces 2 cards: R, B, then R is stuck. */
            TEST_COND("25 cards, 3 in play", res.free_cards == 3);
            TEST_NEAR("25 cards, 3 in play: B wins", codenames_answer(&res), 1, 0);
            TEST_NEAR("25 cards, 3 in play: K = 2 loses", codenames_value(&res, 0, 2), 0, 0);
        } else {
            TEST_COND("25 cards, 3 in play solves", 0);
        }
        codenames_result_free(&res);
    }

    /* 18 free cards: progress is called, and a non-zero return cancels */
    at = 0;
    at += (size_t)snprintf(text + at, sizeof text - at, "18 B\n");
    for (i = 0; i < 18; i++) at += (size_t)snprintf(text + at, sizeof text - at, "%sc%c", i ? " " : "", 'a' + i);
    at += (size_t)snprintf(text + at, sizeof text - at, "\nR B I B R R R B B I I I R R B B A R\n9\n");
    for (i = 0; i < 9; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "2 c%c c%c\n", 'a' + 2 * i, 'a' + 2 * i + 1);
    opt.memory_mb = 0;
    opt.progress = cancel_at_once;
    opt.progress_ctx = &calls;
    rc = run_text(text, &opt, &out, &err);
    TEST_COND("cancel: WR_ECANCELLED", rc == WR_ECANCELLED && err.code == WR_ECANCELLED &&
                                           strcmp(err.message, "cancelled") == 0);
    TEST_COND("cancel: stopped at the first call", calls == 1);
    opt.progress = count_calls;
    opt.progress_ctx = counts;
    rc = run_text(text, &opt, &out, &err);
    TEST_COND("progress: solve completes", rc == WR_OK);
    TEST_COND("progress: called with sane numbers", counts[0] >= 4 && counts[1] == 0);
    wr_buf_free(&out);
    free(req);
}

void test_codenames(void)
{
    test_sample();
    test_hand_checked();
    test_duplicates_and_labels();
    test_mid_game();
    test_brute_force();
    test_against_reference();
    test_tables_against_reference();
    test_kept_table();
    test_parse_errors();
    test_budget_and_cancel();
}
