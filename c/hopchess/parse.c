/* parse.c — hop chess contest text (and its extensions) into a request. */
#include <stdio.h>
#include <string.h>

#include "common/reader.h"
#include "internal.h"

int hopchess_parse(const char *text, size_t len, hopchess_request *req, wr_error *err)
{
    wr_reader r;
    int rc, line, col, rows_line, rows_col, i, j;
    const char *tok;
    size_t tlen;

    memset(req, 0, sizeof *req);
    rc = wr_reader_init(&r, text, len, err);
    if (rc) return rc;
    wr_skip_blanks(&r);
    rows_line = r.line;
    rows_col = r.column;
    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_CELLS, "the number of rows", &req->rows))) return rc;
    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_CELLS, "the number of columns", &req->cols)))
        return rc;
    if (req->rows * req->cols > HOPCHESS_MAX_CELLS)
        return wr_fail(err, WR_ERANGE, rows_line, rows_col,
                       "the board has %d x %d = %d cells; at most %d are accepted", req->rows,
                       req->cols, req->rows * req->cols, HOPCHESS_MAX_CELLS);
    if ((rc = wr_read_eol(&r))) return rc;

    for (i = 0; i < req->rows; i++) {
        char what[48];
        snprintf(what, sizeof what, "row %d of the board", i + 1);
        if ((rc = wr_read_token(&r, what, &tok, &tlen, &line, &col))) return rc;
        for (j = 0; j < (int)tlen && j < req->cols; j++) {
            char c = tok[j], buf[16];
            if (c != 'J' && c != 'D' && c != '.')
                return wr_fail(err, WR_ESYNTAX, line, col + j,
                               "expected J, D or '.' (a cell of row %d), found %s", i + 1,
                               wr_describe_char((unsigned char)c, buf));
            req->cell[i * req->cols + j] = c;
        }
        if ((int)tlen != req->cols)
            return wr_fail(err, WR_ESYNTAX, line, col + ((int)tlen < req->cols ? (int)tlen : req->cols),
                           "row %d has %d cells, expected %d", i + 1, (int)tlen, req->cols);
        if ((rc = wr_read_eol(&r))) return rc;
    }

    wr_skip_blanks(&r);
    if (r.p < r.end && (*r.p == 'J' || *r.p == 'D' || *r.p == '.')) /* a row more than line 1 says */
        return wr_fail_here(&r, WR_ESYNTAX,
                            "expected Justin's error factor a_J after the %d row%s that line %d "
                            "announces, found a row",
                            req->rows, req->rows == 1 ? "" : "s", rows_line);
    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_FACTOR, "Justin's error factor a_J", &req->a_j)))
        return rc;
    if ((rc = wr_read_int(&r, 1, HOPCHESS_MAX_FACTOR, "Donald's error factor a_D", &req->a_d)))
        return rc;
    req->to_move = HOPCHESS_JUSTIN;
    if (!wr_at_eol(&r)) {
        if ((rc = wr_read_token(&r, "the side to move", &tok, &tlen, &line, &col))) return rc;
        if (tlen == 1 && (tok[0] == 'J' || tok[0] == 'D'))
            req->to_move = tok[0] == 'J' ? HOPCHESS_JUSTIN : HOPCHESS_DONALD;
        else
            return wr_fail(err, WR_ESYNTAX, line, col,
                           "expected the side to move (J or D) or the end of the line, found '%.*s'",
                           (int)(tlen > 20 ? 20 : tlen), tok);
    }
    return wr_read_end(&r);
}
