/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt of a Linux process (the host, the qemu-a9 guest): a POSIX timer on
 * CLOCK_MONOTONIC, armed with an absolute expiry, signals one dedicated handler thread
 * (SIGEV_THREAD_ID) that waits for it in sigwaitinfo at the priority the kernel port asks
 * interrupts to run at. This is a threaded interrupt, as PREEMPT_RT runs device interrupts: the
 * hrtimer interrupt wakes the thread, and its first timestamp read is t_entry. t_fire is the
 * programmed expiry in the timestamps' time base (rtb_linux_irq_expiry). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "linux_target.h"
#include "rtb/irq.h"
#include "rtb/target.h"

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

#define HANDLER_STACK_BYTES (64u * 1024u)

static timer_t timer;
static pid_t handler_tid;
static sem_t handler_ready;
static volatile uint32_t armed_fire;

static void *handler_thread(void *arg)
{
    (void)arg;
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, rtb_linux_irq_signal());
    handler_tid = gettid();
    sem_post(&handler_ready);
    for (;;) {
        siginfo_t info;
        if (sigwaitinfo(&wanted, &info) < 0)
            continue;
        uint32_t t_entry = rtb_target_ts();
        rtb_core_irq(armed_fire, t_entry);
    }
    return NULL;
}

static _Noreturn void refuse(const char *what)
{
    fprintf(stderr, "rtbench: benchmark interrupt: %s: %s\n", what, strerror(errno));
    _exit(2);
}

/* priority: the SCHED_FIFO priority of the handler thread (0: the default policy). */
void rtb_target_irq_setup(uint32_t priority)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, HANDLER_STACK_BYTES);
    if (priority) {
        struct sched_param param = {.sched_priority = (int)priority};
        pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
        pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
        pthread_attr_setschedparam(&attr, &param);
    }
    sem_init(&handler_ready, 0, 0);
    pthread_t thread;
    int failed = pthread_create(&thread, &attr, handler_thread, NULL);
    if (failed == EPERM) { /* no real-time privilege: the port has already warned */
        pthread_attr_setinheritsched(&attr, PTHREAD_INHERIT_SCHED);
        failed = pthread_create(&thread, &attr, handler_thread, NULL);
    }
    pthread_attr_destroy(&attr);
    if (failed) {
        errno = failed;
        refuse("pthread_create");
    }
    while (sem_wait(&handler_ready) != 0) {
    }
    struct sigevent event = {.sigev_notify = SIGEV_THREAD_ID, .sigev_signo = rtb_linux_irq_signal()};
    event.sigev_notify_thread_id = handler_tid;
    if (timer_create(CLOCK_MONOTONIC, &event, &timer) != 0)
        refuse("timer_create");
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    struct itimerspec expiry = {0};
    armed_fire = rtb_linux_irq_expiry(delay_ts, &expiry.it_value);
    timer_settime(timer, TIMER_ABSTIME, &expiry, NULL);
}
