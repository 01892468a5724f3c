/* json.h — the one JSON writer of every game's analysis: commas and keys are
 * placed by the writer, so a game's writer only says what goes where.
 *
 *   wr_json j;
 *   wr_jw_begin(&j, out);                       {
 *   wr_jw_str(&j, "game", "dice");              "game":"dice"
 *   wr_jw_array(&j, "units");                   ,"units":[
 *   wr_jw_int(&j, NULL, 4); wr_jw_int(&j, NULL, 4);        4,4
 *   wr_jw_close(&j);                            ]
 *   wr_jw_end(&j);                              }\n
 *
 * Numbers: doubles as %.17g (round-trip exact; non-finite -> null, no -0),
 * integers without printf (the long lists of Board Escape). Strings are
 * escaped (inputs are ASCII; anything else becomes \u00XX). Appends never fail
 * one by one: the buffer records an allocation failure (wr_buf_status). */
#ifndef WR_JSON_H
#define WR_JSON_H

#include <stddef.h>

#include "buf.h"

#define WR_JSON_DEPTH 8

typedef struct wr_json {
    wr_buf *b;
    int depth;
    unsigned char first[WR_JSON_DEPTH]; /* the next item at this depth is the first */
    char open[WR_JSON_DEPTH];           /* '{' or '[' at this depth */
} wr_json;

/* Opens the top-level object; wr_jw_end closes it with a newline. */
void wr_jw_begin(wr_json *j, wr_buf *b);
void wr_jw_end(wr_json *j);

/* Containers: key is the member name inside an object, NULL inside an array.
 * Keys are the writers' own plain ASCII names (never escaped, at most 48 bytes). */
void wr_jw_object(wr_json *j, const char *key);
void wr_jw_array(wr_json *j, const char *key);
void wr_jw_close(wr_json *j); /* the innermost object or array */

void wr_jw_num(wr_json *j, const char *key, double v);
void wr_jw_int(wr_json *j, const char *key, long long v);
void wr_jw_bool(wr_json *j, const char *key, int v);
void wr_jw_null(wr_json *j, const char *key);
void wr_jw_str(wr_json *j, const char *key, const char *s);
void wr_jw_strn(wr_json *j, const char *key, const char *s, size_t n);

/* A number array from n doubles. */
void wr_jw_nums(wr_json *j, const char *key, const double *v, size_t n);

#endif
