/* solve.h — what every solver receives besides its input: options, the
 * memory budget and the progress-and-cancel callback.
 *
 * Progress follows SQLite's progress-handler contract: a long solve calls
 * `progress(ctx, done, total)` every so often; a non-zero return stops the
 * work, the solver frees everything and returns WR_ECANCELLED.
 */
#ifndef WR_SOLVE_H
#define WR_SOLVE_H

#include <stddef.h>
#include "buf.h"
#include "status.h"

typedef int (*wr_progress_fn)(void *ctx, double done, double total);

#define WR_DEFAULT_BUDGET_MB 1024.0
#define WR_MAX_BUDGET_MB 1048576.0 /* 1 TB: --memory's upper end */
#define WR_MAX_SWEEP 1000          /* hopchess --sweep N: N at most */

typedef struct wr_options {
    int digits;           /* -1: the game's default */
    int json;             /* 1: write the full analysis as JSON instead of the answer */
    double memory_mb;     /* memory budget in MB; <= 0 means WR_DEFAULT_BUDGET_MB */
    int sweep;            /* hopchess: --sweep N (0 = off) */
    int own_hints_only;   /* codenames: the --own-hints-only rule variant */
    wr_progress_fn progress; /* may be NULL */
    void *progress_ctx;
} wr_options;

void wr_options_init(wr_options *o);

/* The budget in bytes. */
double wr_budget_bytes(const wr_options *o);

/* Calls the progress callback if any: WR_ECANCELLED when it asks to stop. */
int wr_progress(const wr_options *o, double done, double total);

/* One game as the CLI and the WASM build see it: parse the contest text,
 * solve, and write either the contest answer (one line, '\n'-terminated) or
 * the JSON analysis into out. wr_run has checked the options, and opt->digits
 * is the game's default when the caller gave none. */
/* The game-specific options a game takes (wr_game.options). */
#define WR_OPTION_SWEEP 1u     /* hopchess: opt->sweep */
#define WR_OPTION_OWN_HINTS 2u /* codenames: opt->own_hints_only */

typedef struct wr_game {
    const char *name;
    int default_digits; /* wr_run sets opt->digits to it when it is -1 */
    unsigned options;   /* WR_OPTION_* this game takes; wr_run refuses the others */
    int (*run)(const char *text, size_t len, const wr_options *opt, wr_buf *out, wr_error *err);
} wr_game;

#endif
