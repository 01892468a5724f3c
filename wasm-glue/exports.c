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
#include <stdlib.h>

#include "winrate.h"
#include "common/reader.h"

EM_JS(int, wrw_js_progress, (double done, double total), {
    return Module["onProgress"] ? (Module["onProgress"](done, total) ? 1 : 0) : 0;
});

typedef struct wrw_session {
    wr_buf out;
    wr_error err;
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
    wr_buf_init(&s->out);
    wr_error_clear(&s->err);
    return s;
}

EMSCRIPTEN_KEEPALIVE void wrw_free(wrw_session *s)
{
    if (!s) return;
    wr_buf_free(&s->out);
    free(s);
}

/* text is text_len bytes (not necessarily NUL-terminated). Returns a WR_* code. */
EMSCRIPTEN_KEEPALIVE int wrw_run(wrw_session *s, const char *game, const char *text, int text_len,
                                 int digits, int json, double memory_mb, int sweep,
                                 int own_hints_only, int with_progress)
{
    wr_options opt;
    wr_options_init(&opt);
    opt.digits = digits;
    opt.json = json;
    opt.memory_mb = memory_mb;
    opt.sweep = sweep;
    opt.own_hints_only = own_hints_only;
    if (with_progress) opt.progress = progress_bridge;
    return wr_run(game, text, (size_t)text_len, &opt, &s->out, &s->err);
}

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
