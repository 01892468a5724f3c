/* json.c — see json.h. */
#include "json.h"

#include <string.h>

/* Writes into pre the comma (unless first) and the key (inside an object)
 * that go before a value; returns their length. Keys are the writers' own
 * constants: plain ASCII names, never escaped, at most 48 bytes. */
static size_t prefix(wr_json *j, const char *key, char *pre)
{
    size_t n = 0;
    if (!j->first[j->depth]) pre[n++] = ',';
    j->first[j->depth] = 0;
    if (key) {
        size_t k = strlen(key);
        if (k > 48) k = 48;
        pre[n++] = '"';
        memcpy(pre + n, key, k);
        n += k;
        pre[n++] = '"';
        pre[n++] = ':';
    }
    return n;
}

static void item(wr_json *j, const char *key)
{
    char pre[64];
    size_t n = prefix(j, key, pre);
    if (n) wr_buf_put(j->b, pre, n);
}

static void open(wr_json *j, const char *key, char c)
{
    char pre[64];
    size_t n = prefix(j, key, pre);
    pre[n++] = c;
    wr_buf_put(j->b, pre, n);
    if (j->depth + 1 < WR_JSON_DEPTH) j->depth++;
    j->first[j->depth] = 1;
    j->open[j->depth] = c;
}

void wr_jw_begin(wr_json *j, wr_buf *b)
{
    j->b = b;
    j->depth = 0;
    j->first[0] = 1;
    wr_buf_put(b, "{", 1);
    j->open[0] = '{';
}

void wr_jw_end(wr_json *j)
{
    wr_buf_put(j->b, "}\n", 2);
}

void wr_jw_object(wr_json *j, const char *key) { open(j, key, '{'); }
void wr_jw_array(wr_json *j, const char *key) { open(j, key, '['); }

void wr_jw_close(wr_json *j)
{
    wr_buf_put(j->b, j->open[j->depth] == '{' ? "}" : "]", 1);
    if (j->depth > 0) j->depth--;
}

void wr_jw_num(wr_json *j, const char *key, double v)
{
    item(j, key);
    wr_json_num(j->b, v);
}

void wr_jw_int(wr_json *j, const char *key, long long v)
{
    char out[64 + 24], digits[24];
    size_t n = prefix(j, key, out);
    int d = 0;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    if (v < 0) out[n++] = '-';
    do {
        digits[d++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (d) out[n++] = digits[--d];
    wr_buf_put(j->b, out, n); /* one append per member: the escape lists have hundreds of thousands */
}

void wr_jw_bool(wr_json *j, const char *key, int v)
{
    item(j, key);
    wr_buf_puts(j->b, v ? "true" : "false");
}

void wr_jw_null(wr_json *j, const char *key)
{
    item(j, key);
    wr_buf_put(j->b, "null", 4);
}

void wr_jw_strn(wr_json *j, const char *key, const char *s, size_t n)
{
    item(j, key);
    wr_json_str(j->b, s, n);
}

void wr_jw_str(wr_json *j, const char *key, const char *s)
{
    wr_jw_strn(j, key, s, strlen(s));
}

void wr_jw_nums(wr_json *j, const char *key, const double *v, size_t n)
{
    size_t i;
    wr_jw_array(j, key);
    for (i = 0; i < n; i++) wr_jw_num(j, NULL, v[i]);
    wr_jw_close(j);
}
