/* exports.c — the C side of the C/JS boundary, and the only file that knows
 * about Emscripten. The solvers in c/ stay plain C.
 *
 * A session owns the output buffer and the last error; JS allocates the input
 * with _malloc, calls wrw_run, reads the output or the error through the
 * accessors, and frees what it allocated (see winrate.mjs). Progress reaches
 * JS synchronously through Module.onProgress (set by the worker); its return
 * value cancels, as in the C contract.
 */
#include <emscripten.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "winrate.h"
#include "common/reader.h"

EM_JS(int, wrw_js_progress, (double done, double total), {
    return Module["onProgress"] ? (Module["onProgress"](done, total) ? 1 : 0) : 0;
});

typedef struct wrw_session {
    wr_options opt; /* of the next runs: wrw_option, wrw_reset_options */
    wr_buf out;
    wr_error err;
    wr_keep keep;   /* what a game keeps between runs (option "keep") */
} wrw_session;

static int progress_bridge(void *ctx, double done, double total)
{
    (void)ctx;
    return wrw_js_progress(done, total);
}

EMSCRIPTEN_KEEPALIVE wrw_session *wrw_new(void)
{
    wrw_session *s = malloc(sizeof *s);
    if (!s) return NULL;
    wr_options_init(&s->opt);
    wr_buf_init(&s->out);
    wr_error_clear(&s->err);
    wr_keep_init(&s->keep);
    return s;
}

EMSCRIPTEN_KEEPALIVE void wrw_free(wrw_session *s)
{
    if (!s) return;
    wr_keep_clear(&s->keep);
    wr_buf_free(&s->out);
    free(s);
}

/* Sets one option of the session's next runs by name: digits, json,
 * memory_mb, progress and keep (wr_options: keep = the session lends its
 * wr_keep, so a Codenames board's table stays for the positions that
 * follow), or a game's own option ("sweep", "own-hints-only":
 * wr_options_set); reset by wrw_reset_options. Returns WR_OK
 * or WR_EUSAGE; wr_run checks the values, and which game takes which option. */
/* value as an int when it is a whole number in [lo, hi], else `out` (a value
 * wr_run refuses): a double outside int's range must never be converted. */
static int whole_or(double value, int lo, int hi, int out)
{
    return value >= lo && value <= hi && value == (int)value ? (int)value : out;
}

EMSCRIPTEN_KEEPALIVE int wrw_option(wrw_session *s, const char *name, double value)
{
    wr_options *o = &s->opt;
    if (strcmp(name, "digits") == 0) o->digits = whole_or(value, -1, 17, 18);
    else if (strcmp(name, "json") == 0) o->json = value != 0;
    else if (strcmp(name, "memory_mb") == 0) o->memory_mb = value;
    else if (strcmp(name, "progress") == 0) o->progress = value != 0 ? progress_bridge : NULL;
    else if (strcmp(name, "keep") == 0) o->keep = value != 0 ? &s->keep : NULL;
    else return wr_options_set(o, name, whole_or(value, -1000000, 1000000, INT_MIN), &s->err);
    return WR_OK;
}

EMSCRIPTEN_KEEPALIVE void wrw_reset_options(wrw_session *s) { wr_options_init(&s->opt); }

/* Runs game on text (text_len bytes, not necessarily NUL-terminated) with the
 * options set since the last reset. Returns a WR_* code. A run without keep
 * leaves the kept table as it is, and was not answered from it. */
EMSCRIPTEN_KEEPALIVE int wrw_run(wrw_session *s, const char *game, const char *text, int text_len)
{
    s->keep.reused = 0;
    return wr_run(game, text, (size_t)text_len, &s->opt, &s->out, &s->err);
}

/* What the session keeps (bytes), whether the last run was answered from
 * it, and dropping it. */
EMSCRIPTEN_KEEPALIVE double wrw_kept_bytes(const wrw_session *s) { return s->keep.bytes; }
EMSCRIPTEN_KEEPALIVE int wrw_reused(const wrw_session *s) { return s->keep.reused; }
EMSCRIPTEN_KEEPALIVE void wrw_drop_kept(wrw_session *s) { wr_keep_clear(&s->keep); }

EMSCRIPTEN_KEEPALIVE const char *wrw_output(const wrw_session *s) { return s->out.data ? s->out.data : ""; }
EMSCRIPTEN_KEEPALIVE int wrw_output_len(const wrw_session *s) { return (int)s->out.len; }
EMSCRIPTEN_KEEPALIVE const char *wrw_message(const wrw_session *s) { return s->err.message; }
EMSCRIPTEN_KEEPALIVE int wrw_line(const wrw_session *s) { return s->err.line; }
EMSCRIPTEN_KEEPALIVE int wrw_column(const wrw_session *s) { return s->err.column; }
EMSCRIPTEN_KEEPALIVE const char *wrw_strerror(int code) { return winrate_strerror(code); }
EMSCRIPTEN_KEEPALIVE int wrw_exit_status(int code) { return wr_exit_status(code); }
EMSCRIPTEN_KEEPALIVE const char *wrw_help(void) { return wr_help(); }
EMSCRIPTEN_KEEPALIVE int wrw_max_input_bytes(void) { return (int)WR_MAX_INPUT_BYTES; }

/* The name of the i-th game this build knows, or NULL past the end. */
EMSCRIPTEN_KEEPALIVE const char *wrw_game_name(int i)
{
    int n = 0;
    while (wr_games[n]) n++;
    return i >= 0 && i < n ? wr_games[i]->name : NULL;
}
