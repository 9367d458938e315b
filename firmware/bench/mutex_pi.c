/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* mutex_pi (Rhealstone deadlock break): a low task holds a mutex, a high task blocks on it
 * while a medium task is ready. Timed: from the high task's lock call to it owning the mutex.
 * Checked: the medium task did not run in between (the kernel's inversion avoidance -
 * inheritance or ceiling - lifted the holder above it), and it did run afterwards. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH 15u
#define PRIO_MEDIUM 10u
#define PRIO_LOW 5u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_mutex *mutex;
    rtb_task *high, *medium;
    volatile uint32_t t0;
    volatile bool medium_ran;
} s;

static void high_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        rtb_os_task_resume(s.medium); /* ready, but below us */
        s.t0 = rtb_now();
        rtb_err locked = rtb_os_mutex_lock(s.mutex, RTB_WAIT_FOREVER);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(s.run, locked, "blocking mutex lock failed"))
            continue;
        if (s.medium_ran)
            rtb_fail(s.run, "priority inversion: the medium task ran while the high task waited for the mutex");
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
        rtb_os_mutex_unlock(s.mutex);
    }
}

static void medium_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        s.medium_ran = true;
    }
}

static void low_task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        if (!rtb_expect_ok(s.run, rtb_os_mutex_lock(s.mutex, RTB_NO_WAIT), "low task could not lock the free mutex"))
            break;
        s.medium_ran = false;
        rtb_os_task_resume(s.high); /* runs until it blocks on the mutex */
        rtb_os_mutex_unlock(s.mutex); /* hands the mutex over; the high task preempts */
        if (!s.medium_ran)
            rtb_fail(s.run, "the medium task never ran: the scenario did not happen");
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    rtb_note(run, rtb_os_mutex_protocol());
    s.mutex = rtb_os_mutex_create();
    if (!s.mutex) {
        rtb_fail(run, "could not create a mutex");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        s.high = rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_HIGH);
        s.medium = rtb_group_spawn(&s.group, "medium", medium_task, 0, PRIO_MEDIUM);
        rtb_group_spawn(&s.group, "low", low_task, 0, PRIO_LOW);
        rtb_group_join(&s.group, 1);
    }
    rtb_os_mutex_delete(s.mutex);
}

RTB_BENCHMARK(mutex_pi, 72, "deadlock break: high task's lock of a mutex a low task holds, medium task ready", run);
