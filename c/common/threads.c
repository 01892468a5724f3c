/* threads.c — how many CPUs the solvers may use (see threads.h). */
#define _GNU_SOURCE /* sched_getaffinity */
#include "common/threads.h"

#if defined(__EMSCRIPTEN__) || defined(WR_NO_THREADS)

int wr_cpu_count(void) { return 1; }

#else

#include <sched.h>
#include <unistd.h>

int wr_cpu_count(void)
{
    cpu_set_t set;
    long n;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
    n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

#endif
