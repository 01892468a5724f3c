/* faults.c — every allocation the library makes, made to fail, one at a
 * time: built alone with ASan (make test-asan: build/asan/faults) and linked
 * with --wrap for malloc, calloc, realloc, aligned_alloc and pthread_create,
 * so the library's calls go through the wrappers below and the Nth one
 * fails. For each request, a run with no failure counts the calls and gives
 * the answer; then, for every N up to that count, the run with the Nth call
 * failing must either give the same answer byte for byte (the call had a
 * fallback: a thread not started) or fail with WR_ENOMEM and a message, and
 * ASan must find no bad access and, at exit, no leak. The injector's state
 * is this test program's, never the library's. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "winrate.h"

int test_passed, test_failed;

/* calls: what the wrappers have seen since the run began; fail_at: the call
 * that fails (0: none), and with every_after each one after it too (memory
 * that stays short, so the cleanup's own paths run short of it). Atomic:
 * Codenames' threads allocate too. */
static atomic_long calls, fail_at;
static atomic_int every_after;

static int fail_now(void)
{
    long n = atomic_fetch_add(&calls, 1) + 1, at = atomic_load(&fail_at);
    return at && (n == at || (n > at && atomic_load(&every_after)));
}

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
int __real_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);

void *__wrap_malloc(size_t n) { return fail_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return fail_now() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return fail_now() ? NULL : __real_realloc(p, n); }
void *__wrap_aligned_alloc(size_t align, size_t n) { return fail_now() ? NULL : __real_aligned_alloc(align, n); }
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    return fail_now() ? 11 /* EAGAIN */ : __real_pthread_create(t, attr, fn, arg);
}

typedef struct request {
    const char *what, *game, *text;
    int json, sweep, own, rolls, length;
} request;

static int run(const request *r, wr_keep *keep, long fail, wr_buf *out, wr_error *err)
{
    wr_options o;
    wr_error ignored;
    wr_options_init(&o);
    o.json = r->json;
    o.keep = keep;
    if (r->sweep) wr_options_set(&o, "sweep", r->sweep, &ignored);
    if (r->own) wr_options_set(&o, "own-hints-only", 1, &ignored);
    if (r->rolls) wr_options_set(&o, "rolls", r->rolls, &ignored);
    if (r->length) wr_options_set(&o, "length", 1, &ignored);
    wr_buf_free(out); /* a fresh buffer: its growth is counted the same in every run */
    wr_buf_init(out);
    atomic_store(&calls, 0);
    atomic_store(&fail_at, fail);
    {
        int rc = wr_run(r->game, r->text, strlen(r->text), &o, out, err);
        atomic_store(&fail_at, 0);
        return rc;
    }
}

/* Every call of r's run failed in turn (after: and all the calls after
 * it); kept: solve once before (the kept table is then what the run reads)
 * or not. Returns the calls counted. */
static long fail_each(const request *r, int kept, int after)
{
    wr_buf want, got;
    wr_error err;
    wr_keep keep;
    long n, count, bad = 0;
    int rc;
    wr_buf_init(&want);
    wr_buf_init(&got);
    wr_keep_init(&keep);
    if (kept) run(r, &keep, 0, &want, &err); /* the table the runs below read */
    rc = run(r, kept ? &keep : NULL, 0, &want, &err);
    count = atomic_load(&calls);
    atomic_store(&every_after, after);
    TEST_COND(r->what, rc == WR_OK && want.len > 0 && (!kept || keep.reused)); /* kept: read from the table */
    for (n = 1; rc == WR_OK && n <= count; n++) {
        int got_rc;
        wr_error_clear(&err);
        got_rc = run(r, kept ? &keep : NULL, n, &got, &err);
        if (got_rc == WR_OK) {
            if (got.len != want.len || memcmp(got.data, want.data, want.len) != 0) {
                printf("FAIL %s: call %ld of %ld failed%s, and the answer changed\n", r->what, n, count,
                       after ? " (and every one after)" : "");
                bad++;
            }
        } else if (got_rc != WR_ENOMEM || err.code != WR_ENOMEM || !err.message[0]) {
            printf("FAIL %s: call %ld of %ld failed%s: status %d, message '%s'\n", r->what, n, count,
                   after ? " (and every one after)" : "", got_rc, err.message);
            bad++;
        }
        if (kept && !keep.game) run(r, &keep, 0, &got, &err); /* a failed run may free the table: again */
    }
    atomic_store(&every_after, 0);
    TEST_COND(r->what, bad == 0);
    if (!after) printf("%-32s %4ld calls\n", r->what, count);
    wr_keep_clear(&keep);
    wr_buf_free(&want);
    wr_buf_free(&got);
    return count;
}

int main(void)
{
    /* Small requests that still take every path: each game's plain answer
     * and JSON analysis, each option, Codenames' pairs and threads (12
     * and 14 cards), its dictionary's growth and its kept table. */
    static const char cn12[] = "12 R\n"
                               "a b c d e f g h i j k l\n"
                               "R R R R B B B I I I A R\n"
                               "6\n2 a e\n3 b c h\n2 d f\n3 g i l\n2 a j\n4 b k e d\n";
    /* 14 cards whose values outgrow the first dictionary twice (1024 pairs, then 2048) */
    static const char cn14[] =
        "14 R\n"
        "a b c d e f g h i j k l m n\n"
        "I I B I I R R R B B R B A R\n"
        "20\n"
        "4 l h i n\n"
        "6 g k c d l i\n"
        "6 l a k b c m\n"
        "5 m a e h j\n"
        "6 l m g n j h\n"
        "4 f b a c\n"
        "6 d e k g m l\n"
        "7 n g j f i m d\n"
        "5 k a e j c\n"
        "5 i j m b d\n"
        "7 e n b l h j k\n"
        "5 m b g c a\n"
        "5 g m n b a\n"
        "7 j m a g n f e\n"
        "7 d a e m b j k\n"
        "4 g e j m\n"
        "4 l a f n\n"
        "5 c g m h i\n"
        "6 k j n i b l\n"
        "5 g k l d e\n";
    static const request reqs[] = {
        {"dice", "dice", "AA A D DD\n4 4\n", 0, 0, 0, 0, 0},
        {"dice json", "dice", "AA A D DD\n4 4\n", 1, 0, 0, 0, 0},
        {"dice json length", "dice", "AA A D DD\n4 4\n", 1, 0, 0, 0, 1},
        {"dice rolls json", "dice", "AA A D DD\n4 4\n", 1, 0, 0, 5, 0},
        {"hopchess", "hopchess", "1 3\nJJD\n3 1\n", 0, 0, 0, 0, 0},
        {"hopchess json 3x3", "hopchess", "3 3\nJDJ\nD.D\nJDJ\n2 1\n", 1, 0, 0, 0, 0},
        {"hopchess sweep", "hopchess", "2 3\nJDJ\nDJD\n2 1\n", 0, 4, 0, 0, 0},
        {"escape", "escape", "2 4 3\nT...\n.#.E\n", 0, 0, 0, 0, 0},
        {"escape json", "escape", "3 5 4\nT..#E\n.T...\nE..T.\n", 1, 0, 0, 0, 0},
        {"codenames", "codenames", "4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n",
         0, 0, 0, 0, 0},
        {"codenames json own hints", "codenames",
         "4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n", 1, 0, 1, 0, 0},
        {"codenames 12 cards json", "codenames", cn12, 1, 0, 0, 0, 0},
        {"codenames 14 cards json", "codenames", cn14, 1, 0, 0, 0, 0},
    };
    static const request kept = {"codenames 12 cards, kept table", "codenames", cn12, 1, 0, 0, 0, 0};
    size_t i;
    long total = 0;
    int after;
    for (after = 0; after <= 1; after++) {
        for (i = 0; i < sizeof reqs / sizeof reqs[0]; i++) total += fail_each(&reqs[i], 0, after);
        total += fail_each(&kept, 1, after);
    }
    printf("faults: %ld runs, each with one call failed (and, in half of them, every call after it)\n", total);
    printf("%d passed, %d failed\n", test_passed, test_failed);
    return test_failed ? 1 : 0;
}
