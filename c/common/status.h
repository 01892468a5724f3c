/* status.h — status codes and located error reports shared by every solver.
 *
 * Every fallible function returns WR_OK (0) or a negative WR_E* code; the
 * details a user needs (line, column, message) travel in a caller-owned
 * wr_error. winrate_strerror() gives the static one-line meaning of a code.
 */
#ifndef WR_STATUS_H
#define WR_STATUS_H

#include <stddef.h>

enum {
    WR_OK = 0,
    WR_ESYNTAX = -1,    /* the text does not match the format */
    WR_ERANGE = -2,     /* a value is outside its allowed range */
    WR_EINVAL = -3,     /* well-formed but inconsistent (e.g. duplicate word) */
    WR_ETOOBIG = -4,    /* the request would exceed the memory budget or input limits */
    WR_ENOMEM = -5,     /* an allocation failed */
    WR_ECANCELLED = -6, /* the progress callback asked to stop */
    WR_EUSAGE = -7      /* bad options or unknown game */
};

/* The static meaning of a status code ("bad syntax", ...). Never NULL. */
const char *winrate_strerror(int code);

/* The exit status the CLI uses for a code: 0 ok, 2 bad input, 3 too big, 1 other. */
int wr_exit_status(int code);

typedef struct wr_error {
    int code;          /* WR_E* or WR_OK */
    int line, column;  /* 1-based position in the input; 0 when not about a place */
    char message[200]; /* human-readable, says what was expected */
} wr_error;

void wr_error_clear(wr_error *e);

/* Records code, position and a printf-style message; returns code so callers
 * can write `return wr_fail(err, WR_ESYNTAX, line, col, "...")`. */
int wr_fail(wr_error *e, int code, int line, int column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Convenience for allocation failures and memory-budget refusals. */
int wr_fail_nomem(wr_error *e);
int wr_fail_budget(wr_error *e, double need_bytes, double budget_bytes);
/* A request within the budget that the build cannot address (a 32-bit
 * build: WASM), limit_bytes being what it can. */
int wr_fail_addressable(wr_error *e, double need_bytes, double limit_bytes);

#endif
