/* alloc.h — allocations of n items with the size arithmetic checked. A count
 * that does not fit in size_t (a uint64_t count on 32-bit WASM) or whose
 * byte size overflows gives NULL, as a failed allocation does, instead of
 * wrapping to a small buffer. The workspace (workspace.h) checks its own. */
#ifndef WR_ALLOC_H
#define WR_ALLOC_H

#include <stdint.h>
#include <stdlib.h>

/* 1 when n items of elem bytes fit in size_t, the size in *bytes. */
static inline int wr_size_n(uint64_t n, size_t elem, size_t *bytes)
{
    if (n > SIZE_MAX || (elem && (size_t)n > SIZE_MAX / elem)) return 0;
    *bytes = (size_t)n * elem;
    return 1;
}

/* malloc of n items (at least one byte), NULL on overflow. */
static inline void *wr_malloc_n(uint64_t n, size_t elem)
{
    size_t bytes;
    return wr_size_n(n, elem, &bytes) ? malloc(bytes ? bytes : 1) : NULL;
}

/* realloc of p to n items; NULL on overflow (p is then left as it was). */
static inline void *wr_realloc_n(void *p, uint64_t n, size_t elem)
{
    size_t bytes;
    return wr_size_n(n, elem, &bytes) ? realloc(p, bytes ? bytes : 1) : NULL;
}

/* The capacity from cap (0: start) doubled until it holds need, or 0 when
 * doubling would pass SIZE_MAX / elem (the caller then refuses). */
static inline size_t wr_grow_cap(size_t cap, size_t need, size_t first, size_t elem)
{
    size_t limit = SIZE_MAX / (elem ? elem : 1) / 2;
    if (!cap) cap = first;
    while (cap < need) {
        if (cap > limit) return 0;
        cap *= 2;
    }
    return cap;
}

#endif
