/* winrate.c — the table of games and the single entry point wr_run. */
#include "winrate.h"

#include <string.h>

#include "codenames/codenames.h"
#include "dice/dice.h"
#include "escape/escape.h"
#include "hopchess/hopchess.h"

const wr_game *const wr_games[] = {
    &wr_game_hopchess,
    &wr_game_codenames,
    &wr_game_escape,
    &wr_game_dice,
    NULL,
};

static const char help[] =
    "usage: winrate GAME [options] [FILE]\n"
    "\n"
    "Exact win probabilities for small games. Reads the game's contest input from\n"
    "FILE (or standard input) and prints the contest answer.\n"
    "\n"
    "Games:\n"
    "  hopchess    capture game with human error: Justin's win probability (3 digits)\n"
    "  codenames   spymaster with random operatives: your team's win probability (4 digits)\n"
    "  escape      Board Escape, tokens on a grid: Alice or Bob\n"
    "  dice        Battle Dice: player one's win probability (4 digits)\n"
    "(a game not built into this binary is reported as unknown)\n"
    "\n"
    "Options:\n"
    "  --digits N        print probabilities with N decimals (0 to 17)\n"
    "  --json            print the full analysis as JSON instead of the answer\n"
    "  --memory MB       memory budget in MB (default 1024); bigger requests exit 3\n"
    "  --sweep N         hopchess: win probability for every error-factor pair 1..N\n"
    "  --own-hints-only  codenames: a hint must cover one of the giver's own agents\n"
    "  --rolls N         dice: stop after N rolls (1 to 1000); prints the probability of\n"
    "                    having won within N rolls\n"
    "  --length          dice, with --json: add the battle's length, P(over within t rolls)\n"
    "  --bench N         solve N times and print the median time in ms on stderr\n"
    "  -h, --help        show this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal error, 2 bad input or usage, 3 over the memory budget.\n"
    "Errors: one line on stderr, 'winrate: <file>:<line>:<col>: <message>'.\n";

const char *wr_help(void) { return help; }

const wr_game *wr_find_game(const char *name)
{
    size_t i;
    for (i = 0; wr_games[i]; i++)
        if (strcmp(wr_games[i]->name, name) == 0) return wr_games[i];
    return NULL;
}

/* The spec of game g's option `name`, its index in *index; NULL when g has none. */
static const wr_option_spec *game_option(const wr_game *g, const char *name, int *index)
{
    int i;
    for (i = 0; g->options && g->options[i].name; i++) {
        if (strcmp(g->options[i].name, name) == 0) {
            if (index) *index = i;
            return &g->options[i];
        }
    }
    return NULL;
}

const wr_option_spec *wr_find_option(const char *name, const wr_game **owner)
{
    size_t i;
    for (i = 0; wr_games[i]; i++) {
        const wr_option_spec *s = game_option(wr_games[i], name, NULL);
        if (s) {
            if (owner) *owner = wr_games[i];
            return s;
        }
    }
    return NULL;
}

/* The options, checked once here for every door (the CLIs, the WASM build,
 * tests), so no caller reaches a solver with a value it cannot handle: a game
 * option another game takes, or none does, is refused by name. */
static int check_options(const wr_game *g, const wr_options *o, int *values, wr_error *err)
{
    int i, k;
    if (o->digits < -1 || o->digits > 17)
        return wr_fail(err, WR_EUSAGE, 0, 0, "digits must be a whole number from 0 to 17");
    if (o->memory_mb != 0 && !(o->memory_mb >= 1 && o->memory_mb <= WR_MAX_BUDGET_MB))
        return wr_fail(err, WR_EUSAGE, 0, 0, "the memory budget must be from 1 to %.0f MB",
                       WR_MAX_BUDGET_MB);
    for (i = 0; i < WR_MAX_GAME_OPTIONS; i++) values[i] = 0;
    for (i = 0; i < o->n_game_options; i++) {
        const char *name = o->game_options[i].name;
        int v = o->game_options[i].value;
        const wr_game *owner;
        const wr_option_spec *s = game_option(g, name, &k);
        if (!s) {
            if (wr_find_option(name, &owner))
                return wr_fail(err, WR_EUSAGE, 0, 0, "%s applies to %s only", name, owner->name);
            return wr_fail(err, WR_EUSAGE, 0, 0, "unknown option '%s'", name);
        }
        if (v < s->min || v > s->max) {
            if (s->flag) return wr_fail(err, WR_EUSAGE, 0, 0, "%s is on (1) or off (0)", name);
            return wr_fail(err, WR_EUSAGE, 0, 0, "%s must be a whole number from %d to %d", name,
                           s->min, s->max);
        }
        values[k] = v;
    }
    return WR_OK;
}

int wr_run(const char *game, const char *text, size_t len, const wr_options *opt, wr_buf *out,
           wr_error *err)
{
    const wr_game *g = wr_find_game(game ? game : "");
    wr_options o;
    int rc, values[WR_MAX_GAME_OPTIONS];
    wr_error_clear(err);
    wr_buf_reset(out);
    if (!g) return wr_fail(err, WR_EUSAGE, 0, 0, "unknown game '%s'", game ? game : "");
    rc = check_options(g, opt, values, err);
    if (rc != WR_OK) return rc;
    o = *opt;
    if (o.digits < 0) o.digits = g->default_digits;
    if (o.keep) o.keep->reused = 0;
    rc = g->run(text, len, &o, values, out, err);
    if (rc == WR_OK && wr_buf_status(out) != WR_OK) rc = wr_fail_nomem(err);
    if (rc != WR_OK && err->code == WR_OK) wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
    return rc;
}
