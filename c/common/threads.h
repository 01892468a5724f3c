/* threads.h — the little threading the native solvers use: start and join
 * a thread, an int and a pointer read and updated atomically, a mutex and a
 * condition to wait on under it. WASM builds have no
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

typedef void *wr_atomic_ptr;
static inline void *wr_atomic_ptr_get(wr_atomic_ptr *a) { return *a; }
static inline void wr_atomic_ptr_set(wr_atomic_ptr *a, void *p) { *a = p; }

typedef int wr_mutex;
static inline int wr_mutex_init(wr_mutex *m) { *m = 0; return 0; }
static inline void wr_mutex_lock(wr_mutex *m) { (void)m; }
static inline void wr_mutex_unlock(wr_mutex *m) { (void)m; }
static inline void wr_mutex_destroy(wr_mutex *m) { (void)m; }

typedef int wr_cond; /* never waited on: one thread has nothing to wait for */
static inline int wr_cond_init(wr_cond *c) { *c = 0; return 0; }
static inline void wr_cond_wait(wr_cond *c, wr_mutex *m) { (void)c; (void)m; }
static inline void wr_cond_broadcast(wr_cond *c) { (void)c; }
static inline void wr_cond_destroy(wr_cond *c) { (void)c; }

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

/* a pointer published by one thread (release) and read by others (acquire) */
typedef _Atomic(void *) wr_atomic_ptr;
static inline void *wr_atomic_ptr_get(wr_atomic_ptr *a) { return atomic_load_explicit(a, memory_order_acquire); }
static inline void wr_atomic_ptr_set(wr_atomic_ptr *a, void *p) { atomic_store_explicit(a, p, memory_order_release); }

typedef pthread_mutex_t wr_mutex;
static inline int wr_mutex_init(wr_mutex *m) { return pthread_mutex_init(m, NULL); } /* 0 when it can be used */
static inline void wr_mutex_lock(wr_mutex *m) { pthread_mutex_lock(m); }
static inline void wr_mutex_unlock(wr_mutex *m) { pthread_mutex_unlock(m); }
static inline void wr_mutex_destroy(wr_mutex *m) { pthread_mutex_destroy(m); }

/* a condition waited on under a mutex */
typedef pthread_cond_t wr_cond;
static inline int wr_cond_init(wr_cond *c) { return pthread_cond_init(c, NULL); } /* 0 when it can be used */
static inline void wr_cond_wait(wr_cond *c, wr_mutex *m) { pthread_cond_wait(c, m); }
static inline void wr_cond_broadcast(wr_cond *c) { pthread_cond_broadcast(c); }
static inline void wr_cond_destroy(wr_cond *c) { pthread_cond_destroy(c); }
#endif

/* The CPUs this process may run on (its affinity: `taskset -c 0` makes it
 * 1); 1 in WASM. */
int wr_cpu_count(void);

#endif
