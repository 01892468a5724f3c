/* sweep.c — every (a_J, a_D) pair at once: per-layer tables stored once
 * each (ids per position), the memo of table inputs, their hash index, and
 * the budget-aware allocator. The tables themselves are filled by
 * sweep_kernels.c. */
#include <math.h>

#include "internal.h"

/* Sweep: a table of min(N, mJ) x min(N, mD) values per distinct position
 * value. Most positions share their table with others (the 3x4 benchmark's
 * layer of 18,305 positions has 593 distinct tables), so a layer stores
 * each distinct table once and gives every position a table id; a
 * position's table is a function of the multiset of its children's ids (the
 * values are summed in value order, see top_avg), so a memo keyed by the
 * sorted ids computes each distinct input once. Both are exact: ids are
 * compared as whole sequences, tables as whole bit patterns. A layer's
 * arrays are reused two layers later. */

/* Open-addressing index: slot = (hash, value + 1), 0 = empty. */
typedef struct sweep_index {
    uint32_t *slot; /* 2 x cap */
    size_t cap, n;
} sweep_index;

/* One distinct table: where it starts in its layer's tab, and its dims
 * (distinct a_J rows, distinct a_D columns). */
typedef struct sweep_table_info {
    size_t off;
    uint8_t mj, md;
} sweep_table_info;

typedef struct sweep_layer {
    uint32_t *tid;          /* per position: its table's id */
    sweep_table_info *info; /* per table */
    double *tab;
    sweep_index ix; /* the tables by content hash */
    size_t tid_cap, info_cap, tab_cap, used;
    uint32_t ntab;
} sweep_layer;

/* The memo of one layer: its keys (p, then p child table ids) in one array. */
typedef struct sweep_memo {
    sweep_index ix;
    uint32_t *keys, *result;
    size_t *pos; /* per entry: where its key starts in keys */
    size_t keys_cap, keys_len, ent_cap;
    int dropped; /* freed for memory this layer: neither used nor filled */
} sweep_memo;

static void sweep_layer_free(sweep_layer *l)
{
    free(l->tid);
    free(l->info);
    free(l->tab);
    free(l->ix.slot);
    memset(l, 0, sizeof *l);
}

static void sweep_memo_free(sweep_memo *m)
{
    free(m->ix.slot);
    free(m->keys);
    free(m->result);
    free(m->pos);
    memset(m, 0, sizeof *m);
}

/* The memo only saves work: when an array the sweep needs would pass the
 * budget, the memo is freed first (and stays off for the layer). */
static int memo_drop(engine *e)
{
    sweep_memo *m = e->memo;
    if (!m || m->dropped) return 0;
    e->held -= 4.0 * (double)m->keys_cap + (4.0 + sizeof(size_t)) * (double)m->ent_cap +
               8.0 * (double)m->ix.cap;
    sweep_memo_free(m);
    m->dropped = 1;
    return 1;
}

/* The budget check for `bytes` more sweep memory; with evict, the memo is
 * freed first when that makes room. */
static int sweep_room(engine *e, double bytes, int evict)
{
    if (evict && over_budget(e, e->held + bytes) && memo_drop(e)) wr_error_clear(e->err);
    return over_budget(e, e->held + bytes);
}

/* Grows the array p of elem-byte items (*cap of them) to hold need items,
 * doubling, contents kept. e->held counts what the sweep's arrays hold; the
 * budget sees it plus the new block (a copying realloc holds both). On
 * failure returns p unchanged and sets *rc. */
static void *grow_array(engine *e, void *p, size_t *cap, size_t need, size_t elem, int evict,
                        int *rc)
{
    size_t ncap;
    void *np;
    if (need <= *cap) return p;
    if (!(ncap = wr_grow_cap(*cap, need, 64, elem))) {
        *rc = wr_fail_budget(e->err, HUGE_VAL, e->budget);
        return p;
    }
    if ((*rc = sweep_room(e, (double)ncap * (double)elem, evict))) return p;
    if (!(np = wr_realloc_n(p, ncap, elem))) {
        *rc = WR_ENOMEM;
        return p;
    }
    e->held += (double)(ncap - *cap) * (double)elem;
    *cap = ncap;
    return np;
}

/* An array the sweep needs: the memo is freed first if that makes room. */
static void *sweep_grow(engine *e, void *p, size_t *cap, size_t need, size_t elem, int *rc)
{
    return grow_array(e, p, cap, need, elem, 1, rc);
}

/* A memo array: past the budget the memo is dropped instead (see memo_add). */
static void *memo_grow(engine *e, void *p, size_t *cap, size_t need, size_t elem, int *rc)
{
    return grow_array(e, p, cap, need, elem, 0, rc);
}

/* Room in the index for one more entry (load at most 1/2): a table twice
 * the size, the entries re-placed by their hashes. */
static int index_reserve(engine *e, sweep_index *ix)
{
    uint32_t *ns;
    size_t ncap, i;
    int rc;
    if (2 * (ix->n + 1) <= ix->cap) return WR_OK;
    ncap = ix->cap ? 2 * ix->cap : 1024;
    if ((rc = sweep_room(e, 8.0 * (double)ncap, ix != &e->memo->ix))) return rc;
    if (!(ns = calloc(2 * ncap, sizeof *ns))) return WR_ENOMEM;
    for (i = 0; i < ix->cap; i++)
        if (ix->slot[2 * i + 1]) {
            size_t j = ix->slot[2 * i] & (ncap - 1);
            while (ns[2 * j + 1]) j = (j + 1) & (ncap - 1);
            ns[2 * j] = ix->slot[2 * i];
            ns[2 * j + 1] = ix->slot[2 * i + 1];
        }
    free(ix->slot);
    e->held += 8.0 * (double)(ncap - ix->cap);
    ix->slot = ns;
    ix->cap = ncap;
    return WR_OK;
}

static void index_clear(sweep_index *ix)
{
    if (ix->cap) memset(ix->slot, 0, 2 * ix->cap * sizeof *ix->slot);
    ix->n = 0;
}

/* The values stored under hash h, one per call: start with *j = SIZE_MAX;
 * UINT32_MAX when there are no more. */
static uint32_t index_next(const sweep_index *ix, uint32_t h, size_t *j)
{
    if (!ix->cap) return UINT32_MAX;
    *j = *j == SIZE_MAX ? h & (ix->cap - 1) : (*j + 1) & (ix->cap - 1);
    for (; ix->slot[2 * *j + 1]; *j = (*j + 1) & (ix->cap - 1))
        if (ix->slot[2 * *j] == h) return ix->slot[2 * *j + 1] - 1;
    return UINT32_MAX;
}

/* Places value v under hash h (room reserved). */
static void index_put(sweep_index *ix, uint32_t h, uint32_t v)
{
    size_t j = h & (ix->cap - 1);
    while (ix->slot[2 * j + 1]) j = (j + 1) & (ix->cap - 1);
    ix->slot[2 * j] = h;
    ix->slot[2 * j + 1] = v + 1;
    ix->n++;
}

static uint32_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return (uint32_t)h;
}

static uint32_t key_hash(const uint32_t *key, int p)
{
    uint64_t h = (uint64_t)p;
    int c;
    for (c = 0; c < p; c++) h = h * 0x9e3779b97f4a7c15ull + key[c] + 1;
    return mix64(h);
}

static uint32_t table_hash(int dj, int dd, const double *t, size_t size)
{
    uint64_t h = (uint64_t)dj << 8 | (uint64_t)dd, b;
    size_t i;
    for (i = 0; i < size; i++) {
        memcpy(&b, t + i, sizeof b);
        h = (h ^ b) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return mix64(h);
}

/* The memo's table id for key[0..p-1], or UINT32_MAX. */
static uint32_t memo_find(const sweep_memo *m, uint32_t h, const uint32_t *key, int p)
{
    size_t j = SIZE_MAX;
    uint32_t ent;
    while ((ent = index_next(&m->ix, h, &j)) != UINT32_MAX) {
        const uint32_t *k = m->keys + m->pos[ent];
        if ((int)k[0] == p && memcmp(k + 1, key, (size_t)p * sizeof *key) == 0)
            return m->result[ent];
    }
    return UINT32_MAX;
}

static int memo_add(engine *e, sweep_memo *m, uint32_t h, const uint32_t *key, int p, uint32_t id)
{
    int rc = WR_OK;
    size_t ent = m->ix.n, cap = m->ent_cap;
    if (m->dropped) return WR_OK;
    m->keys =
        memo_grow(e, m->keys, &m->keys_cap, m->keys_len + (size_t)p + 1, sizeof *m->keys, &rc);
    if (!rc) m->result = memo_grow(e, m->result, &cap, ent + 1, sizeof *m->result, &rc);
    if (!rc) {
        cap = m->ent_cap;
        m->pos = memo_grow(e, m->pos, &cap, ent + 1, sizeof *m->pos, &rc);
    }
    if (!rc) {
        m->ent_cap = cap;
        rc = index_reserve(e, &m->ix);
    }
    if (rc == WR_ETOOBIG) { /* no room for the memo: the sweep goes on without it */
        wr_error_clear(e->err);
        memo_drop(e);
        return WR_OK;
    }
    if (rc) return rc;
    m->pos[ent] = m->keys_len;
    m->result[ent] = id;
    m->keys[m->keys_len] = (uint32_t)p;
    memcpy(m->keys + m->keys_len + 1, key, (size_t)p * sizeof *key);
    m->keys_len += (size_t)p + 1;
    index_put(&m->ix, h, (uint32_t)ent);
    return WR_OK;
}

static int dim(int m, int n)
{
    if (m < 1) return 1;
    return m < n ? m : n;
}

/* Scratch for one layer's table computations (see sweep_node). */
typedef struct sweep_scratch {
    double *T, *pad, *bot;
    int n;
} sweep_scratch;

/* The table id of a position of layer `cur` (mover: Justin when justin)
 * whose children have table ids key[0..p-1] in layer `prev`: computes the
 * table and reuses an equal one already in the layer. */
static int sweep_table(engine *e, sweep_layer *cur, const sweep_layer *prev, const uint32_t *key,
                       int p, int justin, const sweep_scratch *s, uint32_t *id)
{
    const double *cbase[HOPCHESS_MAX_MOVES];
    int crows[HOPCHESS_MAX_MOVES], clen[HOPCHESS_MAX_MOVES];
    int c, dj = justin ? dim(p, s->n) : 1, dd = justin ? 1 : dim(p, s->n), rc = WR_OK;
    size_t size, j;
    uint32_t h, t;
    double *dst;
    for (c = 0; c < p; c++) {
        const sweep_table_info *ci = prev->info + key[c];
        if (ci->mj > dj) dj = ci->mj;
        if (ci->md > dd) dd = ci->md;
        cbase[c] = prev->tab + ci->off;
        crows[c] = justin ? ci->mj : ci->md;
        clen[c] = justin ? ci->md : ci->mj;
    }
    cur->tab = sweep_grow(e, cur->tab, &cur->tab_cap,
                          cur->used + (size_t)dj * (size_t)dd + LANE_SLACK,
                          sizeof *cur->tab, &rc);
    if (rc) return rc;
    dst = cur->tab + cur->used;
    if (justin) /* lines a_J, lanes a_D */
        sweep_node(dst, &dj, &dd, p, cbase, crows, clen, s->T, s->pad, s->bot);
    else
        sweep_node(dst, &dd, &dj, p, cbase, crows, clen, s->T, s->pad, s->bot);
    size = (size_t)dj * (size_t)dd;
    h = table_hash(dj, dd, dst, size);
    j = SIZE_MAX;
    while ((t = index_next(&cur->ix, h, &j)) != UINT32_MAX) { /* the same table already here? */
        const sweep_table_info *ti = cur->info + t;
        if (ti->mj == dj && ti->md == dd &&
            memcmp(cur->tab + ti->off, dst, size * sizeof *dst) == 0) {
            *id = t;
            return WR_OK;
        }
    }
    t = cur->ntab;
    cur->info = sweep_grow(e, cur->info, &cur->info_cap, (size_t)t + 1, sizeof *cur->info, &rc);
    if (rc || (rc = index_reserve(e, &cur->ix))) return rc;
    cur->info[t].mj = (uint8_t)dj;
    cur->info[t].md = (uint8_t)dd;
    cur->info[t].off = cur->used;
    cur->used += size;
    cur->ntab = t + 1;
    index_put(&cur->ix, h, t);
    *id = t;
    return WR_OK;
}

int engine_sweep(engine *e, int n, double *out)
{
    uint64_t child[HOPCHESS_MAX_MOVES], x;
    uint32_t key[HOPCHESS_MAX_MOVES];
    sweep_layer prev = {0}, cur = {0}, spare;
    sweep_memo memo = {0};
    sweep_scratch s;
    double *work = NULL; /* sweep_node's scratch: result lines, padded lines, network */
    int wmax = lane_width(n < HOPCHESS_MAX_MOVES ? n : HOPCHESS_MAX_MOVES);
    size_t wsize = (size_t)(wmax > LANE_SLACK ? wmax : LANE_SLACK) * HOPCHESS_MAX_MOVES;
    int k, rc = WR_OK;

    if (e->root_k == 0) {
        int i;
        for (i = 0; i < n * n; i++) out[i] = e->root_side == HOPCHESS_JUSTIN ? 0.0 : 1.0;
        return WR_OK;
    }
    if ((rc = over_budget(e, 24.0 * (double)wsize))) return rc;
    e->fixed_bytes += 24.0 * (double)wsize;
    if (!(work = wr_malloc_n(3 * (uint64_t)wsize, sizeof *work))) return WR_ENOMEM;
    s.T = work;
    s.pad = work + wsize;
    s.bot = work + 2 * wsize;
    s.n = n;
    e->held = 0;
    e->memo = &memo;
    rc = layers_pack(e, e->kmin);
    for (k = e->kmin; rc == WR_OK && k <= e->root_k; k++) {
        int justin = side_of(e, k) == HOPCHESS_JUSTIN;
        const uint64_t *cbits;
        size_t i, cnt = (size_t)e->count[k];
        layer_iter it;
        if ((rc = layers_step(e, k))) break;
        cbits = k > e->kmin ? e->bits[k - 1] : NULL;
        cur.ntab = 0;
        cur.used = 0;
        index_clear(&cur.ix);
        index_clear(&memo.ix);
        memo.keys_len = 0;
        memo.dropped = 0;
        cur.tid = sweep_grow(e, cur.tid, &cur.tid_cap, cnt, sizeof *cur.tid, &rc);
        if (rc) break;
        iter_init(&it, e, k);
        for (i = 0; iter_next(&it, &x); i++) {
            int p = block_children(&e->g, &it.b, x, justin ? HOPCHESS_JUSTIN : HOPCHESS_DONALD,
                                   child, NULL, NULL), c;
            uint32_t h, id;
            for (c = 0; c < p; c++) { /* the children's ids, sorted: the table does not
                                       * depend on the order of the moves */
                uint32_t t = prev.tid[slot_of(cbits, e->dir, child[c])];
                int j;
                for (j = c; j > 0 && key[j - 1] > t; j--) key[j] = key[j - 1];
                key[j] = t;
            }
            h = key_hash(key, p);
            if ((id = memo_find(&memo, h, key, p)) == UINT32_MAX) {
                if ((rc = sweep_table(e, &cur, &prev, key, p, justin, &s, &id))) break;
                if ((rc = memo_add(e, &memo, h, key, p, id))) break;
            }
            cur.tid[i] = id;
            if ((rc = engine_tick(e))) break;
        }
        if (rc) break;
        /* LANE_SLACK readable doubles after the last table (read as padding) */
        cur.tab = sweep_grow(e, cur.tab, &cur.tab_cap, cur.used + LANE_SLACK, sizeof *cur.tab, &rc);
        if (rc) break;
        memset(cur.tab + cur.used, 0, LANE_SLACK * sizeof *cur.tab);
        spare = prev; /* layer k-1's arrays serve layer k+1 */
        prev = cur;
        cur = spare;
    }
    if (rc == WR_OK) {
        uint32_t t = prev.tid[0];
        int xa, ya, dj = prev.info[t].mj, dd = prev.info[t].md;
        const double *tab = prev.tab + prev.info[t].off;
        for (xa = 0; xa < n; xa++)
            for (ya = 0; ya < n; ya++) { /* lane-major: the root's mover's factor varies fastest */
                int xc = xa < dj ? xa : dj - 1, yc = ya < dd ? ya : dd - 1;
                double m = tab[e->root_side == HOPCHESS_JUSTIN ? yc * dj + xc : xc * dd + yc];
                out[xa * n + ya] = e->root_side == HOPCHESS_JUSTIN ? m : 1.0 - m;
            }
    }
    free(work);
    e->memo = NULL;
    sweep_memo_free(&memo);
    sweep_layer_free(&prev);
    sweep_layer_free(&cur);
    return rc;
}
