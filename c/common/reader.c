/* reader.c — line/column-tracking reader for the contest formats. */
#include "reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int wr_reader_init(wr_reader *r, const char *text, size_t len, wr_error *err)
{
    r->p = text;
    r->end = text + len;
    r->line = 1;
    r->column = 1;
    r->err = err;
    wr_error_clear(err);
    if (len > WR_MAX_INPUT_BYTES)
        return wr_fail(err, WR_ETOOBIG, 0, 0, "the input is larger than the limit of %u bytes",
                       (unsigned)WR_MAX_INPUT_BYTES);
    return WR_OK;
}

static void advance(wr_reader *r)
{
    if (*r->p == '\n') {
        r->line++;
        r->column = 1;
    } else {
        r->column++;
    }
    r->p++;
}

void wr_skip_blanks(wr_reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
        advance(r);
}

static int eol_here(const wr_reader *r)
{
    return r->p >= r->end || *r->p == '\n' ||
           (*r->p == '\r' && (r->p + 1 >= r->end || r->p[1] == '\n'));
}

int wr_at_eol(wr_reader *r)
{
    wr_skip_blanks(r);
    return eol_here(r);
}

int wr_at_end(wr_reader *r)
{
    const char *q = r->p;
    while (q < r->end && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n'))
        q++;
    return q >= r->end;
}

const char *wr_describe_char(int c, char *buf)
{
    c &= 0xff;
    if (c == ' ') return "a space";
    if (c == '\t') return "a tab";
    if (c == '\n' || c == '\r') return "the end of the line";
    if (c < 0x20 || c >= 0x7f)
        snprintf(buf, 16, "byte 0x%02X", c);
    else
        snprintf(buf, 16, "'%c'", c);
    return buf;
}

int wr_fail_here(wr_reader *r, int code, const char *fmt, ...)
{
    va_list ap;
    wr_skip_blanks(r);
    r->err->code = code;
    r->err->line = r->line;
    r->err->column = r->column;
    va_start(ap, fmt);
    vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    va_end(ap);
    return code;
}

static const char *found(wr_reader *r, char *buf)
{
    if (r->p >= r->end) return "the end of the input";
    return wr_describe_char((unsigned char)*r->p, buf);
}

int wr_read_eol(wr_reader *r)
{
    char buf[16];
    wr_skip_blanks(r);
    if (r->p >= r->end) return WR_OK;
    if (*r->p == '\r' && r->p + 1 < r->end && r->p[1] == '\n') {
        r->p++; /* CR is not a column of its own */
    }
    if (*r->p == '\n') {
        advance(r);
        return WR_OK;
    }
    return wr_fail_here(r, WR_ESYNTAX, "expected the end of the line, found %s", found(r, buf));
}

int wr_read_end(wr_reader *r)
{
    char buf[16];
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n'))
        advance(r);
    if (r->p >= r->end) return WR_OK;
    return wr_fail_here(r, WR_ESYNTAX, "expected the end of the input, found %s", found(r, buf));
}

int wr_read_end_after(wr_reader *r, const char *fmt, ...)
{
    char buf[16], after[128];
    va_list ap;
    if (wr_read_end(r) == WR_OK) return WR_OK;
    va_start(ap, fmt);
    vsnprintf(after, sizeof after, fmt, ap);
    va_end(ap);
    return wr_fail_here(r, WR_ESYNTAX, "expected the end of the input after %s, found %s", after,
                        found(r, buf));
}

int wr_read_token(wr_reader *r, const char *what, const char **tok, size_t *len,
                  int *line, int *col)
{
    char buf[16];
    wr_skip_blanks(r);
    if (eol_here(r)) {
        if (r->p >= r->end)
            return wr_fail_here(r, WR_ESYNTAX, "expected %s, found the end of the input", what);
        return wr_fail_here(r, WR_ESYNTAX, "expected %s, found %s", what, found(r, buf));
    }
    if (*r->p == '\r') /* a CR not before \n: no line's end, and no token either (a token is never empty) */
        return wr_fail_here(r, WR_ESYNTAX, "expected %s, found a carriage return (byte 0x0D) that does not end a line",
                            what);
    *tok = r->p;
    *line = r->line;
    *col = r->column;
    while (r->p < r->end && *r->p != ' ' && *r->p != '\t' && *r->p != '\n' && *r->p != '\r')
        advance(r);
    *len = (size_t)(r->p - *tok);
    return WR_OK;
}

int wr_read_long(wr_reader *r, long lo, long hi, const char *what, long *out)
{
    const char *tok = NULL; /* set when rc is 0: GCC -O3 cannot tell (maybe-uninitialized) */
    size_t len = 0, i = 0;
    int line = 0, col = 0, neg = 0, big = 0;
    long long v = 0;
    int rc = wr_read_token(r, what, &tok, &len, &line, &col);
    if (rc) return rc;
    if (tok[0] == '-' || tok[0] == '+') {
        neg = tok[0] == '-';
        i = 1;
    }
    if (i == len)
        return wr_fail(r->err, WR_ESYNTAX, line, col, "expected %s (a whole number), found '%.*s'",
                       what, (int)(len > 20 ? 20 : len), tok);
    for (; i < len; i++) {
        if (tok[i] < '0' || tok[i] > '9') {
            char buf[16];
            return wr_fail(r->err, WR_ESYNTAX, line, col + (int)i,
                           "expected %s (a whole number), found %s", what,
                           wr_describe_char((unsigned char)tok[i], buf));
        }
        if (v > 100000000000000LL) big = 1; /* far outside any range we accept */
        else v = v * 10 + (tok[i] - '0');
    }
    if (neg) v = -v;
    if (big || v < lo || v > hi)
        return wr_fail(r->err, WR_ERANGE, line, col, "%s must be between %ld and %ld, found %.*s",
                       what, lo, hi, (int)(len > 20 ? 20 : len), tok);
    *out = (long)v;
    return WR_OK;
}

int wr_read_int(wr_reader *r, int lo, int hi, const char *what, int *out)
{
    long v;
    int rc = wr_read_long(r, lo, hi, what, &v);
    if (rc == WR_OK) *out = (int)v;
    return rc;
}
