/* layers.c — the board geometry, the layer encoding (a position's index in
 * its layer, blocks of one occupancy, the iterator, the slot directory) and
 * the memory estimate. */
#include <math.h>

#include "internal.h"

void geom_init(geom *g, const hopchess_request *req)
{
    int n = req->rows * req->cols, i;
    g->cols = req->cols;
    g->full = n >= 64 ? ~0ull : (1ull << n) - 1;
    g->not_last_col = g->not_first_col = 0;
    for (i = 0; i < n; i++) {
        if (i % req->cols != req->cols - 1) g->not_last_col |= 1ull << i;
        if (i % req->cols != 0) g->not_first_col |= 1ull << i;
    }
}

/* Fills b for the k-subset comb of the initial cells. Removing the p-th
 * place shifts the later places down one slot in the colex sum, hence the
 * prefix (C(q_i, i+1), i < p) plus suffix (C(q_i, i), i > p) split. */
void block_set(const engine *e, block *b, uint64_t comb, int k)
{
    uint64_t pre[HOPCHESS_SOLVE_CELLS], s, acc = 0;
    int q[HOPCHESS_SOLVE_CELLS], i = 0, p;
    b->occ = 0;
    for (s = comb; s; s &= s - 1) {
        int j = __builtin_ctzll(s), c = e->icell[j];
        b->occ |= 1ull << c;
        b->cell[i] = (uint8_t)c;
        b->place[c] = (uint8_t)i;
        q[i++] = j;
    }
    for (p = 0; p < k; p++) {
        pre[p] = acc;
        acc += e->binom[q[p]][p + 1];
    }
    for (acc = 0, p = k - 1; p >= 0; p--) {
        b->cbase[p] = k > 0 ? (pre[p] + acc) << (k - 1) : 0;
        acc += e->binom[q[p]][p];
    }
}

void iter_init(layer_iter *it, const engine *e, int k)
{
    it->e = e;
    it->k = k;
    it->w = 0;
    it->word = e->words[k] ? e->bits[k][0] : 0;
    it->r = 0;
    it->comb = k >= 64 ? ~0ull : (1ull << k) - 1;
    it->fresh = 1;
}

/* ---- layer storage ------------------------------------------------------ */

/* A layer between the forward pass and its turn in the backward pass waits
 * packed when that is smaller: its reachable indices ascending, 4 bytes each,
 * instead of its bitmap. A 4x5 board's layers above the peak pair of the
 * backward pass are sparse (layer 14: 2.8 million positions in a 79 MB
 * bitmap), and packing them is what lets its backward pass fit 1 GB. */
static int packs(const engine *e, int k)
{
    return (uint64_t)e->words[k] <= (1ull << 26) && /* indices below 2^32 */
           4 * (double)e->count[k] <= 6 * (double)e->words[k]; /* <= 3/4 of the bitmap */
}

static double layer_waiting_bytes(const engine *e, int k)
{
    return packs(e, k) ? 4 * (double)e->count[k] : 8 * (double)e->words[k];
}

/* Packs every layer above `from` that packs, drops every layer below it. */
int layers_pack(engine *e, int from)
{
    int k;
    for (k = 1; k < from; k++) layer_drop(e, k);
    for (k = from + 1; k <= e->root_k; k++) {
        size_t w, n = 0;
        uint32_t *l;
        if (!e->bits[k] || !packs(e, k)) continue;
        if (!(l = wr_malloc_n(e->count[k] ? e->count[k] : 1, sizeof *l))) return WR_ENOMEM;
        for (w = 0; w < e->words[k]; w++)
            for (uint64_t m = e->bits[k][w]; m; m &= m - 1)
                l[n++] = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(m));
        free(e->bits[k]);
        e->bits[k] = NULL;
        e->list[k] = l;
        e->layer_bytes += 4 * (double)e->count[k] - 8 * (double)e->words[k];
    }
    return WR_OK;
}

static void drop_dir(engine *e)
{
    e->layer_bytes -= 4 * (double)e->words[e->dir_k];
    free(e->dir);
    e->dir = NULL;
}

void layer_drop(engine *e, int k)
{
    if (e->bits[k]) e->layer_bytes -= 8 * (double)e->words[k];
    if (e->list[k]) e->layer_bytes -= 4 * (double)e->count[k];
    free(e->bits[k]);
    free(e->list[k]);
    e->bits[k] = NULL;
    e->list[k] = NULL;
    if (e->dir && e->dir_k == k) drop_dir(e);
}

/* Running counts of set bits before each word of layer k. */
static int directory(engine *e, int k)
{
    size_t w, n = e->words[k];
    uint32_t s = 0;
    int rc;
    if ((rc = over_budget(e, 4 * (double)n))) return rc;
    if (!(e->dir = wr_malloc_n(n, sizeof *e->dir))) return WR_ENOMEM;
    for (w = 0; w < n; w++) {
        e->dir[w] = s;
        s += (uint32_t)wr_popcount64(e->bits[k][w]);
    }
    e->dir_k = k;
    e->layer_bytes += 4 * (double)n;
    return WR_OK;
}

/* What the layers hold during the backward pass's step k: the waiting
 * layers above k, layer k's bitmap, layer k-1's bitmap and directory. */
double layers_at(const engine *e, int k)
{
    double b = 8 * (double)e->words[k];
    int j;
    for (j = k + 1; j <= e->root_k; j++) b += layer_waiting_bytes(e, j);
    if (k - 1 >= 1) b += 12 * (double)e->words[k - 1];
    return b;
}

/* The backward pass's step k: layer k iterable (its bitmap), layer k-1
 * searchable (bitmap and directory in e->dir); what no later step needs is
 * freed first. */
int layers_step(engine *e, int k)
{
    int rc;
    if (k - 2 >= 1) layer_drop(e, k - 2); /* and its directory, built for step k-1 */
    if (e->list[k]) {
        size_t i;
        uint64_t *b;
        if ((rc = over_budget(e, 8 * (double)e->words[k]))) return rc;
        if (!(b = calloc(e->words[k], sizeof *b))) return WR_ENOMEM;
        for (i = 0; i < e->count[k]; i++) bit_set(b, e->list[k][i]);
        free(e->list[k]);
        e->list[k] = NULL;
        e->bits[k] = b;
        e->layer_bytes += 8 * (double)e->words[k] - 4 * (double)e->count[k];
    }
    return k > e->kmin ? directory(e, k - 1) : WR_OK;
}

/* ---- the memory estimate ------------------------------------------------ */

static double binom(int n, int k)
{
    double r = 1;
    int i;
    if (k < 0 || k > n) return 0;
    for (i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

/* Upper bound on the positions with k pieces (for progress only): k cells
 * among the n0 initial ones, at most j0 J and d0 D. */
double layer_bound(int n0, int j0, int d0, int k)
{
    double s = 0;
    int jc;
    if (k == n0) return 1;
    for (jc = 0; jc <= k; jc++)
        if (jc <= j0 && k - jc <= d0) s += binom(k, jc);
    return binom(n0, k) * s;
}

void count_pieces(const hopchess_request *req, int *j0, int *d0)
{
    int i, n = req->rows * req->cols;
    *j0 = *d0 = 0;
    for (i = 0; i < n; i++) {
        if (req->cell[i] == 'J') ++*j0;
        if (req->cell[i] == 'D') ++*d0;
    }
}

#define TABLE_BYTES ((double)sizeof(engine))

double hopchess_estimate_bytes(const hopchess_request *req, int sweep_n)
{
    int j0, d0, n0, k;
    double bitmaps = 0, dir = 0;
    (void)sweep_n; /* value tables are checked once their exact size is known */
    count_pieces(req, &j0, &d0);
    n0 = j0 + d0;
    if (req->rows * req->cols > HOPCHESS_SOLVE_CELLS) return HUGE_VAL;
    for (k = 1; k <= n0; k++) {
        double words = ceil(binom(n0, k) * ldexp(1.0, k) / 64);
        bitmaps += 8 * words;
        if (4 * words > dir) dir = 4 * words;
    }
    return bitmaps + dir + TABLE_BYTES;
}

int over_budget(engine *e, double extra)
{
    double need = e->fixed_bytes + e->layer_bytes + extra;
    if (need > e->budget) return wr_fail_budget(e->err, need, e->budget);
    if (need > (double)SIZE_MAX / 4) return wr_fail_addressable(e->err, need, (double)SIZE_MAX / 4);
    return WR_OK;
}
