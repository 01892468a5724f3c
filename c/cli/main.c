/* main.c — the native command-line interface, build/winrate.
 *
 *   winrate GAME [--digits N] [--json] [--memory MB] [--sweep N] [--own-hints-only] [--rolls N] [--length]
 *           [FILE]
 *
 * Reads the game's contest text from FILE or standard input and prints the
 * contest answer (or, with --json, the full analysis). Bad input: exit 2 and
 * one line on stderr, "winrate: <file>:<line>:<col>: <message>", nothing on
 * stdout. A request above the memory budget: exit 3. wasm-glue/cli.mjs is the
 * same interface over the WASM build and must print the same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "winrate.h"
#include "common/reader.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* --bench: the solve alone, timed in-process (make bench compares it with
 * the WASM build's call, so start-up and file reading stay out of the ratio). */
static int bench(const char *game, const char *text, size_t len, const wr_options *opt, int runs,
                 wr_buf *out, wr_error *err)
{
    double *ms = malloc(sizeof *ms * (size_t)runs);
    int i, rc = WR_OK;
    if (!ms) return wr_fail_nomem(err);
    for (i = 0; i < runs && rc == WR_OK; i++) {
        double t0 = now_ms();
        rc = wr_run(game, text, len, opt, out, err);
        ms[i] = now_ms() - t0;
    }
    if (rc == WR_OK) {
        qsort(ms, (size_t)runs, sizeof *ms, cmp_double);
        fprintf(stderr, "%.3f\n", ms[runs / 2]);
    }
    free(ms);
    return rc;
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "winrate: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    fprintf(stderr, "usage: winrate GAME [--digits N] [--json] [--memory MB] [--sweep N] "
                    "[--own-hints-only] [--rolls N] [--length] [FILE] (try --help)\n");
    return 2;
}

static int parse_number(const char *s, double lo, double hi, double *out)
{
    char *end;
    double v;
    if (!s || !*s) return 0;
    v = strtod(s, &end);
    if (*end || !(v >= lo && v <= hi)) return 0;
    *out = v;
    return 1;
}

/* Reads all of f, but at most limit+1 bytes: enough to see an oversized input. */
/* The input, at most limit + 1 bytes; NULL on a read error (*read_error set:
 * a directory, an I/O error) or when out of memory. */
static char *read_all(FILE *f, size_t limit, size_t *len, int *read_error)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap), *p;
    if (!buf) return NULL;
    while (n <= limit) {
        size_t got;
        if (n == cap) {
            cap = cap * 2 > limit + 1 ? limit + 1 : cap * 2;
            p = realloc(buf, cap);
            if (!p) {
                free(buf);
                return NULL;
            }
            buf = p;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        *read_error = 1;
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    wr_options opt;
    const char *game = NULL, *file = NULL, *name;
    const wr_option_spec *spec;
    char msg[100];
    FILE *f = stdin;
    char *text;
    size_t len = 0;
    int read_error = 0;
    wr_buf out;
    wr_error err;
    int i, rc, bench_runs = 0;
    double v;

    wr_options_init(&opt);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(wr_help(), stdout);
            return 0;
        } else if (!strcmp(a, "--json")) {
            opt.json = 1;
        } else if (!strcmp(a, "--digits")) {
            if (i + 1 >= argc || !parse_number(argv[++i], 0, 17, &v) || v != (int)v)
                return usage_error("--digits needs a whole number from 0 to 17", NULL);
            opt.digits = (int)v;
        } else if (!strcmp(a, "--memory")) {
            if (i + 1 >= argc || !parse_number(argv[++i], 1, WR_MAX_BUDGET_MB, &v))
                return usage_error("--memory needs a size in MB from 1 to 1048576", NULL);
            opt.memory_mb = v;
        } else if (!strcmp(a, "--bench")) {
            if (i + 1 >= argc || !parse_number(argv[++i], 1, 1000, &v) || v != (int)v)
                return usage_error("--bench needs a whole number of runs from 1 to 1000", NULL);
            bench_runs = (int)v;
        } else if (a[0] == '-' && a[1] == '-' && (spec = wr_find_option(a + 2, NULL))) {
            /* a game's own option: whether it applies to GAME is wr_run's check */
            if (!spec->flag && (i + 1 >= argc || !parse_number(argv[++i], spec->min, spec->max, &v) ||
                                v != (int)v)) {
                snprintf(msg, sizeof msg, "%s needs a whole number from %d to %d", a, spec->min,
                         spec->max);
                return usage_error(msg, NULL);
            }
            if (wr_options_set(&opt, a + 2, spec->flag ? 1 : (int)v, &err))
                return usage_error(err.message, NULL);
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option", a);
        } else if (!game) {
            game = a;
        } else if (!file) {
            file = a;
        } else {
            return usage_error("unexpected argument", a);
        }
    }
    if (!game) return usage_error("missing GAME", NULL);
    if (!wr_find_game(game)) return usage_error("unknown game", game);

    name = file ? file : "stdin";
    if (file && strcmp(file, "-") != 0) {
        f = fopen(file, "rb");
        if (!f) {
            fprintf(stderr, "winrate: %s: cannot open the file\n", file);
            return 2;
        }
    }
    text = read_all(f, WR_MAX_INPUT_BYTES, &len, &read_error);
    if (f != stdin) fclose(f);
    if (!text) { /* bad input (exit 2, as wasm-glue/cli.mjs), or out of memory (exit 1) */
        fprintf(stderr, "winrate: %s: %s\n", name, read_error ? "cannot read the input" : "out of memory");
        return read_error ? 2 : 1;
    }

    wr_buf_init(&out);
    rc = bench_runs ? bench(game, text, len, &opt, bench_runs, &out, &err)
                    : wr_run(game, text, len, &opt, &out, &err);
    free(text);
    if (rc == WR_EUSAGE) { /* an option GAME does not take */
        wr_buf_free(&out);
        return usage_error(err.message, NULL);
    }
    if (rc != WR_OK) {
        if (err.line > 0)
            fprintf(stderr, "winrate: %s:%d:%d: %s\n", name, err.line, err.column, err.message);
        else
            fprintf(stderr, "winrate: %s: %s\n", name, err.message);
        wr_buf_free(&out);
        return wr_exit_status(rc);
    }
    fwrite(out.data ? out.data : "", 1, out.len, stdout);
    wr_buf_free(&out);
    return fflush(stdout) == 0 ? 0 : 1;
}
