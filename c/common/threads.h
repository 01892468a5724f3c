/* threads.h — the little threading the native solvers use: start and join
 * a thread, and an int read and updated atomically. WASM builds have no
 * threads (the page solves in one worker): wr_thread_start fails there, and
 * the caller does all the work itself. */
#ifndef WR_THREADS_H
#define WR_THREADS_H

#if defined(__EMSCRIPTEN__) || defined(WR_NO_THREADS)

typedef int wr_thread;
typedef int wr_atomic_int;

static inline int wr_thread_start(wr_thread *t, void *(*fn)(void *), void *arg)
{
    (void)t;
    (void)fn;
    (void)arg;
    return -1;
}
static inline void wr_thread_join(wr_thread t) { (void)t; }
static inline int wr_atomic_add(wr_atomic_int *a, int d) { return (*a += d) - d; }
static inline int wr_atomic_get(wr_atomic_int *a) { return *a; }
static inline void wr_atomic_set(wr_atomic_int *a, int v) { *a = v; }

#else

#include <pthread.h>
#include <stdatomic.h>

typedef pthread_t wr_thread;
typedef atomic_int wr_atomic_int;

/* 0 when the thread runs */
static inline int wr_thread_start(wr_thread *t, void *(*fn)(void *), void *arg)
{
    return pthread_create(t, NULL, fn, arg);
}
static inline void wr_thread_join(wr_thread t) { pthread_join(t, NULL); }
static inline int wr_atomic_add(wr_atomic_int *a, int d) { return atomic_fetch_add(a, d); } /* the old value */
static inline int wr_atomic_get(wr_atomic_int *a) { return atomic_load(a); }
static inline void wr_atomic_set(wr_atomic_int *a, int v) { atomic_store(a, v); }
#endif

/* The CPUs this process may run on (its affinity: `taskset -c 0` makes it
 * 1); 1 in WASM. */
int wr_cpu_count(void);

#endif
