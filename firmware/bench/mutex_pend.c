/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* mutex_pend, mutex_pend_pi: a task blocks on a mutex another task holds; timed from its lock call
 * to the next task running, the pend alone (mutex_pi times the whole chain, to the waiter owning
 * the mutex).
 * mutex_pend: the waiter is less urgent than the owner, so nothing is inherited; the task that
 * runs next is a third, least urgent one. Checked: the waiter was inside its lock when that task
 * ran, and owned the mutex once the owner released it.
 * mutex_pend_pi: the waiter is more urgent than the owner, and a medium task is ready: the owner
 * must run next, raised above the medium task (the inheritance level). Checked: the owner ran
 * while the waiter was inside its lock, the medium task had not run, and did once the waiter was
 * done. Under an immediate priority ceiling (ASP3) the owner runs above every user of the mutex,
 * so the waiter never pends: that run is unsupported, with the reason. */
#include <string.h>

#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_TOP (RTB_PRIO_RUNNER - 1u)
#define PRIO_MIDDLE (RTB_PRIO_RUNNER - 2u)
#define PRIO_BOTTOM (RTB_PRIO_RUNNER - 3u)

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_mutex *mutex;
    rtb_sem *go, *waiter_go;
    rtb_task *high, *medium;
    volatile uint32_t t0;
    volatile bool pending, medium_ran;
    volatile uint32_t owned;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

/* mutex_pend: owner (top), waiter (middle), next (bottom). */
static void owner_task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        if (!rtb_expect_ok(s.run, rtb_os_mutex_lock(s.mutex, RTB_NO_WAIT), "could not lock the free mutex"))
            break;
        rtb_os_sem_give(s.waiter_go);
        rtb_os_sem_take(s.go, RTB_WAIT_FOREVER); /* the waiter pends, the next task wakes us */
        if (!s.pending || s.owned != i) {
            rtb_fail(s.run, "the waiter was not blocked on the mutex");
            break;
        }
        rtb_os_mutex_unlock(s.mutex);
        rtb_os_sem_take(s.go, RTB_WAIT_FOREVER); /* the waiter takes the mutex and lets it go */
        if (s.owned != i + 1u) {
            rtb_fail(s.run, "the waiter did not get the mutex once its owner released it");
            break;
        }
    }
    rtb_group_stop(&s.group);
    rtb_group_done(&s.group);
}

static void waiter_task(void *arg)
{
    (void)arg;
    for (;;) {
        if (rtb_os_sem_take(s.waiter_go, RTB_WAIT_FOREVER) != RTB_OK)
            continue;
        s.pending = true;
        s.t0 = rtb_now();
        rtb_err locked = rtb_os_mutex_lock(s.mutex, RTB_WAIT_FOREVER);
        s.pending = false;
        if (!rtb_expect_ok(s.run, locked, "the waiter's blocking lock failed"))
            continue;
        s.owned++;
        rtb_os_mutex_unlock(s.mutex);
    }
}

/* Runs whenever both others are blocked: right after the waiter pends (timed), and after the
 * waiter let the mutex go. */
static void next_task(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        uint32_t t1 = rtb_now();
        if (s.pending)
            rtb_sample(s.run, (int32_t)(t1 - s.t0));
        rtb_os_sem_give(s.go);
    }
    rtb_group_done(&s.group);
}

/* mutex_pend_pi: high (top), medium (middle), low (bottom), as in mutex_pi. */
static void high_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        rtb_os_task_resume(s.medium); /* ready, but below us */
        s.pending = true;
        s.t0 = rtb_now();
        rtb_err locked = rtb_os_mutex_lock(s.mutex, RTB_WAIT_FOREVER);
        s.pending = false;
        if (rtb_expect_ok(s.run, locked, "blocking mutex lock failed"))
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
        s.pending = false;
        rtb_os_task_resume(s.high); /* runs until it blocks on the mutex */
        uint32_t t1 = rtb_now();
        bool pended = s.pending;
        if (!pended) {
            if (strcmp(rtb_os_mutex_protocol(), "ceiling") == 0)
                rtb_unsupported(s.run, "the kernel's priority ceiling is immediate: the owner runs at the ceiling, "
                                       "above every user of the mutex, so a more urgent task never pends on it");
            else
                rtb_fail(s.run, "the more urgent task did not block on the mutex the low task held");
        } else if (s.medium_ran) {
            rtb_fail(s.run, "priority inversion: the medium task ran while the high task waited for the mutex");
        }
        rtb_os_mutex_unlock(s.mutex); /* hands the mutex over; the high task preempts */
        if (!pended)
            break;
        if (!s.medium_ran) {
            rtb_fail(s.run, "the medium task never ran: the scenario did not happen");
            break;
        }
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
    }
    rtb_group_done(&s.group);
}

static bool begin(rtb_run *run)
{
    s.run = run;
    s.pending = s.medium_ran = false;
    s.owned = 0;
    rtb_note(run, rtb_os_mutex_protocol());
    s.mutex = rtb_os_mutex_create();
    s.go = rtb_os_sem_create(0, 1);
    s.waiter_go = rtb_os_sem_create(0, 1);
    if (!s.mutex || !s.go || !s.waiter_go) {
        rtb_fail(run, "could not create a mutex and two semaphores");
        return false;
    }
    return rtb_group_init(&s.group, run);
}

static void end(void)
{
    rtb_os_sem_delete(s.waiter_go);
    rtb_os_sem_delete(s.go);
    rtb_os_mutex_delete(s.mutex);
}

static void run_pend(rtb_run *run)
{
    if (begin(run)) {
        rtb_group_spawn(&s.group, "owner", owner_task, 0, PRIO_TOP);
        rtb_group_spawn(&s.group, "waiter", waiter_task, 0, PRIO_MIDDLE);
        rtb_group_spawn(&s.group, "next", next_task, 0, PRIO_BOTTOM);
        rtb_group_join(&s.group, 2);
    }
    end();
}

static void run_pend_pi(rtb_run *run)
{
    if (begin(run)) {
        s.high = rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_TOP);
        s.medium = rtb_group_spawn(&s.group, "medium", medium_task, 0, PRIO_MIDDLE);
        rtb_group_spawn(&s.group, "low", low_task, 0, PRIO_BOTTOM);
        rtb_group_join(&s.group, 1);
    }
    end();
}

RTB_BENCHMARK(mutex_pend, 157, "lock of a mutex a more urgent task holds, which blocks: lock call to the next task running",
              run_pend);
RTB_BENCHMARK(mutex_pend_pi, 158, "lock of a mutex a less urgent task holds, medium task ready: lock call to the raised owner running",
              run_pend_pi);
