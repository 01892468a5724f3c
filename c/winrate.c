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

const wr_game *wr_find_game(const char *name)
{
    size_t i;
    for (i = 0; wr_games[i]; i++)
        if (strcmp(wr_games[i]->name, name) == 0) return wr_games[i];
    return NULL;
}

int wr_run(const char *game, const char *text, size_t len, const wr_options *opt, wr_buf *out,
           wr_error *err)
{
    const wr_game *g = wr_find_game(game ? game : "");
    int rc;
    wr_error_clear(err);
    wr_buf_reset(out);
    if (!g) return wr_fail(err, WR_EUSAGE, 0, 0, "unknown game '%s'", game ? game : "");
    if (opt->digits > 17) return wr_fail(err, WR_EUSAGE, 0, 0, "--digits must be between 0 and 17");
    rc = g->run(text, len, opt, out, err);
    if (rc == WR_OK && wr_buf_status(out) != WR_OK) rc = wr_fail_nomem(err);
    if (rc != WR_OK && err->code == WR_OK) wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
    return rc;
}
