/* parse.c — Battle Dice contest text (one or two dice, the units) into a
 * request. */
#include <stdio.h>
#include <string.h>

#include "common/reader.h"
#include "internal.h"

static int parse_die(wr_reader *r, dice_die *die, const char *whose)
{
    const char *tok;
    size_t len, i;
    int line, col, rc;
    char what[64], buf[16];
    snprintf(what, sizeof what, "a face of %s die (A, D or -)", whose);
    die->nfaces = 0;
    do {
        int a = 0, d = 0;
        rc = wr_read_token(r, what, &tok, &len, &line, &col);
        if (rc) return rc;
        if (die->nfaces == DICE_MAX_FACES)
            return wr_fail(r->err, WR_ERANGE, line, col, "too many faces on %s die: at most %d",
                           whose, DICE_MAX_FACES);
        if (len == 1 && tok[0] == '-') {
            /* blank face */
        } else {
            for (i = 0; i < len; i++) {
                if (tok[i] == 'A' || tok[i] == 'D') {
                    if (a + d == DICE_MAX_ICONS)
                        return wr_fail(r->err, WR_ERANGE, line, col + (int)i,
                                       "too many icons on a face: at most %d", DICE_MAX_ICONS);
                    if (tok[i] == 'A') a++;
                    else d++;
                } else if (tok[i] == '-') {
                    return wr_fail(r->err, WR_ESYNTAX, line, col + (int)i,
                                   "expected A or D, found '-' inside a face (a blank face is a "
                                   "lone '-')");
                } else {
                    return wr_fail(r->err, WR_ESYNTAX, line, col + (int)i,
                                   "expected a face (A, D or -), found %s",
                                   wr_describe_char((unsigned char)tok[i], buf));
                }
            }
        }
        die->faces[die->nfaces].attack = a;
        die->faces[die->nfaces].defence = d;
        die->nfaces++;
    } while (!wr_at_eol(r));
    return wr_read_eol(r);
}

/* 1 when the current line starts (after blanks) with a digit or a sign:
 * the units line rather than a second die. */
static int units_line_here(wr_reader *r)
{
    wr_skip_blanks(r);
    return r->p < r->end && ((*r->p >= '0' && *r->p <= '9') || *r->p == '+');
}

int dice_parse(const char *text, size_t len, dice_request *req, wr_error *err)
{
    wr_reader r;
    int rc = wr_reader_init(&r, text, len, err);
    memset(req, 0, sizeof *req);
    if (rc) return rc;
    if (wr_at_end(&r))
        return wr_fail(err, WR_ESYNTAX, 1, 1,
                       "expected the faces of the die (A, D or -), found an empty input");
    if ((rc = parse_die(&r, &req->die[0], "the"))) return rc;
    if (r.p >= r.end || wr_at_end(&r))
        return wr_fail_here(&r, WR_ESYNTAX,
                            "expected the units 'U1 U2' on the next line, found the end of the input");
    if (units_line_here(&r)) {
        req->die[1] = req->die[0];
        req->same_die = 1;
    } else {
        if ((rc = parse_die(&r, &req->die[1], "player two's"))) return rc;
        req->same_die = 0;
        if (wr_at_end(&r))
            return wr_fail_here(&r, WR_ESYNTAX, "expected the units 'U1 U2' on the next line, "
                                                "found the end of the input");
    }
    if ((rc = wr_read_int(&r, 1, DICE_MAX_UNITS, "player one's units", &req->units[0]))) return rc;
    if ((rc = wr_read_int(&r, 1, DICE_MAX_UNITS, "player two's units", &req->units[1]))) return rc;
    if ((rc = wr_read_eol(&r))) return rc;
    rc = wr_read_end(&r);
    if (rc == WR_ESYNTAX && (*r.p == 'A' || *r.p == 'D' || *r.p == '-'))
        return wr_fail_here(&r, WR_ESYNTAX,
                            "expected the end of the input, found a die after the units: the dice "
                            "come first (player one's, then player two's), then 'U1 U2'");
    return rc;
}
