/* parse.c — Board Escape contest text (R C K, then the grid) into a request. */
#include "escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/reader.h"

void escape_request_free(escape_request *req)
{
    free(req->cells);
    req->cells = NULL;
}

static int is_cell_char(char ch)
{
    return ch == 'E' || ch == 'T' || ch == '#' || ch == '.';
}

static int parse_rows(wr_reader *rd, escape_request *req, wr_error *err)
{
    int r, rc;
    for (r = 0; r < req->rows; r++) {
        const char *tok;
        size_t len, i;
        int line, col;
        char what[64];
        snprintf(what, sizeof what, "row %d of the board (%d cells from E, T, #, .)", r + 1,
                 req->cols);
        rc = wr_read_token(rd, what, &tok, &len, &line, &col);
        if (rc) return rc;
        for (i = 0; i < len && i < (size_t)req->cols; i++) {
            if (!is_cell_char(tok[i])) {
                char buf[16];
                return wr_fail(err, WR_ESYNTAX, line, col + (int)i,
                               "expected E, T, # or . in row %d, found %s", r + 1,
                               wr_describe_char((unsigned char)tok[i], buf));
            }
        }
        if (len < (size_t)req->cols)
            return wr_fail(err, WR_ESYNTAX, line, col + (int)len,
                           "row %d has %d cells, expected %d", r + 1, (int)len, req->cols);
        if (len > (size_t)req->cols)
            return wr_fail(err, WR_ESYNTAX, line, col + req->cols,
                           "row %d is longer than %d cells", r + 1, req->cols);
        memcpy(req->cells + (size_t)r * (size_t)req->cols, tok, len);
        rc = wr_read_eol(rd);
        if (rc) return rc;
    }
    return wr_read_end_after(rd, "the %d row%s that line 1 announces", req->rows, req->rows == 1 ? "" : "s");
}

int escape_parse(const char *text, size_t len, escape_request *req, wr_error *err)
{
    wr_reader rd;
    long k;
    int rc;

    req->rows = req->cols = 0;
    req->k = 0;
    req->cells = NULL;
    rc = wr_reader_init(&rd, text, len, err);
    if (rc) return rc;
    rc = wr_read_int(&rd, 1, ESCAPE_MAX_SIDE, "the number of rows R", &req->rows);
    if (!rc) rc = wr_read_int(&rd, 1, ESCAPE_MAX_SIDE, "the number of columns C", &req->cols);
    if (!rc) rc = wr_read_long(&rd, 1, ESCAPE_MAX_K, "the starting number K", &k);
    if (!rc) rc = wr_read_eol(&rd);
    if (rc) return rc;
    req->k = k;
    req->cells = malloc((size_t)req->rows * (size_t)req->cols);
    if (!req->cells) return wr_fail_nomem(err);
    rc = parse_rows(&rd, req, err);
    if (rc) escape_request_free(req);
    return rc;
}
