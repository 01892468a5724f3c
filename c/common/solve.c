/* solve.c — options, budget and progress helpers. */
#include "solve.h"

void wr_options_init(wr_options *o)
{
    o->digits = -1;
    o->json = 0;
    o->memory_mb = 0;
    o->sweep = 0;
    o->own_hints_only = 0;
    o->progress = NULL;
    o->progress_ctx = NULL;
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
