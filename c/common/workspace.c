/* workspace.c — see workspace.h. */
#include "workspace.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "status.h"

void wr_ws_plan(wr_workspace *w)
{
    w->base = NULL;
    w->size = w->used = 0;
    w->overflow = 0;
}

/* Arrays of one solver are read and written together (a column's current and
 * next copy): back to back, equal-sized ones would sit at the same offsets
 * modulo 4 KB and evict each other from the L1 cache; a few extra lines after
 * each piece keep them apart, as separate mallocs did by chance. */
#define WR_WS_STAGGER (5 * WR_WS_ALIGN)

/* n rounded up to WR_WS_ALIGN, or 0 with *overflow set. */
static size_t aligned(size_t n, int *overflow)
{
    if (n > SIZE_MAX - (WR_WS_ALIGN - 1)) {
        *overflow = 1;
        return 0;
    }
    return (n + WR_WS_ALIGN - 1) & ~(size_t)(WR_WS_ALIGN - 1);
}

void *wr_ws_reserve(wr_workspace *w, size_t count, size_t elem)
{
    size_t bytes;
    if (elem && count > SIZE_MAX / elem) {
        w->overflow = 1;
        return NULL;
    }
    bytes = aligned(count * elem, &w->overflow) + WR_WS_STAGGER;
    if (!w->base) { /* planning */
        if (w->size > SIZE_MAX - bytes) w->overflow = 1;
        else w->size += bytes;
        return NULL;
    }
    if (w->used + bytes > w->size) return NULL; /* a layout that differs from its plan */
    w->used += bytes;
    return w->base + (w->used - bytes);
}

double wr_ws_size(const wr_workspace *w)
{
    return w->overflow ? HUGE_VAL : (double)w->size;
}

int wr_ws_alloc(wr_workspace *w)
{
    if (w->overflow) return WR_ETOOBIG;
    w->base = calloc(w->size ? w->size : 1, 1);
    w->used = 0;
    return w->base ? WR_OK : WR_ENOMEM;
}

void wr_ws_free(wr_workspace *w)
{
    free(w->base);
    wr_ws_plan(w);
}
