/* workspace.h — one allocation carved into a solver's arrays (zstd's cwksp).
 * The same layout function runs twice: first while planning, when every
 * reserve only adds its (aligned) size, so the total is the memory estimate;
 * then while carving, when the same reserves hand out the pieces of one
 * zeroed allocation. The estimate and the allocation cannot drift apart.
 *
 *   wr_workspace w;
 *   wr_ws_plan(&w);          layout(&w, ...);   need = wr_ws_size(&w);
 *   if (wr_ws_alloc(&w))     ...                (WR_ENOMEM, or WR_ETOOBIG on overflow)
 *   layout(&w, ...);         ... use the arrays ...          wr_ws_free(&w);
 *
 * Sizes are overflow-checked: a count * size that does not fit makes the
 * total HUGE_VAL (refused by any budget) and the allocation WR_ETOOBIG. */
#ifndef WR_WORKSPACE_H
#define WR_WORKSPACE_H

#include <stddef.h>

#define WR_WS_ALIGN 64 /* every piece starts at a multiple of 64 bytes from the base (malloc aligns the base) */

typedef struct wr_workspace {
    unsigned char *base; /* the allocation (NULL while planning) */
    size_t size;         /* planned bytes */
    size_t used;         /* carved bytes */
    int overflow;        /* a planned size did not fit in size_t */
} wr_workspace;

/* Starts a planning pass (frees nothing: call wr_ws_free first if carving). */
void wr_ws_plan(wr_workspace *w);

/* Planning: adds count * elem bytes (aligned) and returns NULL. Carving: the
 * next piece, zeroed, in the order of the planning pass. */
void *wr_ws_reserve(wr_workspace *w, size_t count, size_t elem);

/* The planned total in bytes, HUGE_VAL after an overflow. */
double wr_ws_size(const wr_workspace *w);

/* One zeroed allocation of the planned total; carving starts. */
int wr_ws_alloc(wr_workspace *w);

void wr_ws_free(wr_workspace *w);

#endif
