/* solve.c — the Grundy vectors of every cell: whole-board steps, the
 * cycle finder (period, then pre-period) and the vector at K. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>


/* mex_of[m] = the least value whose bit is clear in m (bits 0..4 used). */
static const unsigned char mex_of[32] = {0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4,
                                         0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 5};

typedef struct stepper {
    const escape_request *req;
    /* next[ch][m]: the new byte of a cell holding character ch whose
     * neighbours' bits are m: the mex on '.' and 'T', the constant elsewhere,
     * so the inner loop has no data-dependent branch (random boards ran 1.6x
     * slower with one) */
    unsigned char next[128][32];
    const wr_options *opt;
    int width;      /* cols + 2 */
    size_t n;       /* padded cells */
    double cells;   /* rows * cols: the work of one step */
    int64_t steps;  /* whole-board steps done */
} stepper;

/* x_0: 0 on every free and exit cell, WALL on obstacles and the padding. The
 * non-free bytes never change afterwards, so every buffer starts from this. */
static void fill_x0(const stepper *s, unsigned char *x)
{
    const escape_request *req = s->req;
    int r, c;
    memset(x, WALL, s->n);
    for (r = 0; r < req->rows; r++) {
        const char *row = req->cells + (size_t)r * (size_t)req->cols;
        unsigned char *dst = x + padded_index(s->width, r, 0);
        for (c = 0; c < req->cols; c++) dst[c] = row[c] == '#' ? WALL : 0;
    }
}

/* dst = F(src); dst's padding must already be WALL. */
static int step(stepper *s, const unsigned char *src, unsigned char *dst)
{
    const escape_request *req = s->req;
    const size_t w = (size_t)s->width;
    int r, c;
    if (wr_progress(s->opt, (double)s->steps * s->cells, (double)(s->steps + 16) * s->cells))
        return WR_ECANCELLED;
    for (r = 0; r < req->rows; r++) {
        const unsigned char *row = (const unsigned char *)req->cells + (size_t)r * (size_t)req->cols;
        size_t i = padded_index(s->width, r, 0);
        for (c = 0; c < req->cols; c++, i++) {
            unsigned m = (1u << src[i - 1]) | (1u << src[i + 1]) | (1u << src[i - w]) |
                         (1u << src[i + w]);
            dst[i] = s->next[row[c] & 127u][m & 31u];
        }
    }
    s->steps++;
    return WR_OK;
}

/* 1 when the vectors are equal. musl's memcmp (the WASM build's) goes byte by
 * byte; eight at a time makes the repeat checks cheap there too. */
static int same_vector(const unsigned char *a, const unsigned char *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        if (x != y) return 0;
    }
    for (; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* Steps *x forward once through *spare (the two pointers swap). */
static int advance(stepper *s, unsigned char **x, unsigned char **spare)
{
    unsigned char *t;
    int rc = step(s, *x, *spare);
    if (rc) return rc;
    t = *x;
    *x = *spare;
    *spare = t;
    return WR_OK;
}

double escape_estimate_bytes(const escape_request *req)
{
    double n = ((double)req->rows + 2) * ((double)req->cols + 2);
    return 3 * n + 256;
}

void escape_result_free(escape_result *res)
{
    free(res->gk);
    free(res->gk1);
    res->gk = res->gk1 = NULL;
}

static int64_t default_max_steps(const escape_request *req)
{
    double cells = (double)req->rows * (double)req->cols;
    double m = ESCAPE_MAX_WORK / cells;
    return m > 1e9 ? (int64_t)1000000000 : (int64_t)m;
}

/* Brent's algorithm on x_0, x_1, ...: returns lambda in *lam, or 0 when no
 * repeat showed within max_steps steps. Uses tort/hare/spare as scratch. */
static int find_period(stepper *s, int64_t max_steps, unsigned char **tort, unsigned char **hare,
                       unsigned char **spare, int64_t *lam)
{
    int64_t power = 1, l = 1;
    int rc;
    fill_x0(s, *tort);
    memcpy(*hare, *tort, s->n);
    rc = advance(s, hare, spare);
    if (rc) return rc;
    while (!same_vector(*tort, *hare, s->n)) {
        if (s->steps >= max_steps) {
            *lam = 0;
            return WR_OK;
        }
        if (power == l) {
            memcpy(*tort, *hare, s->n);
            power *= 2;
            l = 0;
        }
        rc = advance(s, hare, spare);
        if (rc) return rc;
        l++;
    }
    *lam = l;
    return WR_OK;
}

/* Given lambda, the least mu with x_mu = x_{mu+lambda}; leaves x_mu in *tort. */
static int find_pre_period(stepper *s, int64_t lam, unsigned char **tort, unsigned char **hare,
                           unsigned char **spare, int64_t *mu)
{
    int64_t i, m = 0;
    int rc;
    fill_x0(s, *tort);
    memcpy(*hare, *tort, s->n);
    for (i = 0; i < lam; i++)
        if ((rc = advance(s, hare, spare))) return rc;
    while (!same_vector(*tort, *hare, s->n)) {
        if ((rc = advance(s, tort, spare))) return rc;
        if ((rc = advance(s, hare, spare))) return rc;
        m++;
    }
    *mu = m;
    return WR_OK;
}

int escape_solve_capped(const escape_request *req, const wr_options *opt, int64_t max_steps,
                        escape_result *res, wr_error *err)
{
    stepper s;
    unsigned char *bufs[3] = {NULL, NULL, NULL};
    unsigned char *tort, *hare, *spare, *cur, *prev;
    int64_t lam = 0, mu = 0, t, idx;
    double need = escape_estimate_bytes(req), budget = wr_budget_bytes(opt);
    int rc, i;
    size_t r, c;

    memset(res, 0, sizeof *res);
    res->rows = req->rows;
    res->cols = req->cols;
    res->stride = req->cols + 2;
    res->k = req->k;
    res->pre_period = res->period = -1;
    if (need > budget) return wr_fail_budget(err, need, budget);
    if (max_steps <= 0) max_steps = default_max_steps(req);

    s.req = req;
    s.opt = opt;
    s.width = req->cols + 2;
    s.n = (size_t)(req->rows + 2) * (size_t)s.width;
    s.cells = (double)req->rows * (double)req->cols;
    s.steps = 0;
    for (i = 0; i < 128; i++) {
        int m;
        for (m = 0; m < 32; m++)
            s.next[i][m] = i == '#' ? WALL : i == 'E' ? 0 : mex_of[m];
    }
    for (i = 0; i < 3; i++) {
        bufs[i] = malloc(s.n);
        if (!bufs[i]) {
            rc = wr_fail_nomem(err);
            goto fail;
        }
        fill_x0(&s, bufs[i]);
    }
    tort = bufs[0];
    hare = bufs[1];
    spare = bufs[2];

    rc = find_period(&s, max_steps, &tort, &hare, &spare, &lam);
    if (rc) goto fail;
    if (lam > 0) {
        rc = find_pre_period(&s, lam, &tort, &hare, &spare, &mu);
        if (rc) goto fail;
        res->pre_period = mu;
        res->period = lam;
        /* The index in [1, mu + lambda] whose vector equals x_K, chosen >= mu + 1
         * when K > mu so that x_{t-1} equals x_{K-1} as well. */
        if (req->k <= mu + lam) {
            t = req->k;
        } else {
            t = mu + (req->k - mu) % lam;
            if (t == mu) t += lam;
        }
        if (t - 1 >= mu) {
            idx = mu; /* tort holds x_mu */
        } else {
            fill_x0(&s, tort);
            idx = 0;
        }
    } else {
        if (req->k > max_steps) {
            rc = wr_fail(err, WR_ETOOBIG, 0, 0,
                         "the Grundy values did not repeat within %lld whole-board steps, "
                         "and K = %lld is too large to step to directly",
                         (long long)max_steps, (long long)req->k);
            goto fail;
        }
        fill_x0(&s, tort);
        idx = 0;
        t = req->k;
    }

    cur = tort;
    prev = hare;
    while (idx < t) { /* t >= idx + 1 always, so prev ends as x_{t-1} */
        unsigned char *old_prev = prev;
        rc = step(&s, cur, spare);
        if (rc) goto fail;
        prev = cur;
        cur = spare;
        spare = old_prev;
        idx++;
    }
    res->gk = cur;
    res->gk1 = prev;
    free(spare);
    res->steps = s.steps;

    res->xor_value = 0;
    res->tokens = 0;
    for (r = 0; r < (size_t)req->rows; r++)
        for (c = 0; c < (size_t)req->cols; c++)
            if (req->cells[r * (size_t)req->cols + c] == 'T') {
                res->xor_value ^= res->gk[padded_index(s.width, (int)r, (int)c)];
                res->tokens++;
            }
    res->winner = res->xor_value ? ESCAPE_ALICE : ESCAPE_BOB;
    return WR_OK;

fail:
    for (i = 0; i < 3; i++) free(bufs[i]);
    res->gk = res->gk1 = NULL;
    /* step() reports a cancel by its code alone */
    if (rc == WR_ECANCELLED) wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
    return rc;
}

int escape_solve(const escape_request *req, const wr_options *opt, escape_result *res,
                 wr_error *err)
{
    return escape_solve_capped(req, opt, 0, res, err);
}
