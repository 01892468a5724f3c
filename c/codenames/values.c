/* values.c — the table of values: a code per pair of masks and team, and
 * the dictionary of the distinct value pairs the codes stand for
 * (internal.h, cn_values; codenames.h, "Memory"). */
#define _DEFAULT_SOURCE /* madvise, MADV_POPULATE_WRITE (ready_pages) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

#define FIRST_CAP 1024u /* pairs the dictionary starts with room for */
#define NONE 0xffffffffu

/* Bytes of a dictionary with room for cap pairs: the pairs and the slots
 * (twice as many: the probes stay short). */
static double dict_bytes(uint32_t cap, int L)
{
    return (double)cap * ((sizeof(double) << L) + 2 * sizeof(wr_atomic_int)) + sizeof(cn_dict);
}

/* The codes: 2^(FS-L) entries, two teams. */
static size_t codes(int FS, int L)
{
    return 2 * ((size_t)1 << (FS > L ? FS - L : 0)) + 2; /* + 2: qi(0, 1) = 1 when FS = 0 */
}

double cn_values_bytes(int FS, int L)
{
    return (double)sizeof(uint32_t) * (double)codes(FS, L) + dict_bytes(FIRST_CAP, L);
}

double cn_values_dict_bytes(const cn_values *v, int L)
{
    return v ? dict_bytes(((const cn_dict *)wr_atomic_ptr_get((wr_atomic_ptr *)&v->dict))->cap, v->L)
             : dict_bytes(FIRST_CAP, L);
}

static void dict_free(cn_dict *d)
{
    if (!d) return;
    free(d->pairs);
    free(d->slot);
    free(d);
}

static cn_dict *dict_new(uint32_t cap, int L)
{
    cn_dict *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    /* on whole cache lines: an oct's 64 bytes are one line, not two
     * (0.975-0.980 of the time on three 25-hint boards in octs; one core,
     * whole-process timing, 15 pairs; cap is a power of two >= 1024) */
    d->pairs = aligned_alloc(64, (sizeof(double) << L) * cap);
    d->slot = calloc(2 * (size_t)cap, sizeof *d->slot);
    d->cap = cap;
    d->mask = 2 * cap - 1;
    if (!d->pairs || !d->slot) {
        dict_free(d);
        return NULL;
    }
    return d;
}

/* A slot holds code + 1 (28 bits: codes < cap <= 2^27, grow) and, in its
 * top 4 bits, 4 bits of its pair's hash (bits 28..31: the slot's index
 * takes bits 32 and up), so that a probe of another pair's slot seldom
 * reads that pair: on the slowest boards of bench/spread.mjs the
 * dictionary is big (codenames.h, "Memory") and such a read a cache miss. */
#define SLOT_CODE ((1u << 28) - 1)

static uint32_t slot_tag(uint64_t hash)
{
    return (uint32_t)hash & ~SLOT_CODE;
}

/* The code of the pair in d, or NONE; *at gets its slot, or the empty
 * slot where it goes (set on both paths: GCC's profile-guided build could
 * not tell that grow's finds, of pairs not yet there, always set it). */
static uint32_t find(cn_dict *d, const double *x, int L, uint64_t hash, uint32_t *at)
{
    uint32_t s = (uint32_t)(hash >> 32) & d->mask, tag = slot_tag(hash), c;
    while ((c = (uint32_t)wr_atomic_get(&d->slot[s])) != 0) {
        if ((c & ~SLOT_CODE) == tag && cn_same(d->pairs + ((size_t)((c & SLOT_CODE) - 1) << L), x, L)) break;
        s = (s + 1) & d->mask;
    }
    *at = s;
    return c ? (c & SLOT_CODE) - 1 : NONE;
}

/* Slot at of d gets code, for a pair of that hash. */
static void put_slot(cn_dict *d, uint32_t at, uint32_t code, uint64_t hash)
{
    wr_atomic_set(&d->slot[at], (int)((code + 1) | slot_tag(hash)));
}

int cn_values_init(cn_values *v, int FS, int L, int zeroed, double limit)
{
    size_t n = codes(FS, L), i, k;
    cn_dict *d;
    memset(v, 0, sizeof *v);
    v->L = L;
    v->limit = limit;
    if (wr_mutex_init(&v->lock) != 0) return WR_ENOMEM;
    v->locked = 1;
    /* a lane by lane solve (masks.c) reads a pair's code before it writes it: code 0 is (0, 0) */
    /* not kept (2026-11-27): the codes on huge pages (posix_memalign, madvise MADV_HUGEPAGE): on the
     * 25-hint board 1.016 of the user time (whole-process timing, 15 pairs) and more system time; the solve does
     * not wait on TLB misses */
    v->code = zeroed ? calloc(n, sizeof *v->code) : malloc(n * sizeof *v->code);
    d = dict_new(FIRST_CAP, L);
    if (!v->code || !d) {
        dict_free(d);
        return WR_ENOMEM;
    }
    /* the sure outcomes: code i holds bit (2^L - 1 - k) of i in lane k (pairs: 2 a + b for (a, b); cn_code_of_sure) */
    for (i = 0; i < cn_sure_codes(L); i++)
        for (k = 0; k < (size_t)1 << L; k++) d->pairs[(i << L) + k] = (double)(i >> (((size_t)1 << L) - 1 - k) & 1);
    v->n = cn_sure_codes(L);
    v->held = dict_bytes(FIRST_CAP, L);
    wr_atomic_ptr_set(&v->dict, d);
    return WR_OK;
}

int cn_values_replaced(cn_values *v)
{
    int n;
    wr_mutex_lock(&v->lock);
    n = v->nold;
    wr_mutex_unlock(&v->lock);
    return n;
}

void cn_values_retire(cn_values *v, int n)
{
    int i;
    wr_mutex_lock(&v->lock);
    for (i = 0; i < n; i++) {
        v->held -= dict_bytes(v->old[i]->cap, v->L);
        dict_free(v->old[i]);
    }
    memmove(v->old, v->old + n, sizeof v->old[0] * (size_t)(v->nold - n));
    v->nold -= n;
    wr_mutex_unlock(&v->lock);
}

void cn_values_quiesce(cn_values *v)
{
    if (v->nold) cn_values_retire(v, v->nold); /* none when the lock could not be made */
}

int cn_values_share(cn_values *v)
{
    if (!v->share && wr_cond_init(&v->grown) != 0) return WR_ENOMEM;
    v->share = 1;
    return WR_OK;
}

void cn_values_free(cn_values *v)
{
    cn_values_quiesce(v);
    free(v->code);
    dict_free(wr_atomic_ptr_get(&v->dict));
    if (v->share) wr_cond_destroy(&v->grown);
    if (v->locked) wr_mutex_destroy(&v->lock);
    memset(v, 0, sizeof *v);
}

int64_t cn_values_misfiled(cn_values *v)
{
    cn_dict *d = wr_atomic_ptr_get(&v->dict);
    int64_t bad = 0;
    uint32_t i, at;
    for (i = cn_sure_codes(v->L); i < v->n; i++) {
        const double *x = d->pairs + ((size_t)i << v->L);
        bad += find(d, x, v->L, cn_pair_hash(x, v->L), &at) != i;
    }
    return bad;
}

/* Codes lo .. hi - 1 of from copied into the bigger dictionary to, and
 * filed in its slots (but the sure ones, which cn_code finds without). */
static void refile(cn_dict *to, const cn_dict *from, uint32_t lo, uint32_t hi, int L)
{
    uint32_t i, at;
    memcpy(to->pairs + ((size_t)lo << L), from->pairs + ((size_t)lo << L), (sizeof(double) << L) * (hi - lo));
    for (i = lo > cn_sure_codes(L) ? lo : cn_sure_codes(L); i < hi; i++) {
        const double *x = to->pairs + ((size_t)i << L);
        uint64_t hash = cn_pair_hash(x, L);
        find(to, x, L, hash, &at);
        put_slot(to, at, i, hash);
    }
}

/* WR_OK when a dictionary twice the size of d may be made (the lock
 * held), else why not (WR_ETOOBIG: what it would take is noted, wanted). */
static int room_to_grow(cn_values *v, const cn_dict *d)
{
    /* never short (the table has at most 2^25 + 2 codes), but the codes'
     * byte offsets must stay below 2^32 (internal.h), and so code + 1 <=
     * 2^27 fits a slot's SLOT_CODE */
    if (d->cap >= (1u << (31 - cn_shift(v->L))) || v->held + dict_bytes(2 * d->cap, v->L) > v->limit) {
        v->wanted = v->held + dict_bytes(2 * d->cap, v->L);
        return WR_ETOOBIG;
    }
    return v->nold < (int)(sizeof v->old / sizeof v->old[0]) ? WR_OK : WR_ENOMEM; /* cannot be: 19 doublings */
}

/* The bigger dictionary published in place of d (the lock held); d stays
 * readable until cn_values_quiesce (other threads may hold it). */
static void publish(cn_values *v, cn_dict *d, cn_dict *bigger)
{
    v->old[v->nold++] = d;
    wr_atomic_ptr_set(&v->dict, bigger);
}

/* Room for twice as many pairs, now (the lock held). */
static int grow(cn_values *v, cn_dict **d)
{
    cn_dict *bigger;
    int rc = room_to_grow(v, *d);
    if (rc) return rc;
    if (!(bigger = dict_new(2 * (*d)->cap, v->L))) return WR_ENOMEM;
    refile(bigger, *d, 0, v->n, v->L);
    v->held += dict_bytes(bigger->cap, v->L);
    publish(v, *d, bigger);
    *d = bigger;
    return WR_OK;
}

/* With threads (cn_values_share), the pages of d's pairs from byte off on,
 * up to AHEAD bytes of them, made ready for writing outside the lock, so
 * that a new code does not fault a page in under it (Linux: the pages'
 * contents are not touched, so a code written there meanwhile is kept). */
#define AHEAD 65536u
static void ready_pages(const cn_dict *d, size_t off, int L)
{
#if defined(MADV_POPULATE_WRITE)
    size_t end = (size_t)d->cap << cn_shift(L), page = 4096;
    char *from = (char *)d->pairs + off, *to;
    if (off >= end) return;
    to = (char *)d->pairs + (end - off < AHEAD ? end : off + AHEAD);
    from = (char *)(((uintptr_t)from + page - 1) & ~(uintptr_t)(page - 1));
    if (to > from) madvise(from, (size_t)(to - from), MADV_POPULATE_WRITE); /* may fail: then pages fault in as before */
#else
    (void)d;
    (void)off;
    (void)L;
#endif
}

/* When threads share the dictionary d (cn_values_share), the thread that
 * fills it to 31/32 builds the next one, twice as big, outside the lock:
 * it copies and files the first n codes (given before it let go of the
 * lock), then takes the lock again for the codes given meanwhile (few: the
 * others go on coding into d) and publishes it. A thread that finds d full
 * waits for it (grown). Before (stop 62) the thread that found d full grew
 * it under the lock, and the first write to each new page of the pairs
 * faulted the page in under the lock (ready_pages). On board(25, 7) of
 * bench/spread.mjs (336 thousand octs, 9 doublings, two threads) the
 * threads waited for the lock 90-110 ms in all, of 1.4 s of solving: 40-50
 * ms in 15-19 waits of over 0.1 ms (grows) and 42-48 ms in about 1,600 of
 * 2-100 us (faults); now 18-24 ms, most of it the clock read that timed
 * them (5-6 waits over 0.1 ms, 63-105 of 2-100 us). The time: 0.988, 0.961
 * and 0.979 on board(25, 7), (25, 2) and (40, 2) (15 alternating pairs,
 * two threads, PGO builds; a noisy day: single pairs 0.76-1.12). Memory as
 * before, but that a board that ends within the last 1/32 of a
 * dictionary's room has the next one too: board(15, 7), whose 260
 * thousand codes are 99.3% of 2^18, peaks at 51 MB, not 32. Touching the
 * new pairs whole here (memset) instead of ready_pages took that memory on
 * every board (peak 68-78 MB against 33-63 MB over the spread). */
static void pregrow(cn_values *v, cn_dict *d, uint32_t n)
{
    cn_dict *bigger = dict_new(2 * d->cap, v->L);
    if (bigger) {
        refile(bigger, d, 0, n, v->L);
        ready_pages(bigger, (size_t)n << cn_shift(v->L), v->L);
    }
    wr_mutex_lock(&v->lock);
    if (bigger) {
        refile(bigger, d, n, v->n, v->L);
        publish(v, d, bigger);
    } else {
        v->held -= dict_bytes(2 * d->cap, v->L); /* the grow when d is full says why */
    }
    v->growing = 0;
    wr_cond_broadcast(&v->grown);
    wr_mutex_unlock(&v->lock);
}

/* The dictionary without the lock (a slot, once set, holds its code for
 * good), then with it to give a new code; the cache learns it. */
uint32_t cn_code_slow(cn_values *v, cn_cache *cache, const double *x, uint64_t hash)
{
    cn_slot *c = cache ? &cache->s[hash >> (64 - CN_CACHE_BITS)] : NULL;
    cn_dict *d, *ahead = NULL, *ready = NULL;
    uint32_t code, at, n = 0;
    int rc = WR_OK;
    d = wr_atomic_ptr_get(&v->dict);
    code = find(d, x, v->L, hash, &at);
    if (code == NONE) {
        wr_mutex_lock(&v->lock);
        for (;;) {
            d = wr_atomic_ptr_get(&v->dict);
            code = find(d, x, v->L, hash, &at);
            if (code != NONE || v->n < d->cap) break;
            if (!v->growing) {
                if ((rc = grow(v, &d)) == WR_OK) find(d, x, v->L, hash, &at);
                break;
            }
            wr_cond_wait(&v->grown, &v->lock); /* full: another thread builds the next one (pregrow) */
        }
        if (code == NONE && rc == WR_OK) {
            code = v->n++;
            memcpy(d->pairs + ((size_t)code << v->L), x, sizeof(double) << v->L);
            put_slot(d, at, code, hash); /* after the pair: a lookup that sees it reads it */
            if (v->share && !(((size_t)code << cn_shift(v->L)) & (AHEAD - 1))) ready = d; /* a new stretch of pages */
            if (v->share && !v->growing && v->n == d->cap - d->cap / 32 &&
                room_to_grow(v, d) == WR_OK) {
                v->growing = 1;
                v->held += dict_bytes(2 * d->cap, v->L);
                ahead = d;
                n = v->n;
            }
        }
        wr_mutex_unlock(&v->lock);
        if (ready) ready_pages(ready, ((size_t)code << cn_shift(v->L)) + AHEAD, v->L); /* the stretch after it */
        if (ahead) pregrow(v, ahead, n);
        if (rc != WR_OK) {
            wr_atomic_set(&v->failed, rc);
            return 0; /* any code: the solve stops at its next check of failed */
        }
    }
    if (c) {
        memcpy(c->v, x, sizeof(double) << v->L);
        c->code = code;
    }
    return code;
}
