/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt in the Linux guest: a POSIX timer (CLOCK_MONOTONIC, absolute expiry)
 * signalling one handler thread at the interrupt priority, as on the linux target. This is the
 * user-space route: the kernel's hrtimer interrupt (the A9 private timer) wakes the thread, not
 * a device interrupt of the benchmark's own; Debian's kernel has no generic UIO driver
 * (CONFIG_UIO_PDRV_GENIRQ is off) through which a device timer's interrupt could reach user
 * space. t_fire is the programmed expiry mapped onto the global timer: CLOCK_MONOTONIC and the
 * global timer both count QEMU's virtual time, so they differ by a constant, measured once as
 * the midpoint of two counter reads around clock_gettime (the bracket's half-width is recorded). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "a9_guest.h"
#include "linux_target.h"
#include "rtb/irq.h"
#include "rtb/target.h"

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

#define HANDLER_STACK_BYTES (64u * 1024u)
#define NS_PER_TICK 10u

static timer_t timer;
static pid_t handler_tid;
static sem_t handler_ready;
static volatile uint32_t armed_fire;
/* Global timer count at CLOCK_MONOTONIC 0, in ticks (CLOCK_MONOTONIC = ticks x 10 ns - offset). */
static uint64_t mono_zero_ticks;
static uint64_t bracket_ticks;

static uint64_t mono_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

uint64_t rtb_a9_mono_zero_ticks(void) { return mono_zero_ticks; }

uint32_t rtb_a9_irq_calibrate(void)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 5; i++) {
        uint64_t before = rtb_a9_count64();
        uint64_t mono = mono_ns();
        uint64_t after = rtb_a9_count64();
        if (after - before < best) {
            best = after - before;
            mono_zero_ticks = before + (after - before) / 2u - mono / NS_PER_TICK;
        }
    }
    bracket_ticks = best;
    return (uint32_t)best;
}

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
    fprintf(stderr, "rtbench qemu-a9 guest: benchmark interrupt: %s: %s\n", what, strerror(errno));
    _exit(2);
}

void rtb_target_irq_setup(uint32_t priority)
{
    if (!bracket_ticks)
        rtb_a9_irq_calibrate();
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
    uint64_t fire_ns = mono_ns() + (uint64_t)delay_ts * NS_PER_TICK;
    armed_fire = (uint32_t)(mono_zero_ticks + fire_ns / NS_PER_TICK);
    struct itimerspec expiry = {.it_value = {.tv_sec = (time_t)(fire_ns / 1000000000u),
                                             .tv_nsec = (long)(fire_ns % 1000000000u)}};
    timer_settime(timer, TIMER_ABSTIME, &expiry, NULL);
}
