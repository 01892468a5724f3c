/* parse.c — Codenames contest text (board, identities, hints; labels and
 * revealed cards as extensions) into a request. */
#include "codenames.h"

#include <stdio.h>
#include <string.h>

#include "common/reader.h"

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

/* Hint `index` (0-based) of the req->nhints that line m_line announces. */
static int parse_hint(wr_reader *r, codenames_request *req, int index, int m_line)
{
    codenames_hint *h = &req->hints[index];
    wr_reader save = *r;
    const char *tok;
    size_t len, i;
    int line, col, rc, k, used[CODENAMES_MAX_N] = {0};
    char what[128]; /* the text below with three ints of up to 11 characters */

    snprintf(what, sizeof what,
             "hint %d of the %d that line %d announces (its number of cards, or a label and a colon)",
             index + 1, req->nhints, m_line);
    if ((rc = wr_read_token(r, what, &tok, &len, &line, &col))) return rc;
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
    {
        int m_line = r.line;
        if ((rc = wr_read_int(&r, 1, CODENAMES_MAX_HINTS, "the number of hints", &req->nhints)))
            return rc;
        if ((rc = wr_read_eol(&r))) return rc;
        for (i = 0; i < req->nhints; i++)
            if ((rc = parse_hint(&r, req, i, m_line))) return rc;
        return wr_read_end_after(&r, "the %d hint%s that line %d announces", req->nhints,
                                 req->nhints == 1 ? "" : "s", m_line);
    }
}
