/* reader.h — a line/column-tracking reader for the contest text formats.
 *
 * The formats are line-based: tokens on a line are separated by runs of
 * spaces or tabs, lines end in LF or CRLF, the last newline is optional and
 * trailing blank lines are ignored. Every read either succeeds or records a
 * located WR_ESYNTAX/WR_ERANGE error in the reader's wr_error saying what was
 * expected, so a game parser is a straight sequence of reads.
 */
#ifndef WR_READER_H
#define WR_READER_H

#include <stddef.h>
#include "status.h"

/* Inputs above this size are refused before any parsing (WR_ETOOBIG). */
#define WR_MAX_INPUT_BYTES (4u * 1024u * 1024u)

typedef struct wr_reader {
    const char *p, *end;
    int line, column; /* of *p, 1-based */
    wr_error *err;
} wr_reader;

/* Returns WR_OK, or WR_ETOOBIG when len exceeds WR_MAX_INPUT_BYTES. */
int wr_reader_init(wr_reader *r, const char *text, size_t len, wr_error *err);

/* Skips spaces and tabs (never newlines). */
void wr_skip_blanks(wr_reader *r);

/* 1 when, after blanks, the line ends (LF, CRLF or end of text). */
int wr_at_eol(wr_reader *r);

/* 1 when only whitespace remains. */
int wr_at_end(wr_reader *r);

/* Expects the end of the current line and moves to the next one. */
int wr_read_eol(wr_reader *r);

/* Expects nothing but whitespace up to the end of the text. */
int wr_read_end(wr_reader *r);

/* wr_read_end, and a message that says what the text should have ended
 * after (printf's fmt and arguments, e.g. "the 2 hints that line 4
 * announces"): for formats whose count line the extra text contradicts. */
int wr_read_end_after(wr_reader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reads a decimal integer in [lo, hi]; `what` names it in messages
 * ("the number of rows"). */
int wr_read_long(wr_reader *r, long lo, long hi, const char *what, long *out);
int wr_read_int(wr_reader *r, int lo, int hi, const char *what, int *out);

/* Reads a run of non-blank characters on the current line. On success *tok
 * points into the text, *len is its length, and *line, *col its position. */
int wr_read_token(wr_reader *r, const char *what, const char **tok, size_t *len,
                  int *line, int *col);

/* Formats byte c for a message: 'x', or a name for space, tab, newline and
 * control bytes. buf must hold at least 16 bytes. */
const char *wr_describe_char(int c, char *buf);

/* Records a located error at the reader's position (after blanks). */
int wr_fail_here(wr_reader *r, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
