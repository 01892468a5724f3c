/* codenames.c — Codenames spymaster solver: parser, bottom-up solve over
 * revealed-card masks, root analysis, JSON. See codenames.h for the method. */
#include "codenames.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/reader.h"

/* ---------------------------------------------------------------- parsing */

static int is_word_char(char c) { return c >= 'a' && c <= 'z'; }
static int is_label_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

static int find_word(const codenames_request *req, int upto, const char *tok, size_t len)
{
    int i;
    for (i = 0; i < upto; i++)
        if (strlen(req->words[i]) == len && memcmp(req->words[i], tok, len) == 0) return i;
    return -1;
}

/* A word token: 1..20 lowercase letters. `what` is "a board word" or "a hint word". */
static int check_word(wr_reader *r, const char *tok, size_t len, int line, int col, const char *what)
{
    size_t i;
    for (i = 0; i < len; i++) {
        if (!is_word_char(tok[i])) {
            char buf[16];
            return wr_fail(r->err, WR_ESYNTAX, line, col + (int)i,
                           "expected %s (lowercase letters a-z), found %s", what,
                           wr_describe_char((unsigned char)tok[i], buf));
        }
    }
    if (len > CODENAMES_MAX_WORD)
        return wr_fail(r->err, WR_ERANGE, line, col, "a word has at most %d letters, found %d",
                       CODENAMES_MAX_WORD, (int)len);
    return WR_OK;
}

/* Fails with "expected <count> <things>, found only <k>" when the line ends early. */
static int need_more(wr_reader *r, int have, int want, const char *things)
{
    if (!wr_at_eol(r)) return WR_OK;
    return wr_fail_here(r, WR_ESYNTAX, "expected %d %s on this line, found only %d", want, things,
                        have);
}

static int no_extra(wr_reader *r, int want, const char *things)
{
    if (wr_at_eol(r)) return wr_read_eol(r);
    return wr_fail_here(r, WR_ESYNTAX, "expected exactly %d %s on this line, found more", want,
                        things);
}

static int parse_hint(wr_reader *r, codenames_request *req, codenames_hint *h)
{
    wr_reader save = *r;
    const char *tok;
    size_t len, i;
    int line, col, rc, k, used[CODENAMES_MAX_N] = {0};

    if ((rc = wr_read_token(r, "a hint: its number of cards, or a label and a colon", &tok, &len,
                            &line, &col)))
        return rc;
    h->has_label = 0;
    h->label[0] = '\0';
    if (tok[len - 1] == ':') {
        if (len == 1)
            return wr_fail(r->err, WR_ESYNTAX, line, col, "expected a label before the colon");
        for (i = 0; i + 1 < len; i++) {
            if (!is_label_char(tok[i])) {
                char buf[16];
                return wr_fail(r->err, WR_ESYNTAX, line, col + (int)i,
                               "expected a hint label (lowercase letters and digits), found %s",
                               wr_describe_char((unsigned char)tok[i], buf));
            }
        }
        if (len - 1 > CODENAMES_MAX_WORD)
            return wr_fail(r->err, WR_ERANGE, line, col, "a label has at most %d characters, found %d",
                           CODENAMES_MAX_WORD, (int)(len - 1));
        memcpy(h->label, tok, len - 1);
        h->label[len - 1] = '\0';
        h->has_label = 1;
    } else {
        *r = save; /* not a label: read the same token as the count */
    }
    if ((rc = wr_read_int(r, 1, req->n, "the number of cards of the hint", &h->ncards))) return rc;
    for (k = 0; k < h->ncards; k++) {
        int w;
        if ((rc = need_more(r, k, h->ncards, "hint words"))) return rc;
        if ((rc = wr_read_token(r, "a hint word", &tok, &len, &line, &col))) return rc;
        if ((rc = check_word(r, tok, len, line, col, "a board word"))) return rc;
        w = find_word(req, req->n, tok, len);
        if (w < 0)
            return wr_fail(r->err, WR_EINVAL, line, col, "'%.*s' is not a word on the board",
                           (int)len, tok);
        if (used[w])
            return wr_fail(r->err, WR_EINVAL, line, col, "'%.*s' is named twice in this hint",
                           (int)len, tok);
        used[w] = 1;
        h->cards[k] = (unsigned char)w;
    }
    return no_extra(r, h->ncards, "hint words (the number at the start of the line)");
}

int codenames_parse(const char *text, size_t len, codenames_request *req, wr_error *err)
{
    wr_reader r;
    const char *tok;
    size_t tlen;
    int line, col, rc, i, n;
    int id_line = 0, id_col[CODENAMES_MAX_N];

    memset(req, 0, sizeof *req);
    if ((rc = wr_reader_init(&r, text, len, err))) return rc;

    /* line 1: N T */
    if ((rc = wr_read_int(&r, 1, CODENAMES_MAX_N, "the number of cards", &req->n))) return rc;
    n = req->n;
    if ((rc = wr_read_token(&r, "the team to move (R or B)", &tok, &tlen, &line, &col))) return rc;
    if (tlen != 1 || (tok[0] != 'R' && tok[0] != 'B'))
        return wr_fail(err, WR_ESYNTAX, line, col, "expected the team to move (R or B), found '%.*s'",
                       (int)(tlen > 20 ? 20 : tlen), tok);
    req->to_move = tok[0] == 'R' ? CODENAMES_RED : CODENAMES_BLUE;
    if ((rc = wr_read_eol(&r))) return rc;

    /* line 2: the words */
    for (i = 0; i < n; i++) {
        if ((rc = need_more(&r, i, n, "words"))) return rc;
        if ((rc = wr_read_token(&r, "a word", &tok, &tlen, &line, &col))) return rc;
        if ((rc = check_word(&r, tok, tlen, line, col, "a board word"))) return rc;
        if (find_word(req, i, tok, tlen) >= 0)
            return wr_fail(err, WR_EINVAL, line, col, "the word '%.*s' is on the board twice",
                           (int)tlen, tok);
        memcpy(req->words[i], tok, tlen);
        req->words[i][tlen] = '\0';
    }
    if ((rc = no_extra(&r, n, "words (the number of cards)"))) return rc;

    /* line 3: the identities, lowercase = already revealed */
    for (i = 0; i < n; i++) {
        char c;
        if ((rc = need_more(&r, i, n, "identities"))) return rc;
        if ((rc = wr_read_token(&r, "an identity", &tok, &tlen, &line, &col))) return rc;
        c = tok[0];
        /* c != '\0': strchr finds the terminator, so a NUL byte would pass (fuzz find) */
        if (tlen == 1 && (c == '\0' || !strchr("RBIArbia", c))) {
            char cbuf[16];
            return wr_fail(err, WR_ESYNTAX, line, col,
                           "expected an identity (R, B, I or A; lowercase if revealed), found %s",
                           wr_describe_char((unsigned char)c, cbuf));
        }
        if (tlen != 1)
            return wr_fail(err, WR_ESYNTAX, line, col,
                           "expected an identity (R, B, I or A; lowercase if revealed), found '%.*s'",
                           (int)(tlen > 20 ? 20 : tlen), tok);
        req->revealed[i] = c >= 'a';
        req->ident[i] = (char)(c >= 'a' ? c - 'a' + 'A' : c);
        id_line = line;
        id_col[i] = col;
    }
    if ((rc = no_extra(&r, n, "identities (the number of cards)"))) return rc;
    {
        int t, has[2] = {0, 0}, left[2] = {0, 0}, last[2] = {-1, -1};
        for (i = 0; i < n; i++) {
            t = req->ident[i] == 'R' ? 0 : req->ident[i] == 'B' ? 1 : -1;
            if (req->ident[i] == 'A' && req->revealed[i])
                return wr_fail(err, WR_EINVAL, id_line, id_col[i],
                               "the game is already over: the assassin is revealed");
            if (t < 0) continue;
            has[t]++;
            if (req->revealed[i]) last[t] = i;
            else left[t]++;
        }
        for (t = 0; t < 2; t++)
            if (!has[t])
                return wr_fail(err, WR_EINVAL, id_line, id_col[0],
                               "the board needs at least one %s agent (%c), found none",
                               t ? "blue" : "red", t ? 'B' : 'R');
        for (t = 0; t < 2; t++)
            if (!left[t])
                return wr_fail(err, WR_EINVAL, id_line, id_col[last[t]],
                               "the game is already over: every %s agent is revealed",
                               t ? "blue" : "red");
    }

    /* line 4: M, then the hints */
    if ((rc = wr_read_int(&r, 1, CODENAMES_MAX_HINTS, "the number of hints", &req->nhints)))
        return rc;
    if ((rc = wr_read_eol(&r))) return rc;
    for (i = 0; i < req->nhints; i++)
        if ((rc = parse_hint(&r, req, &req->hints[i]))) return rc;
    return wr_read_end(&r);
}

/* ----------------------------------------------------------------- engine */

typedef struct engine {
    int F;                  /* free cards */
    int FS;                 /* free cards but assassins: stored masks are < 2^FS */
    uint32_t full;          /* all FS bits: the largest stored mask */
    uint32_t own[2];        /* free agents of each team */
    uint32_t assassin;      /* free assassins */
    int hidden[2];          /* unrevealed agents in no hint: that team can never be wiped out */
    int own_hints_only;
    int nd;                 /* distinct non-empty hint masks */
    uint32_t *dmask;
    double *V;              /* V[t][S] at V[2 S + t]: a turn reads both teams' entries of the same masks */
    double C[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1];
    double wmiss[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1]; /* [u][j] = 1/(u C(u-1,j)) */
    double wstop[CODENAMES_MAX_N + 1][CODENAMES_MAX_N + 1]; /* [u][k] = 1/C(u,k) */
} engine;

#define HASH_BITS 9 /* 512 slots for at most 200 hints: probes stay short */

static int wiped(const engine *e, int t, uint32_t T)
{
    return !e->hidden[t] && (T & e->own[t]) == e->own[t];
}

/* The free-card numbering: card i of the board -> bit (or -1). Free
 * assassins take the top bits, so the stored masks are those below
 * 2^(F - assassins): a mask with an assassin is terminal and never stored.
 * Returns F; *stored gets F minus the free assassins. */
static int free_index(const codenames_request *req, int *bit, int *stored)
{
    int i, h, k, F = 0, pass;
    unsigned char covered[CODENAMES_MAX_N] = {0};
    for (h = 0; h < req->nhints; h++)
        for (k = 0; k < req->hints[h].ncards; k++) covered[req->hints[h].cards[k]] = 1;
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < req->n; i++) {
            if (pass == 0) bit[i] = -1;
            if (covered[i] && !req->revealed[i] && (req->ident[i] == 'A') == pass) bit[i] = F++;
        }
        if (pass == 0) *stored = F;
    }
    return F;
}

static uint32_t hint_mask(const codenames_request *req, const int *bit, int h)
{
    uint32_t m = 0;
    int k;
    for (k = 0; k < req->hints[h].ncards; k++) {
        int b = bit[req->hints[h].cards[k]];
        if (b >= 0) m |= (uint32_t)1 << b;
    }
    return m;
}

double codenames_estimate_bytes(const codenames_request *req)
{
    int bit[CODENAMES_MAX_N], FS;
    free_index(req, bit, &FS);
    return 2.0 * 8.0 * ldexp(1.0, FS)                            /* V */
           + (double)sizeof(engine) + 4.0 * CODENAMES_MAX_HINTS /* engine, masks */
           + (double)req->nhints * (3.0 * sizeof(int) + 8.0 * CODENAMES_MAX_N); /* result */
}

static void engine_init(engine *e, const codenames_request *req, int own_hints_only)
{
    int bit[CODENAMES_MAX_N], i, j, u;
    memset(e, 0, sizeof *e);
    e->own_hints_only = own_hints_only;
    e->F = free_index(req, bit, &e->FS);
    e->full = (uint32_t)(((uint64_t)1 << e->FS) - 1);
    for (i = 0; i < req->n; i++) {
        int t = req->ident[i] == 'R' ? 0 : req->ident[i] == 'B' ? 1 : -1;
        if (bit[i] >= 0) {
            if (t >= 0) e->own[t] |= (uint32_t)1 << bit[i];
            if (req->ident[i] == 'A') e->assassin |= (uint32_t)1 << bit[i];
        } else if (t >= 0 && !req->revealed[i]) {
            e->hidden[t]++;
        }
    }
    for (u = 0; u <= CODENAMES_MAX_N; u++) {
        e->C[u][0] = 1;
        for (j = 1; j <= u; j++) e->C[u][j] = e->C[u - 1][j - 1] + (j < u ? e->C[u - 1][j] : 0);
    }
    for (u = 1; u <= CODENAMES_MAX_N; u++)
        for (j = 0; j <= u; j++) {
            e->wstop[u][j] = 1.0 / e->C[u][j];
            e->wmiss[u][j] = j < u ? 1.0 / (u * e->C[u - 1][j]) : 0;
        }
}

/* The value of hint U (unrevealed cards, non-empty) for team t at S, for
 * every K: writes vals[K-1] for K = 1..u when vals is not NULL and returns
 * the maximum, or -1 when the hint is illegal under the rule. *work gets the
 * table reads done. */
static double eval_hint(const engine *e, uint32_t S, int t, uint32_t U, double *vals, int64_t *work)
{
    const double *O = e->V + (1 - t); /* O[2 T] = V[1-t][T] */
    uint32_t ownU = U & e->own[t], nonU = U & ~e->own[t] & ~e->assassin, A, cm[CODENAMES_MAX_N];
    int a = wr_popcount32(ownU), ns = wr_popcount32(nonU), na = wr_popcount32(U & e->assassin);
    int n = ns + na, u = a + n, i, j, K, kmax;
    double Xs[CODENAMES_MAX_N + 1], Ys[CODENAMES_MAX_N + 1], prefix = 0, best = 0;

    if (e->own_hints_only && a == 0) return -1;
    for (j = 0; j <= a; j++) Xs[j] = Ys[j] = 0; /* only what is used: this runs ~10^8 times */
    for (i = 0, A = nonU; A; A &= A - 1) cm[i++] = A & (~A + 1);
    for (A = ownU;; A = (A - 1) & ownU) {
        uint32_t T = S | A;
        double x = 0;
        j = wr_popcount32(A);
        if (A) Ys[j] += O[2 * (size_t)T];
        for (i = 0; i < ns; i++) x += O[2 * (size_t)(T | cm[i])];
        /* an assassin miss: worth 0 to t (opponent's value 1), unless A
         * already won, which makes the miss a stand-in worth 1 */
        if (na && !wiped(e, t, T)) x += na;
        Xs[j] += x;
        if (!A) break;
    }
    *work += ((int64_t)1 << a) * (ns + 1);
    /* Xs, Ys hold sums of the opponent's values; the mover's are 1 - those. */
    kmax = a + 1 < u ? a + 1 : u;
    for (K = 1; K <= kmax; K++) {
        double v;
        prefix += (n * e->C[a][K - 1] - Xs[K - 1]) * e->wmiss[u][K - 1];
        v = prefix + (K <= a ? (e->C[a][K] - Ys[K]) * e->wstop[u][K] : 0);
        if (vals) vals[K - 1] = v;
        if (K == 1 || v > best) best = v;
    }
    if (vals)
        for (K = kmax + 1; K <= u; K++) vals[K - 1] = vals[kmax - 1];
    return best;
}

/* Value of a terminal mask for the team u "to move" there, or -1 when the
 * game goes on. Chosen so that 1 - V[1-t][T] is the value, to t, of t's
 * turn ending at T: see the header. */
static double terminal_value(const engine *e, int u, uint32_t T)
{
    if (wiped(e, 1 - u, T)) return 0;
    if (wiped(e, u, T) || (T & e->assassin)) return 1;
    return -1;
}

static int solve_all(engine *e, const wr_options *opt, int64_t *states)
{
    uint32_t keys[1u << HASH_BITS], stamp[1u << HASH_BITS], U[CODENAMES_MAX_HINTS];
    uint32_t S, iter = 0;
    int64_t work = 0, next_check = (int64_t)1 << 18;
    double total = ldexp(1.0, e->FS);

    memset(stamp, 0, sizeof stamp);
    S = e->full;
    for (;;) {
        double t0 = terminal_value(e, 0, S);
        iter++;
        if (t0 >= 0) {
            e->V[2 * (size_t)S] = t0;
            e->V[2 * (size_t)S + 1] = terminal_value(e, 1, S);
        } else {
            int nu = 0, d, t, q;
            for (d = 0; d < e->nd; d++) {
                uint32_t x = e->dmask[d] & ~S, slot;
                if (!x) continue;
                slot = (x * 2654435761u) >> (32 - HASH_BITS);
                while (stamp[slot] == iter && keys[slot] != x) slot = (slot + 1) & ((1u << HASH_BITS) - 1);
                if (stamp[slot] == iter) continue; /* same unrevealed set as an earlier hint */
                stamp[slot] = iter;
                keys[slot] = x;
                U[nu++] = x;
            }
            for (t = 0; t < 2; t++) {
                double best = 0; /* no legal hint: the team to move loses */
                for (q = 0; q < nu; q++) {
                    double v = eval_hint(e, S, t, U[q], NULL, &work);
                    if (v > best) best = v;
                }
                e->V[2 * (size_t)S + t] = best;
            }
            *states += 2;
            work += nu;
        }
        if (work >= next_check || (iter & 0xffffu) == 0) {
            next_check = work + ((int64_t)1 << 18);
            if (wr_progress(opt, (double)(e->full - S) + 1, total)) return WR_ECANCELLED;
        }
        if (S == 0) break;
        S--;
    }
    return WR_OK;
}

static void root_outcomes(const engine *e, int t, uint32_t U, int K, codenames_outcomes *o)
{
    uint32_t ownU = U & e->own[t], nonU = U & ~e->own[t], A, c;
    int u = wr_popcount32(U);
    memset(o, 0, sizeof *o);
    for (A = ownU;; A = (A - 1) & ownU) {
        int j = wr_popcount32(A);
        if (j <= K) {
            if (A && wiped(e, t, A)) {
                o->win += e->wstop[u][j]; /* the first j cards are exactly A */
            } else if (j == K) {
                o->handover[K] += e->wstop[u][K];
            } else {
                for (c = nonU; c; c &= c - 1) {
                    uint32_t cb = c & (~c + 1);
                    double p = e->wmiss[u][j];
                    if (cb & e->assassin) o->assassin += p;
                    else if (wiped(e, 1 - t, A | cb)) o->lose += p;
                    else o->handover[j] += p;
                }
            }
        }
        if (!A) break;
    }
}

void codenames_result_free(codenames_result *res)
{
    free(res->unrevealed);
    free(res->legal);
    free(res->same_as);
    free(res->values);
    res->unrevealed = res->legal = res->same_as = NULL;
    res->values = NULL;
}

int codenames_solve(const codenames_request *req, const wr_options *opt, codenames_result *res,
                    wr_error *err)
{
    engine *e;
    int bit[CODENAMES_MAX_N], h, h2, K, t = req->to_move, rc, stored;
    uint32_t hm[CODENAMES_MAX_HINTS];
    double need = codenames_estimate_bytes(req), budget = wr_budget_bytes(opt), best;
    size_t cells;
    int64_t work = 0;

    memset(res, 0, sizeof *res);
    res->best_hint = -1;
    res->own_hints_only = opt->own_hints_only != 0;
    wr_error_clear(err);
    if (need > budget) return wr_fail_budget(err, need, budget);

    e = malloc(sizeof *e);
    if (!e) return wr_fail_nomem(err);
    engine_init(e, req, res->own_hints_only);
    free_index(req, bit, &stored);
    cells = (size_t)1 << e->FS;
    e->dmask = malloc(sizeof(uint32_t) * CODENAMES_MAX_HINTS);
    e->V = malloc(sizeof(double) * 2 * cells);
    res->unrevealed = malloc(sizeof(int) * (size_t)req->nhints);
    res->legal = malloc(sizeof(int) * (size_t)req->nhints);
    res->same_as = malloc(sizeof(int) * (size_t)req->nhints);
    res->values = malloc(sizeof(double) * CODENAMES_MAX_N * (size_t)req->nhints);
    if (!e->dmask || !e->V || !res->unrevealed || !res->legal || !res->same_as ||
        !res->values) {
        rc = wr_fail_nomem(err);
        goto out;
    }
    for (h = 0; h < req->nhints; h++) {
        hm[h] = hint_mask(req, bit, h);
        for (h2 = 0; h2 < e->nd && e->dmask[h2] != hm[h]; h2++) {}
        if (hm[h] && h2 == e->nd) e->dmask[e->nd++] = hm[h];
    }
    res->free_cards = e->F;
    rc = solve_all(e, opt, &res->states);
    if (rc) {
        wr_fail(err, rc, 0, 0, "%s", winrate_strerror(rc));
        goto out;
    }
    res->answer = e->V[t];

    /* The root, hint by hint, in input order. */
    for (h = 0; h < req->nhints; h++) {
        double *vals = res->values + (size_t)h * CODENAMES_MAX_N;
        res->unrevealed[h] = wr_popcount32(hm[h]);
        res->same_as[h] = -1;
        for (h2 = 0; h2 < h && hm[h] && res->same_as[h] < 0; h2++)
            if (hm[h2] == hm[h]) res->same_as[h] = h2;
        for (K = 0; K < CODENAMES_MAX_N; K++) vals[K] = NAN;
        res->legal[h] = hm[h] && eval_hint(e, 0, t, hm[h], vals, &work) >= 0;
        if (!res->legal[h])
            for (K = 0; K < CODENAMES_MAX_N; K++) vals[K] = NAN;
    }
    best = res->answer - 1e-12;
    for (h = 0; h < req->nhints && res->best_hint < 0; h++)
        for (K = 1; res->legal[h] && K <= res->unrevealed[h]; K++)
            if (res->values[(size_t)h * CODENAMES_MAX_N + K - 1] >= best) {
                res->best_hint = h;
                res->best_k = K;
                break;
            }
    if (res->best_hint >= 0)
        root_outcomes(e, t, hm[res->best_hint], res->best_k, &res->outcomes);
    rc = WR_OK;
out:
    free(e->dmask);
    free(e->V);
    free(e);
    if (rc) codenames_result_free(res);
    return rc;
}

double codenames_answer(const codenames_result *res) { return res->answer; }

double codenames_value(const codenames_result *res, int h, int k)
{
    if (h < 0 || !res->values || !res->legal[h] || k < 1 || k > res->unrevealed[h]) return NAN;
    return res->values[(size_t)h * CODENAMES_MAX_N + k - 1];
}

/* ------------------------------------------------------------------- JSON */

static void json_label(wr_buf *b, const codenames_hint *h)
{
    if (h->has_label) wr_json_str(b, h->label, strlen(h->label));
    else wr_buf_puts(b, "null");
}

void codenames_write_json(const codenames_request *req, const codenames_result *res, wr_buf *b)
{
    int i, h, K, left[4] = {0, 0, 0, 0};
    static const char ids[] = "RBIA";

    wr_buf_puts(b, "{");
    wr_json_key(b, "game");
    wr_json_str(b, "codenames", 9);
    wr_buf_puts(b, ",");
    wr_json_key(b, "answer");
    wr_json_num(b, res->answer);
    wr_buf_puts(b, ",");
    wr_json_key(b, "rule");
    wr_buf_puts(b, res->own_hints_only ? "\"own-hints-only\"," : "\"any\",");
    wr_json_key(b, "toMove");
    wr_buf_puts(b, req->to_move == CODENAMES_RED ? "\"R\"," : "\"B\",");
    wr_json_key(b, "words");
    wr_buf_puts(b, "[");
    for (i = 0; i < req->n; i++) {
        if (i) wr_buf_puts(b, ",");
        wr_json_str(b, req->words[i], strlen(req->words[i]));
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "identities");
    wr_buf_puts(b, "[");
    for (i = 0; i < req->n; i++) {
        wr_buf_printf(b, "%s\"%c\"", i ? "," : "", req->ident[i]);
        if (!req->revealed[i]) left[strchr(ids, req->ident[i]) - ids]++;
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "revealed");
    wr_buf_puts(b, "[");
    for (i = 0; i < req->n; i++) wr_buf_printf(b, "%s%s", i ? "," : "", req->revealed[i] ? "true" : "false");
    wr_buf_puts(b, "],");
    wr_json_key(b, "remaining");
    wr_buf_printf(b, "{\"R\":%d,\"B\":%d,\"I\":%d,\"A\":%d},", left[0], left[1], left[2], left[3]);
    wr_json_key(b, "best");
    if (res->best_hint < 0) {
        wr_buf_puts(b, "null");
    } else {
        const codenames_outcomes *o = &res->outcomes;
        wr_buf_printf(b, "{\"hint\":%d,\"label\":", res->best_hint);
        json_label(b, &req->hints[res->best_hint]);
        wr_buf_printf(b, ",\"k\":%d,\"value\":", res->best_k);
        wr_json_num(b, codenames_value(res, res->best_hint, res->best_k));
        wr_buf_puts(b, ",\"outcomes\":{\"assassin\":");
        wr_json_num(b, o->assassin);
        wr_buf_puts(b, ",\"win\":");
        wr_json_num(b, o->win);
        wr_buf_puts(b, ",\"lose\":");
        wr_json_num(b, o->lose);
        wr_buf_puts(b, ",\"handover\":[");
        for (K = 0; K <= res->best_k; K++) {
            if (K) wr_buf_puts(b, ",");
            wr_json_num(b, o->handover[K]);
        }
        wr_buf_puts(b, "]}}");
    }
    wr_buf_puts(b, ",");
    wr_json_key(b, "hints");
    wr_buf_puts(b, "[");
    for (h = 0; h < req->nhints; h++) {
        const codenames_hint *hint = &req->hints[h];
        wr_buf_puts(b, h ? ",{\"label\":" : "{\"label\":");
        json_label(b, hint);
        wr_buf_puts(b, ",\"cards\":[");
        for (i = 0; i < hint->ncards; i++) wr_buf_printf(b, "%s%d", i ? "," : "", hint->cards[i]);
        wr_buf_printf(b, "],\"unrevealed\":%d,\"legal\":%s,\"sameAs\":", res->unrevealed[h],
                      res->legal[h] ? "true" : "false");
        if (res->same_as[h] >= 0) wr_buf_printf(b, "%d", res->same_as[h]);
        else wr_buf_puts(b, "null");
        wr_buf_puts(b, ",\"values\":");
        if (!res->legal[h]) {
            wr_buf_puts(b, "null");
        } else {
            wr_buf_puts(b, "[");
            for (K = 1; K <= res->unrevealed[h]; K++) {
                if (K > 1) wr_buf_puts(b, ",");
                wr_json_num(b, codenames_value(res, h, K));
            }
            wr_buf_puts(b, "]");
        }
        wr_buf_puts(b, "}");
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "freeCards");
    wr_buf_printf(b, "%d,", res->free_cards);
    wr_json_key(b, "states");
    wr_buf_printf(b, "%lld", (long long)res->states);
    wr_buf_puts(b, "}\n");
}

/* -------------------------------------------------------------------- run */

static int codenames_run(const char *text, size_t len, const wr_options *opt, wr_buf *out,
                         wr_error *err)
{
    codenames_request *req = malloc(sizeof *req); /* ~10 KB: kept off the (small WASM) stack */
    codenames_result res;
    int rc;
    if (!req) return wr_fail_nomem(err);
    rc = codenames_parse(text, len, req, err);
    if (!rc) rc = codenames_solve(req, opt, &res, err);
    if (!rc) {
        if (opt->json) {
            codenames_write_json(req, &res, out);
        } else {
            wr_buf_prob(out, res.answer, opt->digits);
            wr_buf_puts(out, "\n");
        }
        codenames_result_free(&res);
        rc = wr_buf_status(out);
    }
    free(req);
    return rc;
}

const wr_game wr_game_codenames = {"codenames", CODENAMES_DEFAULT_DIGITS, WR_OPTION_OWN_HINTS,
                                   codenames_run};
