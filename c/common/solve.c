/* solve.c — options, budget and progress helpers. */
#include "solve.h"

#include <string.h>

void wr_options_init(wr_options *o)
{
    o->digits = -1;
    o->json = 0;
    o->memory_mb = 0;
    o->progress = NULL;
    o->progress_ctx = NULL;
    o->keep = NULL;
    o->n_game_options = 0;
}

int wr_options_set(wr_options *o, const char *name, int value, wr_error *err)
{
    int i;
    if (strlen(name) > WR_OPTION_NAME_MAX) return wr_fail(err, WR_EUSAGE, 0, 0, "unknown option '%.40s'", name);
    for (i = 0; i < o->n_game_options; i++)
        if (strcmp(o->game_options[i].name, name) == 0) break;
    if (i == WR_MAX_GAME_OPTIONS)
        return wr_fail(err, WR_EUSAGE, 0, 0, "more than %d game options", WR_MAX_GAME_OPTIONS);
    if (i == o->n_game_options) {
        strcpy(o->game_options[i].name, name);
        o->n_game_options++;
    }
    o->game_options[i].value = value;
    return WR_OK;
}

double wr_budget_bytes(const wr_options *o)
{
    double mb = o->memory_mb > 0 ? o->memory_mb : WR_DEFAULT_BUDGET_MB;
    return mb * 1048576.0;
}

int wr_progress(const wr_options *o, double done, double total)
{
    if (o->progress && o->progress(o->progress_ctx, done, total)) return WR_ECANCELLED;
    return WR_OK;
}

void wr_keep_init(wr_keep *k)
{
    k->game = NULL;
    k->data = NULL;
    k->free_data = NULL;
    k->bytes = 0;
    k->reused = 0;
}

void wr_keep_clear(wr_keep *k)
{
    if (k->data && k->free_data) k->free_data(k->data);
    wr_keep_init(k);
}
