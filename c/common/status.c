/* status.c — status codes, messages and located error reports. */
#include "status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *winrate_strerror(int code)
{
    switch (code) {
    case WR_OK: return "ok";
    case WR_ESYNTAX: return "bad syntax";
    case WR_ERANGE: return "value out of range";
    case WR_EINVAL: return "invalid input";
    case WR_ETOOBIG: return "request too big for the memory budget";
    case WR_ENOMEM: return "out of memory";
    case WR_ECANCELLED: return "cancelled";
    case WR_EUSAGE: return "bad usage";
    default: return "unknown error";
    }
}

int wr_exit_status(int code)
{
    switch (code) {
    case WR_OK: return 0;
    case WR_ESYNTAX:
    case WR_ERANGE:
    case WR_EINVAL:
    case WR_EUSAGE: return 2;
    case WR_ETOOBIG: return 3;
    default: return 1;
    }
}

void wr_error_clear(wr_error *e)
{
    e->code = WR_OK;
    e->line = e->column = 0;
    e->message[0] = '\0';
}

int wr_fail(wr_error *e, int code, int line, int column, const char *fmt, ...)
{
    va_list ap;
    e->code = code;
    e->line = line;
    e->column = column;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    return code;
}

int wr_fail_nomem(wr_error *e)
{
    return wr_fail(e, WR_ENOMEM, 0, 0, "out of memory");
}

int wr_fail_budget(wr_error *e, double need_bytes, double budget_bytes)
{
    return wr_fail(e, WR_ETOOBIG, 0, 0,
                   "this request needs about %.0f MB, above the memory budget of %.0f MB "
                   "(raise it with --memory MB)",
                   need_bytes / 1048576.0 + 0.499, budget_bytes / 1048576.0);
}

int wr_fail_addressable(wr_error *e, double need_bytes, double limit_bytes)
{
    return wr_fail(e, WR_ETOOBIG, 0, 0,
                   "this request needs about %.0f MB, more than the %.0f MB this 32-bit build can address "
                   "(the native winrate can take it)",
                   need_bytes / 1048576.0 + 0.499, limit_bytes / 1048576.0);
}
