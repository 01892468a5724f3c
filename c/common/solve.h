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
#define WR_MAX_GAME_OPTIONS 4      /* game options one request can carry */
#define WR_OPTION_NAME_MAX 23

/* A game's own option (hop chess's sweep, codenames' own-hints-only): its
 * name, as the CLI spells it after "--", and the whole numbers it takes. A
 * flag is given without a value on the command line and stands for 1. */
typedef struct wr_option_spec {
    const char *name; /* NULL ends a game's list */
    int min, max;
    int flag;
} wr_option_spec;

/* What a caller that runs one request after another (the WASM session)
 * lends the games to keep between runs: one game's solved data (Codenames:
 * a board's table of positions, codenames_solve_keep). The game that filled
 * it replaces it; wr_keep_clear frees it. */
typedef struct wr_keep {
    const char *game;            /* the game that filled it; NULL: empty */
    void *data;
    void (*free_data)(void *data);
    double bytes;                /* what data holds */
    int reused;                  /* the last run was answered from data */
} wr_keep;

void wr_keep_init(wr_keep *k);
void wr_keep_clear(wr_keep *k);

typedef struct wr_options {
    int digits;           /* -1: the game's default */
    int json;             /* 1: write the full analysis as JSON instead of the answer */
    double memory_mb;     /* memory budget in MB; <= 0 means WR_DEFAULT_BUDGET_MB */
    wr_progress_fn progress; /* may be NULL */
    void *progress_ctx;
    wr_keep *keep;        /* NULL: nothing is kept between runs */
    int n_game_options;   /* set with wr_options_set; wr_run checks them */
    struct {
        char name[WR_OPTION_NAME_MAX + 1];
        int value;
    } game_options[WR_MAX_GAME_OPTIONS];
} wr_options;

void wr_options_init(wr_options *o);

/* Gives the game option `name` a value, replacing an earlier one. WR_OK, or
 * WR_EUSAGE (err set) when the name is too long or the list is full. Whether
 * the game takes it and the value is in range is wr_run's check. */
int wr_options_set(wr_options *o, const char *name, int value, wr_error *err);

/* The budget in bytes. */
double wr_budget_bytes(const wr_options *o);

/* Calls the progress callback if any: WR_ECANCELLED when it asks to stop. */
int wr_progress(const wr_options *o, double done, double total);

/* One game as the CLI and the WASM build see it: parse the contest text,
 * solve, and write either the contest answer (one line, '\n'-terminated) or
 * the JSON analysis into out. wr_run has checked the options: opt->digits is
 * the game's default when the caller gave none, and values[i] is the value of
 * the game's options[i] (0 when not given). */
typedef struct wr_game {
    const char *name;
    int default_digits;            /* wr_run sets opt->digits to it when it is -1 */
    const wr_option_spec *options; /* the game's own options (at most WR_MAX_GAME_OPTIONS), or NULL */
    int (*run)(const char *text, size_t len, const wr_options *opt, const int *values,
               wr_buf *out, wr_error *err);
} wr_game;

#endif
