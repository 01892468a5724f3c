/* schedule.c — the order in which the fast solve's threads take the table
 * (internal.h, cn_schedule): groups of pairs, each after the groups it
 * reads, taken as soon as those are done, with no wait at the end of a
 * level. */
#include <stdlib.h>

#include "common/bits.h"
#include "common/threads.h"
#include "internal.h"

#define MAX_UNITS ((1 << CN_GROUP_BITS) + 2 * (1 << CN_SPLIT_BITS))

typedef struct sched {
    const cn_schedule_job *job;
    int split;                         /* bits of a split group's sub-groups (0: none split) */
    wr_mutex lock;                     /* over all below */
    wr_cond wake;                      /* a unit became ready, or the schedule ended */
    int queue[MAX_UNITS], head, tail;  /* the ready units, first in first out */
    int pending[1 << CN_GROUP_BITS];   /* group P: its groups P | b (b a top bit) not yet done */
    int units[1 << CN_GROUP_BITS];     /* group P: its units not yet done */
    int sub_pending[2][1 << CN_SPLIT_BITS]; /* split group (0: P = 0, 1: all ones), sub-group Q: Q | b not yet done */
    int left;                          /* units not yet done */
    int mark, passed, all;             /* dictionaries replaced at the mark; bit i: worker i ended a run since; every worker's bit */
    int stop;                          /* a run asked to stop */
    double done;                       /* pairs of the units done */
} sched;

typedef struct sched_worker {
    sched *s;
    void *arg;
    wr_thread thread;
    int id;
} sched_worker;

static int full_group(const sched *s)
{
    return (1 << s->job->top) - 1;
}

/* Whether group P goes in sub-groups: P = 0 and all ones, the one group of
 * the first and the last level. */
static int is_split(const sched *s, int P)
{
    return s->split && (P == 0 || P == full_group(s));
}

/* A unit: P << 8 | Q, Q the sub-group of a split group (else 0). */
static void push(sched *s, int P, int Q)
{
    s->queue[s->tail++] = P << 8 | Q;
}

static void group_ready(sched *s, int P)
{
    push(s, P, is_split(s, P) ? (1 << s->split) - 1 : 0);
}

static void group_done(sched *s, int P)
{
    int b;
    for (b = s->job->top - 1; b >= 0; b--) /* descending subsets: one thread's old order within a level */
        if (P >> b & 1 && --s->pending[P & ~(1 << b)] == 0) group_ready(s, P & ~(1 << b));
}

/* Unit u done (the lock held): what waited on it made ready. */
static void unit_done(sched *s, int u)
{
    int P = u >> 8, Q = u & 255, b;
    if (is_split(s, P)) {
        int *sub = s->sub_pending[P != 0];
        for (b = s->split - 1; b >= 0; b--)
            if (Q >> b & 1 && --sub[Q & ~(1 << b)] == 0) push(s, P, Q & ~(1 << b));
    }
    if (--s->units[P] == 0) group_done(s, P);
    s->left--;
}

static void *work(void *arg)
{
    sched_worker *w = arg;
    sched *s = w->s;
    const cn_schedule_job *job = s->job;
    wr_mutex_lock(&s->lock);
    for (;;) {
        int u, P, Q, split, bits, stop, ready;
        uint32_t lo;
        double done;
        while (s->head == s->tail && s->left > 0 && !s->stop) wr_cond_wait(&s->wake, &s->lock);
        if (s->left == 0 || s->stop) break;
        u = s->queue[s->head++];
        P = u >> 8;
        Q = u & 255;
        split = is_split(s, P) ? s->split : 0;
        bits = job->low - split;
        lo = (uint32_t)(P << split | Q) << bits; /* Q = 0 unless split */
        done = s->done;
        wr_mutex_unlock(&s->lock);
        stop = job->run(w->arg, lo, bits, done);
        wr_mutex_lock(&s->lock);
        s->done += (double)((uint32_t)1 << bits);
        ready = s->tail;
        if (stop) s->stop = 1;
        else unit_done(s, u);
        s->passed |= 1 << w->id;
        if (s->passed == s->all) { /* none holds what was replaced before the mark */
            cn_values_retire(job->vals, s->mark);
            s->mark = cn_values_replaced(job->vals);
            s->passed = 0;
        }
        if (s->stop || s->left == 0 || s->tail > ready) wr_cond_broadcast(&s->wake);
    }
    wr_mutex_unlock(&s->lock);
    return NULL;
}

/* One thread: the levels from the fullest groups down, each level's
 * groups in descending order, as before threads; between runs it holds no
 * dictionary. */
static int run_alone(const cn_schedule_job *job, void *arg)
{
    int level, P, top = job->top;
    double done = 0;
    for (level = top; level >= 0; level--)
        for (P = (1 << top) - 1; P >= 0; P--) {
            if (wr_popcount32((uint32_t)P) != level) continue;
            if (job->run(arg, (uint32_t)P << job->low, job->low, done)) return 1;
            cn_values_quiesce(job->vals);
            done += (double)((uint32_t)1 << job->low);
        }
    return 0;
}

int cn_schedule(const cn_schedule_job *job, void **args, int threads)
{
    sched *s;
    sched_worker w[CN_MAX_THREADS];
    int i, P, started = 0, stop;
    if (threads < 2 || job->top < 1) return run_alone(job, args[0]);
    if (!(s = calloc(1, sizeof *s))) return WR_ENOMEM;
    if (wr_mutex_init(&s->lock) != 0) {
        free(s);
        return WR_ENOMEM;
    }
    if (wr_cond_init(&s->wake) != 0) {
        wr_mutex_destroy(&s->lock);
        free(s);
        return WR_ENOMEM;
    }
    s->job = job;
    s->split = job->low - job->min_bits;
    s->split = s->split < 0 ? 0 : s->split < CN_SPLIT_BITS ? s->split : CN_SPLIT_BITS;
    for (P = 0; P <= full_group(s); P++) {
        s->pending[P] = job->top - wr_popcount32((uint32_t)P);
        s->units[P] = is_split(s, P) ? 1 << s->split : 1;
        s->left += s->units[P];
    }
    for (i = 0; i < 1 << s->split; i++)
        s->sub_pending[0][i] = s->sub_pending[1][i] = s->split - wr_popcount32((uint32_t)i);
    group_ready(s, full_group(s));
    if (threads > CN_MAX_THREADS) threads = CN_MAX_THREADS;
    s->mark = cn_values_replaced(job->vals);
    s->all = (1 << threads) - 1; /* a thread that did not start: nothing is retired (only kept longer) */
    for (i = 0; i < threads; i++) {
        w[i].s = s;
        w[i].arg = args[i];
        w[i].id = i;
    }
    for (i = 1; i < threads; i++)
        if (wr_thread_start(&w[i].thread, work, &w[i]) == 0) started = i;
        else break;
    work(&w[0]);
    for (i = 1; i <= started; i++) wr_thread_join(w[i].thread);
    stop = s->stop;
    wr_cond_destroy(&s->wake);
    wr_mutex_destroy(&s->lock);
    free(s);
    return stop;
}
