/* buf.h — a growable text buffer for answers and JSON analyses.
 *
 * The caller owns the buffer (wr_buf_init / wr_buf_free). Appends never
 * abort: after an allocation failure the buffer keeps its old contents and
 * `failed` is set; wr_buf_status() turns that into WR_ENOMEM once at the end,
 * so writers stay free of per-call error checks.
 */
#ifndef WR_BUF_H
#define WR_BUF_H

#include <stddef.h>
#include <string.h>

typedef struct wr_buf {
    char *data; /* NUL-terminated once anything was appended */
    size_t len, cap;
    int failed;
} wr_buf;

void wr_buf_init(wr_buf *b);
void wr_buf_free(wr_buf *b);
void wr_buf_reset(wr_buf *b); /* keeps capacity */
void wr_buf_put_grow(wr_buf *b, const char *s, size_t n); /* wr_buf_put when it must grow */

/* Appends n bytes. Inline for the common case (room enough): the JSON
 * writers append hundreds of thousands of short pieces. */
static inline void wr_buf_put(wr_buf *b, const char *s, size_t n)
{
    if (!b->failed && n < b->cap - b->len) { /* cap >= len: never wraps */
        memcpy(b->data + b->len, s, n);
        b->len += n;
        b->data[b->len] = '\0';
        return;
    }
    wr_buf_put_grow(b, s, n);
}
void wr_buf_puts(wr_buf *b, const char *s);
void wr_buf_printf(wr_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int wr_buf_status(const wr_buf *b); /* WR_OK or WR_ENOMEM */

/* A probability as the contest prints it: printf("%.*f"), clamped to [0, 1]
 * so rounding noise never prints "-0.0000". */
void wr_buf_prob(wr_buf *b, double p, int digits);

/* JSON pieces. Numbers use %.17g (round-trip exact); non-finite -> null. */
void wr_json_str(wr_buf *b, const char *s, size_t n);  /* quoted, escaped */
void wr_json_num(wr_buf *b, double v);
void wr_json_key(wr_buf *b, const char *key);  /* "key": */

#endif
