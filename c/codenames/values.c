/* values.c — the table of values: a code per pair of masks and team, and
 * the dictionary of the distinct value pairs the codes stand for
 * (internal.h, cn_values; codenames.h, "Memory"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define FIRST_CAP 1024u /* pairs the dictionary starts with room for */
#define NONE 0xffffffffu

/* Bytes of a dictionary with room for cap pairs: the pairs and the slots
 * (twice as many: the probes stay short). */
static double dict_bytes(uint32_t cap)
{
    return (double)cap * (2 * sizeof(double) + 2 * sizeof(wr_atomic_int)) + sizeof(cn_dict);
}

/* The codes: 2^(FS-1) pairs, two teams. */
static size_t codes(int FS)
{
    return 2 * ((size_t)1 << (FS > 0 ? FS - 1 : 0)) + 2; /* + 2: qi(0, 1) = 1 when FS = 0 */
}

double cn_values_bytes(int FS)
{
    return (double)sizeof(uint32_t) * (double)codes(FS) + dict_bytes(FIRST_CAP);
}

double cn_values_dict_bytes(const cn_values *v)
{
    return dict_bytes(v ? ((const cn_dict *)wr_atomic_ptr_get((wr_atomic_ptr *)&v->dict))->cap : FIRST_CAP);
}

static void dict_free(cn_dict *d)
{
    if (!d) return;
    free(d->pairs);
    free(d->slot);
    free(d);
}

static cn_dict *dict_new(uint32_t cap)
{
    cn_dict *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->pairs = malloc(2 * sizeof(double) * cap);
    d->slot = calloc(2 * (size_t)cap, sizeof *d->slot);
    d->cap = cap;
    d->mask = 2 * cap - 1;
    if (!d->pairs || !d->slot) {
        dict_free(d);
        return NULL;
    }
    return d;
}

/* The code of the pair in d, or NONE; *at gets its slot, or the empty
 * slot where it goes (set on both paths: GCC's profile-guided build could
 * not tell that grow's finds, of pairs not yet there, always set it). */
static uint32_t find(cn_dict *d, double v0, double v1, uint64_t hash, uint32_t *at)
{
    uint32_t s = (uint32_t)(hash >> 32) & d->mask;
    int c;
    while ((c = wr_atomic_get(&d->slot[s])) != 0) {
        const double *p = d->pairs + 2 * (size_t)(c - 1);
        if (p[0] == v0 && p[1] == v1) break;
        s = (s + 1) & d->mask;
    }
    *at = s;
    return c ? (uint32_t)c - 1 : NONE;
}

int cn_values_init(cn_values *v, int FS, int zeroed, double limit)
{
    size_t n = codes(FS), i;
    cn_dict *d;
    memset(v, 0, sizeof *v);
    v->limit = limit;
    if (wr_mutex_init(&v->lock) != 0) return WR_ENOMEM;
    v->locked = 1;
    /* a lane by lane solve (masks.c) reads a pair's code before it writes it: code 0 is (0, 0) */
    /* not kept (2026-11-27): the codes on huge pages (posix_memalign, madvise MADV_HUGEPAGE): on the
     * 25-hint board 1.016 of the user time (farm-bench, 15 pairs) and more system time; the solve does
     * not wait on TLB misses */
    v->code = zeroed ? calloc(n, sizeof *v->code) : malloc(n * sizeof *v->code);
    d = dict_new(FIRST_CAP);
    if (!v->code || !d) {
        dict_free(d);
        return WR_ENOMEM;
    }
    for (i = 0; i < CN_SURE_CODES; i++) { /* code 2 a + b: (a, b), the sure outcomes */
        d->pairs[2 * i] = (double)(i >> 1);
        d->pairs[2 * i + 1] = (double)(i & 1);
    }
    v->n = CN_SURE_CODES;
    v->held = dict_bytes(FIRST_CAP);
    wr_atomic_ptr_set(&v->dict, d);
    return WR_OK;
}

void cn_values_quiesce(cn_values *v)
{
    while (v->nold > 0) {
        cn_dict *d = v->old[--v->nold];
        v->held -= dict_bytes(d->cap);
        dict_free(d);
    }
}

void cn_values_free(cn_values *v)
{
    cn_values_quiesce(v);
    free(v->code);
    dict_free(wr_atomic_ptr_get(&v->dict));
    if (v->locked) wr_mutex_destroy(&v->lock);
    memset(v, 0, sizeof *v);
}

/* Room for twice as many pairs (the lock held): a new dictionary; the old
 * one stays readable until cn_values_quiesce (other threads may hold it). */
static int grow(cn_values *v, cn_dict **d)
{
    uint32_t cap = 2 * (*d)->cap, i, at;
    cn_dict *bigger;
    /* never reached (the table has at most 2^25 + 2 codes), but the codes'
     * byte offsets must stay below 2^32 (internal.h) */
    if ((*d)->cap >= (1u << (31 - CN_PAIR_SHIFT)) || v->held + dict_bytes(cap) > v->limit) {
        v->wanted = v->held + dict_bytes(cap);
        return WR_ETOOBIG;
    }
    if (v->nold == (int)(sizeof v->old / sizeof v->old[0])) return WR_ENOMEM; /* cannot be: 19 doublings */
    if (!(bigger = dict_new(cap))) return WR_ENOMEM;
    memcpy(bigger->pairs, (*d)->pairs, 2 * sizeof(double) * v->n);
    for (i = CN_SURE_CODES; i < v->n; i++) {
        double v0 = bigger->pairs[2 * i], v1 = bigger->pairs[2 * i + 1];
        find(bigger, v0, v1, cn_pair_hash(v0, v1), &at);
        wr_atomic_set(&bigger->slot[at], (int)i + 1);
    }
    v->old[v->nold++] = *d;
    v->held += dict_bytes(cap);
    wr_atomic_ptr_set(&v->dict, bigger);
    *d = bigger;
    return WR_OK;
}

/* The dictionary without the lock (a slot, once set, holds its code for
 * good), then with it to give a new code; the cache learns it. */
uint32_t cn_code_slow(cn_values *v, cn_cache *cache, double v0, double v1, uint64_t hash)
{
    cn_slot *c = cache ? &cache->s[hash >> (64 - CN_CACHE_BITS)] : NULL;
    cn_dict *d;
    uint32_t code, at;
    int rc = WR_OK;
    d = wr_atomic_ptr_get(&v->dict);
    code = find(d, v0, v1, hash, &at);
    if (code == NONE) {
        wr_mutex_lock(&v->lock);
        d = wr_atomic_ptr_get(&v->dict);
        code = find(d, v0, v1, hash, &at);
        if (code == NONE && v->n == d->cap && (rc = grow(v, &d)) == WR_OK) find(d, v0, v1, hash, &at);
        if (code == NONE && rc == WR_OK) {
            code = v->n++;
            d->pairs[2 * (size_t)code] = v0;
            d->pairs[2 * (size_t)code + 1] = v1;
            wr_atomic_set(&d->slot[at], (int)code + 1); /* after the pair: a lookup that sees it reads it */
        }
        wr_mutex_unlock(&v->lock);
        if (rc != WR_OK) {
            wr_atomic_set(&v->failed, rc);
            return 0; /* any code: the solve stops at its next check of failed */
        }
    }
    if (c) {
        c->v[0] = v0;
        c->v[1] = v1;
        c->code = code;
    }
    return code;
}
