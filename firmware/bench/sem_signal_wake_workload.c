/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sem_signal_wake_workload (RTOSBench's semaphore workload variant): sem_signal_wake while N
 * background tasks (parameter `tasks`) share the lowest priority, each doing a little work and
 * then yielding to the next. Between two rounds every background task runs once: the last
 * of a round wakes the signaller, which gives the semaphore the high task waits on.
 * Timed: from the give call to the high task running, with the background tasks ready.
 * Checked: the give preempts at once, and every background task ran in every round. Kernels
 * with one task per priority run it with one background task only. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH 20u
#define PRIO_MID 10u
#define PRIO_BACKGROUND 2u
#define WORK_WORDS 16u

/* Set at every run; not zeroed at reset, so that boot_time does not pay for it. */
static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;  /* the measured hand-over */
    rtb_sem *next; /* the background's round is over: the signaller goes on */
    uint32_t tasks;
    volatile uint32_t t0;
    volatile bool woke;
    volatile uint32_t ran[RTB_GROUP_MAX]; /* each background task's rounds */
    uint32_t seen[RTB_GROUP_MAX];         /* ran[] when the signaller last looked */
    volatile uint32_t sink;
} s RTB_NOINIT;

static void waiter(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_err taken = rtb_os_sem_take(s.sem, RTB_WAIT_FOREVER);
        uint32_t t1 = rtb_now();
        s.woke = true;
        if (rtb_expect_ok(s.run, taken, "blocking semaphore take failed"))
            rtb_sample(s.run, (int32_t)(t1 - s.t0));
    }
}

/* Work that touches memory, as RTOSBench's workload does, so that the hand-over does not find
 * the caches and pipeline as the previous hand-over left them. */
static void background(void *arg)
{
    const uint32_t me = (uint32_t)(uintptr_t)arg;
    uint32_t words[WORK_WORDS];
    for (uint32_t round = 0; rtb_group_running(&s.group); round++) {
        for (uint32_t i = 0; i < WORK_WORDS; i++)
            words[i] = (round + i) * 2654435761u;
        uint32_t sum = 0;
        for (uint32_t i = 0; i < WORK_WORDS; i++)
            sum ^= words[i];
        s.sink = sum;
        s.ran[me]++;
        if (me == s.tasks - 1u)
            rtb_os_sem_give(s.next); /* the signaller preempts: this round is over */
        rtb_os_task_yield();
    }
    rtb_group_done(&s.group); /* a host thread is never deleted while it runs */
}

static void signaller(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        if (s.tasks) {
            if (!rtb_expect_ok(s.run, rtb_os_sem_take(s.next, RTB_WAIT_FOREVER), "waiting for the background failed"))
                break;
            /* At least once: a kernel may resume the preempted task's peer first (FreeRTOS
             * picks the next of equal priority), so one round can run a task twice; and the
             * first round may end before every task started (a host thread's start). */
            for (uint32_t k = 0; k < s.tasks; k++) {
                if (i > 0u && s.ran[k] == s.seen[k])
                    rtb_fail(s.run, "a background task did not run in a round (equal priorities do not yield in turn)");
                s.seen[k] = s.ran[k];
            }
        }
        s.woke = false;
        s.t0 = rtb_now();
        if (rtb_expect_ok(s.run, rtb_os_sem_give(s.sem), "semaphore give failed") && !s.woke)
            rtb_fail(s.run, "giving the semaphore did not wake the higher-priority waiter");
    }
    rtb_group_stop(&s.group);
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.tasks = rtb_param(run);
    for (uint32_t k = 0; k < RTB_GROUP_MAX; k++)
        s.ran[k] = s.seen[k] = 0;
    s.sem = rtb_os_sem_create(0, 1);
    s.next = rtb_os_sem_create(0, 1);
    if (s.sem && s.next && rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "waiter", waiter, 0, PRIO_HIGH);
        for (uint32_t k = 0; k < s.tasks && !rtb_failed(run); k++)
            rtb_group_spawn(&s.group, "background", background, (void *)(uintptr_t)k, PRIO_BACKGROUND);
        if (!rtb_failed(run))
            rtb_group_spawn(&s.group, "signaller", signaller, 0, PRIO_MID);
        rtb_group_join(&s.group, rtb_failed(run) ? 0u : 1u + s.tasks);
    } else if (!s.sem || !s.next) {
        rtb_fail(run, "could not create a semaphore");
    }
    if (s.sem)
        rtb_os_sem_delete(s.sem);
    if (s.next)
        rtb_os_sem_delete(s.next);
}

RTB_PARAM_VALUES(sem_signal_wake_workload, 0, 1, 2, 4, 8);
RTB_BENCHMARK(sem_signal_wake_workload, 44, "sem_signal_wake with N background tasks at one lower priority, each working then yielding (RTOSBench's workload variant)",
              run, RTB_PARAM(sem_signal_wake_workload, "tasks"));
