/* test_common.c — the shared reader, buffer and status helpers. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "common/alloc.h"
#include "common/bits.h"
#include "common/buf.h"
#include "common/json.h"
#include "common/reader.h"
#include "common/solve.h"
#include "common/workspace.h"
#include "harness.h"
#include "winrate.h"

static void test_reader_tokens(void)
{
    const char text[] = "  12\t-3 \r\nab  cd\n\n\n";
    wr_reader r;
    wr_error err;
    long v;
    const char *tok;
    size_t len;
    int line, col;

    TEST_COND("init ok", wr_reader_init(&r, text, strlen(text), &err) == WR_OK);
    TEST_COND("first int", wr_read_long(&r, 0, 100, "n", &v) == WR_OK && v == 12);
    TEST_COND("negative int", wr_read_long(&r, -5, 5, "m", &v) == WR_OK && v == -3);
    TEST_COND("CRLF ends the line", wr_read_eol(&r) == WR_OK && r.line == 2 && r.column == 1);
    TEST_COND("token", wr_read_token(&r, "a word", &tok, &len, &line, &col) == WR_OK && len == 2 &&
                           memcmp(tok, "ab", 2) == 0 && line == 2 && col == 1);
    TEST_COND("second token column", wr_read_token(&r, "a word", &tok, &len, &line, &col) == WR_OK &&
                                         col == 5);
    TEST_COND("at eol", wr_at_eol(&r));
    TEST_COND("trailing blank lines accepted", wr_read_end(&r) == WR_OK);
}

static void test_reader_errors(void)
{
    wr_reader r;
    wr_error err;
    long v;
    const char *tok;
    size_t len;
    int line, col;

    wr_reader_init(&r, "1 x2\n", 5, &err);
    wr_read_long(&r, 0, 9, "a", &v);
    TEST_COND("non-digit is a syntax error at its column",
              wr_read_long(&r, 0, 9, "the count", &v) == WR_ESYNTAX && err.line == 1 &&
                  err.column == 3 && strstr(err.message, "expected the count"));

    wr_reader_init(&r, "5 12", 4, &err);
    wr_read_long(&r, 0, 9, "a", &v);
    TEST_COND("out of range at the token",
              wr_read_long(&r, 0, 9, "b", &v) == WR_ERANGE && err.column == 3 &&
                  strstr(err.message, "between 0 and 9"));

    wr_reader_init(&r, "99999999999999999999999", 23, &err);
    TEST_COND("huge number is a range error, no overflow",
              wr_read_long(&r, 0, 1000000000, "K", &v) == WR_ERANGE && err.column == 1);

    wr_reader_init(&r, "7 8\n", 4, &err);
    wr_read_long(&r, 0, 9, "a", &v);
    TEST_COND("extra token before end of line",
              wr_read_eol(&r) == WR_ESYNTAX && err.line == 1 && err.column == 3);

    wr_reader_init(&r, "", 0, &err);
    TEST_COND("missing token at end of input",
              wr_read_token(&r, "a face", &tok, &len, &line, &col) == WR_ESYNTAX &&
                  strstr(err.message, "end of the input") && err.line == 1 && err.column == 1);

    wr_reader_init(&r, "ab \rcd", 6, &err);
    wr_read_token(&r, "a word", &tok, &len, &line, &col);
    TEST_COND("a lone CR is no empty token: an error at its column",
              wr_read_token(&r, "a word", &tok, &len, &line, &col) == WR_ESYNTAX && err.line == 1 &&
                  err.column == 4 && strstr(err.message, "carriage return"));
    {
        wr_options opt;
        wr_buf out;
        wr_options_init(&opt);
        wr_buf_init(&out);
        TEST_COND("a lone CR where a codenames hint's label may be: an error, no read before the token",
                  wr_run("codenames", "2 R\nab cd\nR B\n1\n\r1 ab\n", 22, &opt, &out, &err) == WR_ESYNTAX &&
                      err.line == 5 && err.column == 1);
        wr_buf_free(&out);
    }

    wr_reader_init(&r, "1\n\n2\n", 5, &err);
    wr_read_long(&r, 0, 9, "a", &v);
    TEST_COND("text after the end", wr_read_end(&r) == WR_ESYNTAX && err.line == 3 && err.column == 1);

    TEST_COND("oversized input refused before parsing",
              wr_reader_init(&r, "", WR_MAX_INPUT_BYTES + 1, &err) == WR_ETOOBIG);
}

static void test_buf_and_json(void)
{
    wr_buf b;
    wr_buf_init(&b);
    wr_buf_prob(&b, -1e-17, 4);
    TEST_COND("rounding noise never prints -0", strcmp(b.data, "0.0000") == 0);
    wr_buf_reset(&b);
    wr_buf_prob(&b, 2.0 / 3.0, 3);
    TEST_COND("printf rounding", strcmp(b.data, "0.667") == 0);
    wr_buf_reset(&b);
    wr_json_str(&b, "a\"<b>\n\x01", 7);
    TEST_COND("json escapes", strcmp(b.data, "\"a\\\"<b>\\u000a\\u0001\"") == 0);
    wr_buf_reset(&b);
    wr_json_num(&b, 0.1);
    TEST_COND("json round-trip digits", strcmp(b.data, "0.10000000000000001") == 0);
    wr_buf_free(&b);
}

static int cancel_now(void *ctx, double done, double total)
{
    (void)ctx;
    (void)done;
    (void)total;
    return 1;
}

static void test_status_and_options(void)
{
    wr_options o;
    wr_error err;
    wr_options_init(&o);
    TEST_COND("default budget 1 GiB", wr_budget_bytes(&o) == 1024.0 * 1048576.0);
    TEST_COND("no callback never cancels", wr_progress(&o, 1, 2) == WR_OK);
    o.progress = cancel_now;
    TEST_COND("callback cancels", wr_progress(&o, 1, 2) == WR_ECANCELLED);
    TEST_COND("exit status for bad input", wr_exit_status(WR_ESYNTAX) == 2);
    TEST_COND("exit status for budget", wr_exit_status(WR_ETOOBIG) == 3);
    wr_fail_budget(&err, 3000.0 * 1048576.0, 1024.0 * 1048576.0);
    TEST_COND("budget message names the estimate",
              err.code == WR_ETOOBIG && strstr(err.message, "3000 MB") && strstr(err.message, "--memory"));
}

static void test_bits(void)
{
    uint64_t seed = 0x9e3779b97f4a7c15ull, x;
    int i, b, n32, n64, ok = 1;
    for (i = 0; i < 100000; i++) {
        x = test_xorshift(&seed) >> (i % 64); /* sparse and dense words */
        for (b = 0, n32 = 0, n64 = 0; b < 64; b++) {
            n64 += (int)((x >> b) & 1);
            if (b < 32) n32 += (int)((x >> b) & 1);
        }
        ok &= wr_popcount64(x) == n64 && wr_popcount32((uint32_t)x) == n32;
    }
    TEST_COND("popcounts agree with a bit loop on 100,000 words", ok);
    TEST_COND("popcount of all ones", wr_popcount64(~0ull) == 64 && wr_popcount32(~0u) == 32);
}

/* A layout of three arrays, as a solver writes it (see workspace.h). */
static void ws_layout(wr_workspace *w, double **a, int **b, char **c, size_t n)
{
    *a = wr_ws_reserve(w, n, sizeof **a);
    *b = wr_ws_reserve(w, n + 1, sizeof **b);
    *c = wr_ws_reserve(w, 3, 1);
}

static void test_workspace(void)
{
    wr_workspace w;
    double *a;
    int *b, ok = 1;
    char *c;
    size_t i;
    double planned;
    wr_ws_plan(&w);
    ws_layout(&w, &a, &b, &c, 1001); /* 8,008 bytes: not a multiple of the alignment */
    planned = wr_ws_size(&w);
    TEST_COND("planning hands out nothing", a == NULL && b == NULL && c == NULL);
    TEST_COND("the plan covers every array", planned >= 8008.0 + 4008.0 + 3.0);
    TEST_COND("carving allocates", wr_ws_alloc(&w) == WR_OK);
    ws_layout(&w, &a, &b, &c, 1001); /* 8,008 bytes: not a multiple of the alignment */
    TEST_COND("carving hands out every piece", a && b && c);
    TEST_COND("pieces are aligned and in order",
              ((unsigned char *)a - w.base) % WR_WS_ALIGN == 0 &&
                  ((unsigned char *)b - w.base) % WR_WS_ALIGN == 0 &&
                  ((unsigned char *)c - w.base) % WR_WS_ALIGN == 0 &&
                  (unsigned char *)b >= (unsigned char *)(a + 1001) &&
                  (unsigned char *)c >= (unsigned char *)(b + 1002));
    for (i = 0; i < 1001; i++) ok &= a[i] == 0 && b[i] == 0;
    TEST_COND("pieces are zeroed", ok);
    TEST_COND("the carve used what the plan said", (double)w.used == planned);
    TEST_COND("a piece past the plan is refused", wr_ws_reserve(&w, 1, 1) == NULL);
    wr_ws_free(&w);
    wr_ws_plan(&w);
    wr_ws_reserve(&w, SIZE_MAX / 4, 8);
    TEST_COND("an overflowing size plans to HUGE_VAL", isinf(wr_ws_size(&w)));
    TEST_COND("and refuses to allocate", wr_ws_alloc(&w) == WR_ETOOBIG);
    wr_ws_free(&w);
}

static void test_json_writer(void)
{
    static const double v[] = {0.5, -0.0, 1e300 * 1e300};
    wr_buf b;
    wr_json j;
    wr_buf_init(&b);
    wr_jw_begin(&j, &b);
    wr_jw_str(&j, "s", "a\"b");
    wr_jw_int(&j, "i", -120);
    wr_jw_array(&j, "a");
    wr_jw_object(&j, NULL);
    wr_jw_bool(&j, "t", 1);
    wr_jw_null(&j, "n");
    wr_jw_close(&j);
    wr_jw_int(&j, NULL, 0);
    wr_jw_nums(&j, NULL, v, 3);
    wr_jw_close(&j);
    wr_jw_object(&j, "e");
    wr_jw_close(&j);
    wr_jw_end(&j);
    TEST_COND("the JSON writer places commas, keys and brackets",
              b.data && strcmp(b.data, "{\"s\":\"a\\\"b\",\"i\":-120,\"a\":[{\"t\":true,\"n\":null},0,"
                                       "[0.5,0,null]],\"e\":{}}\n") == 0);
    if (b.data && !strstr(b.data, "\"e\":{}")) printf("   got %s", b.data);
    wr_buf_free(&b);
}

/* Sizes that overflow are refused, never wrapped to a small allocation. */
static void test_alloc(void)
{
    size_t bytes = 0;
    volatile size_t huge = SIZE_MAX - 1; /* not a constant: the compiler would refuse the call */
    wr_buf b;
    char *p;
    TEST_COND("a size that fits", wr_size_n(1000, 8, &bytes) && bytes == 8000);
    TEST_COND("n * elem past SIZE_MAX", !wr_size_n(SIZE_MAX / 8 + 1, 8, &bytes));
    TEST_COND("a 64-bit count past SIZE_MAX", UINT64_MAX == SIZE_MAX || !wr_size_n((uint64_t)SIZE_MAX + 1, 1, &bytes));
    TEST_COND("malloc_n refuses the overflow", wr_malloc_n(SIZE_MAX / 4, 8) == NULL);
    p = wr_malloc_n(0, 8);
    TEST_COND("malloc_n of nothing is a real pointer", p != NULL);
    TEST_COND("realloc_n refuses the overflow", wr_realloc_n(p, SIZE_MAX / 2, 16) == NULL);
    free(p);
    p = wr_realloc_n(NULL, 3, 8);
    TEST_COND("realloc_n of 3 items", p != NULL);
    free(p);
    TEST_COND("grow_cap doubles from the first size", wr_grow_cap(0, 100, 64, 8) == 128);
    TEST_COND("grow_cap keeps a cap that holds", wr_grow_cap(256, 100, 64, 8) == 256);
    TEST_COND("grow_cap refuses past SIZE_MAX / elem", wr_grow_cap(0, SIZE_MAX / 8, 64, 8) == 0);
    wr_buf_init(&b);
    wr_buf_puts(&b, "abc");
    wr_buf_put(&b, "x", huge); /* a length that would wrap the inline check and the growth */
    TEST_COND("a buffer refuses a length that wraps", wr_buf_status(&b) == WR_ENOMEM && b.len == 3);
    wr_buf_free(&b);
}

void test_common(void)
{
    test_alloc();
    test_json_writer();
    test_workspace();
    test_bits();
    test_reader_tokens();
    test_reader_errors();
    test_buf_and_json();
    test_status_and_options();
}
