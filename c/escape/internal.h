/* internal.h — what the Board Escape files share (private: only c/escape/
 * includes it): the layout of the Grundy vectors. A vector holds one byte per
 * cell of the board padded by one cell of WALL on every side, so a step reads
 * its four neighbours with no bounds tests.
 *
 * Files: parse.c (contest text), solve.c (the steps and the cycle finder),
 * json.c (a cell's value, the winning moves, JSON and the CLI's run). */
#ifndef WR_ESCAPE_INTERNAL_H
#define WR_ESCAPE_INTERNAL_H

#include <stddef.h>

#include "escape.h"

#define WALL 7 /* the value byte of an obstacle: bit 7 of the mask, outside the mex */

/* The byte of cell (r, c) in a padded vector of row width `width` (cols + 2). */
static inline size_t padded_index(int width, int r, int c)
{
    return (size_t)(r + 1) * (size_t)width + (size_t)(c + 1);
}

#endif
