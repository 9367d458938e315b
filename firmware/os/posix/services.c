/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Event flags and software timers on Linux. POSIX has no event flags: they are emulated with a
 * pthread mutex (priority inheritance) and a condition variable, and the results say so. A timer
 * is a timerfd on CLOCK_MONOTONIC, read by a thread of its own above every task (SCHED_FIFO
 * RTB_POSIX_FIFO_TIMER) that runs the callback: the hrtimer interrupt wakes that thread, as it
 * wakes the benchmark interrupt's handler thread. The programmed expiry is an absolute time, on
 * the timestamps' clock where they are CLOCK_MONOTONIC, so expiry latency is measured from it. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "posix_port.h"
#include "rtb/os.h"
#include "rtb/target.h"

#define MAX_FLAGS 4u
#define MAX_TIMERS 4u
#define TIMER_STACK_BYTES (64u * 1024u)
/* Timer threads run above every task (RTB_PRIO_MAX) and below the interrupt's handler thread. */
#define RTB_POSIX_FIFO_TIMER (RTB_POSIX_FIFO_BASE + (int)RTB_PRIO_MAX + 1)

struct rtb_flags {
    pthread_mutex_t mutex;
    pthread_cond_t changed;
    uint32_t bits;
    unsigned waiters;
    bool used;
};
struct rtb_timer {
    int fd;
    pthread_t thread;
    rtb_timer_fn fn;
    void *arg;
    uint64_t ticks_ns;
    uint64_t expiry_ns;
    uint32_t expiry_ts; /* the same instant in rtb_now()'s time base */
    bool used;
};

static struct rtb_flags flag_groups[MAX_FLAGS];
static struct rtb_timer timers[MAX_TIMERS];
static pthread_mutex_t slots = PTHREAD_MUTEX_INITIALIZER;

const char *rtb_os_service_unsupported(rtb_service service)
{
    if (service == RTB_SERVICE_TASK_SUSPEND)
        return "POSIX threads cannot be suspended by another thread (there is no pthread_suspend; the port's "
               "suspend is a task blocking on a semaphore of its own)";
    if (service == RTB_SERVICE_TASK_DORMANT)
        return "POSIX threads start when pthread_create creates them: there is no thread created but not "
               "started (one that waits at its start would already be running)";
    return NULL;
}

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "emulated: a task suspends itself on a semaphore of its own, a resume posts it";
    case RTB_SERVICE_FLAGS:
        return "emulated (POSIX has no event flags): a pthread mutex with priority inheritance and a condition "
               "variable; a set broadcasts after unlocking when a task waits";
    case RTB_SERVICE_TIMERS:
        return "a timerfd on CLOCK_MONOTONIC per timer, read by a thread of its own at SCHED_FIFO 81 (above "
               "every task), which runs the callback; expiry is the programmed absolute time";
    case RTB_SERVICE_QUEUE_PTR:
        return "POSIX message queues copy: the pointer is an 8-byte message that mq_send copies in and "
               "mq_receive copies out";
    case RTB_SERVICE_YIELD:
        return "sched_yield: to the back of the caller's SCHED_FIFO queue";
    case RTB_SERVICE_CREATE:
        return "sem_init, pthread_mutex_init, mq_open, a timerfd with its thread; sem_destroy, pthread_mutex_destroy, mq_close and mq_unlink, the thread joined";
    case RTB_SERVICE_HEAP:
        return "the C library's malloc/free";
    case RTB_SERVICE_RECURSIVE:
        return "pthread mutexes of type PTHREAD_MUTEX_RECURSIVE, with PTHREAD_PRIO_INHERIT";
    case RTB_SERVICE_SEND_WAIT:
        return "mq_send on the blocking descriptor: a send to a full queue waits";
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "POSIX message queues wake the most urgent receiver first (SCHED_FIFO)";
    case RTB_SERVICE_TASK_DORMANT:
        return rtb_os_service_unsupported(service);
    }
    return "";
}

rtb_flags *rtb_os_flags_create(void)
{
    pthread_mutexattr_t mutex_attr;
    pthread_condattr_t cond_attr;
    pthread_mutexattr_init(&mutex_attr);
    pthread_mutexattr_setprotocol(&mutex_attr, PTHREAD_PRIO_INHERIT);
    pthread_condattr_init(&cond_attr);
    pthread_condattr_setclock(&cond_attr, CLOCK_MONOTONIC);
    rtb_flags *found = NULL;
    pthread_mutex_lock(&slots);
    for (unsigned i = 0; i < MAX_FLAGS && !found; i++) {
        rtb_flags *flags = &flag_groups[i];
        if (flags->used || pthread_mutex_init(&flags->mutex, &mutex_attr) != 0)
            continue;
        if (pthread_cond_init(&flags->changed, &cond_attr) != 0) {
            pthread_mutex_destroy(&flags->mutex);
            continue;
        }
        flags->bits = 0u;
        flags->waiters = 0u;
        flags->used = true;
        found = flags;
    }
    pthread_mutex_unlock(&slots);
    pthread_condattr_destroy(&cond_attr);
    pthread_mutexattr_destroy(&mutex_attr);
    return found;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (!flags || !flags->used)
        return;
    pthread_cond_destroy(&flags->changed);
    pthread_mutex_destroy(&flags->mutex);
    pthread_mutex_lock(&slots);
    flags->used = false;
    pthread_mutex_unlock(&slots);
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    pthread_mutex_lock(&flags->mutex);
    flags->bits |= bits;
    bool waited = flags->waiters != 0u;
    pthread_mutex_unlock(&flags->mutex);
    /* After the unlock, so that a woken waiter does not block at once on the mutex. */
    if (waited)
        pthread_cond_broadcast(&flags->changed);
    return RTB_OK;
}

static bool satisfied(uint32_t have, uint32_t want, bool all)
{
    return all ? (have & want) == want : (have & want) != 0u;
}

rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    struct timespec deadline = rtb_posix_deadline(CLOCK_MONOTONIC, timeout == RTB_WAIT_FOREVER ? 0u : timeout);
    rtb_err result = RTB_OK;
    pthread_mutex_lock(&flags->mutex);
    while (!satisfied(flags->bits, bits, all)) {
        if (timeout == RTB_NO_WAIT) {
            result = RTB_TIMEOUT;
            break;
        }
        flags->waiters++;
        int failed = timeout == RTB_WAIT_FOREVER ? pthread_cond_wait(&flags->changed, &flags->mutex)
                                                 : pthread_cond_timedwait(&flags->changed, &flags->mutex, &deadline);
        flags->waiters--;
        if (failed == ETIMEDOUT && !satisfied(flags->bits, bits, all)) {
            result = RTB_TIMEOUT;
            break;
        }
    }
    *seen = result == RTB_OK ? flags->bits & bits : 0u;
    flags->bits &= ~*seen;
    pthread_mutex_unlock(&flags->mutex);
    return result;
}

static void *timer_thread(void *arg)
{
    rtb_timer *timer = arg;
    for (;;) {
        uint64_t expirations = 0;
        if (read(timer->fd, &expirations, sizeof expirations) == (ssize_t)sizeof expirations && expirations)
            timer->fn(timer->arg);
    }
    return NULL;
}

static bool start_thread(rtb_timer *timer)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, TIMER_STACK_BYTES);
    if (rtb_posix_fifo_granted(NULL)) {
        struct sched_param param = {.sched_priority = RTB_POSIX_FIFO_TIMER};
        pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
        pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
        pthread_attr_setschedparam(&attr, &param);
    }
    int failed = pthread_create(&timer->thread, &attr, timer_thread, timer);
    pthread_attr_destroy(&attr);
    if (!failed)
        pthread_setname_np(timer->thread, "rtb-timer");
    return !failed;
}

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    if (ticks == 0u)
        return NULL;
    rtb_timer *found = NULL;
    pthread_mutex_lock(&slots);
    for (unsigned i = 0; i < MAX_TIMERS && !found; i++)
        if (!timers[i].used) {
            timers[i].used = true;
            found = &timers[i];
        }
    pthread_mutex_unlock(&slots);
    if (!found)
        return NULL;
    found->fn = fn;
    found->arg = arg;
    found->ticks_ns = (uint64_t)ticks * (1000000000u / RTB_POSIX_TICK_HZ);
    found->expiry_ns = 0u;
    found->fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    if (found->fd >= 0 && start_thread(found))
        return found;
    if (found->fd >= 0)
        close(found->fd);
    found->used = false;
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer)
{
    if (!timer || !timer->used)
        return;
    pthread_cancel(timer->thread); /* it waits in read, a cancellation point */
    pthread_join(timer->thread, NULL);
    close(timer->fd);
    pthread_mutex_lock(&slots);
    timer->used = false;
    pthread_mutex_unlock(&slots);
}

rtb_err rtb_os_timer_start(rtb_timer *timer)
{
#if defined(RTB_TS_CLOCK_MONOTONIC_NS)
    timer->expiry_ns = rtb_posix_now_ns(CLOCK_MONOTONIC) + timer->ticks_ns;
    timer->expiry_ts = (uint32_t)timer->expiry_ns;
#else
    /* Timestamps on another clock (a guest's hardware counter): the expiry is carried over from
     * two reads side by side, off by the few ns between them. */
    uint32_t now_ts = rtb_target_ts();
    timer->expiry_ns = rtb_posix_now_ns(CLOCK_MONOTONIC) + timer->ticks_ns;
    timer->expiry_ts = now_ts + (uint32_t)(timer->ticks_ns * RTB_TS_HZ / 1000000000u);
#endif
    struct itimerspec expiry = {.it_value = rtb_posix_timespec(timer->expiry_ns)};
    return timerfd_settime(timer->fd, TFD_TIMER_ABSTIME, &expiry, NULL) == 0 ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer)
{
    struct itimerspec disarmed = {0};
    return timerfd_settime(timer->fd, 0, &disarmed, NULL) == 0 ? RTB_OK : RTB_ERROR;
}

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    *expiry_ts = timer->expiry_ts;
    return true;
}
