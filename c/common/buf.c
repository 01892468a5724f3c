/* buf.c — growable text buffer and JSON writer. */
#include "buf.h"
#include "alloc.h"
#include "status.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wr_buf_init(wr_buf *b)
{
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}

void wr_buf_free(wr_buf *b)
{
    free(b->data);
    wr_buf_init(b);
}

void wr_buf_reset(wr_buf *b)
{
    b->len = 0;
    b->failed = 0;
    if (b->data) b->data[0] = '\0';
}

static int reserve(wr_buf *b, size_t extra)
{
    size_t need, cap;
    char *p;
    if (b->failed) return 0;
    if (extra > SIZE_MAX - 1 - b->len) cap = 0; /* need would wrap */
    else if ((need = b->len + extra + 1) <= b->cap) return 1;
    else cap = wr_grow_cap(b->cap, need, 256, 1);
    p = cap ? realloc(b->data, cap) : NULL;
    if (!p) {
        b->failed = 1;
        return 0;
    }
    b->data = p;
    b->cap = cap;
    return 1;
}

void wr_buf_put_grow(wr_buf *b, const char *s, size_t n)
{
    if (!reserve(b, n)) return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void wr_buf_puts(wr_buf *b, const char *s)
{
    wr_buf_put(b, s, strlen(s));
}

void wr_buf_printf(wr_buf *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    char small[128];
    va_start(ap, fmt);
    n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        wr_buf_put(b, small, (size_t)n);
        return;
    }
    if (!reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

int wr_buf_status(const wr_buf *b)
{
    return b->failed ? WR_ENOMEM : WR_OK;
}

void wr_buf_prob(wr_buf *b, double p, int digits)
{
    if (!(p > 0)) p = 0; /* also maps NaN to 0 */
    if (p > 1) p = 1;
    wr_buf_printf(b, "%.*f", digits, p);
}

void wr_json_str(wr_buf *b, const char *s, size_t n)
{
    size_t i = 0, run;
    wr_buf_put(b, "\"", 1);
    while (i < n) {
        /* a run of characters that need no escape goes out at once */
        for (run = i; run < n; run++) {
            unsigned char c = (unsigned char)s[run];
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) break;
        }
        if (run > i) wr_buf_put(b, s + i, run - i);
        if (run == n) break;
        if (s[run] == '"' || s[run] == '\\') {
            char esc[2] = {'\\', s[run]};
            wr_buf_put(b, esc, 2);
        } else {
            /* inputs are ASCII; anything else is escaped, never passed raw */
            wr_buf_printf(b, "\\u%04x", (unsigned char)s[run]);
        }
        i = run + 1;
    }
    wr_buf_put(b, "\"", 1);
}

void wr_json_num(wr_buf *b, double v)
{
    if (!isfinite(v)) {
        wr_buf_puts(b, "null");
        return;
    }
    if (v == 0) v = 0; /* no "-0" */
    wr_buf_printf(b, "%.17g", v);
}

void wr_json_key(wr_buf *b, const char *key)
{
    wr_json_str(b, key, strlen(key));
    wr_buf_put(b, ":", 1);
}
