/* winrate.h — the library's front door: the table of games and one call that
 * runs a game on its contest text. The CLI and wasm-glue/exports.c both go
 * through wr_run, so every surface parses and answers identically. */
#ifndef WINRATE_H
#define WINRATE_H

#include "common/buf.h"
#include "common/solve.h"
#include "common/status.h"

/* NULL-terminated table of every game, in the order --help lists them. */
extern const wr_game *const wr_games[];

const wr_game *wr_find_game(const char *name);

/* The option `name` of whichever game takes it (the game in *owner, which may
 * be NULL), or NULL when no game does: how a CLI learns its game options. */
const wr_option_spec *wr_find_option(const char *name, const wr_game **owner);

/* The command line's --help text, one for both CLIs (native and wasm-glue/cli.mjs). */
const char *wr_help(void);

/* Runs `game` on text; writes the answer or JSON into out (reset first). */
int wr_run(const char *game, const char *text, size_t len, const wr_options *opt, wr_buf *out,
           wr_error *err);

#endif
