/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* mutex_unlock_wake: a task unlocks a mutex a less urgent task waits for (rtos-benchmark's unlock
 * that unpends a waiter). Timed: the unlock call, which hands the mutex over and readies the
 * waiter without switching to it. Checked: the waiter was blocked in its lock before the unlock,
 * it had not run when the unlock returned, and it then owned the mutex once the unlocker blocked.
 * A third, least urgent task wakes the unlocker once the waiter has blocked. Under an immediate
 * priority ceiling (ASP3) the new owner runs at the ceiling, above the unlocker, so the unlock
 * always switches: the run is then unsupported, with that reason; with inheritance it fails. */
#include <string.h>

#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH (RTB_PRIO_RUNNER - 1u)
#define PRIO_WAITER (RTB_PRIO_RUNNER - 2u)
#define PRIO_KICKER (RTB_PRIO_RUNNER - 3u)

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_mutex *mutex;
    rtb_sem *go, *waiter_go;
    volatile bool waiting;
    volatile uint32_t owned;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void high_task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        if (!rtb_expect_ok(s.run, rtb_os_mutex_lock(s.mutex, RTB_NO_WAIT), "could not lock the free mutex"))
            break;
        rtb_os_sem_give(s.waiter_go); /* the waiter is less urgent: it runs once we block */
        if (!rtb_expect_ok(s.run, rtb_os_sem_take(s.go, RTB_WAIT_FOREVER), "semaphore take failed"))
            break;
        if (!s.waiting || s.owned != i) {
            rtb_fail(s.run, "the less urgent task was not waiting for the mutex");
            break;
        }
        uint32_t t0 = rtb_now();
        rtb_err unlocked = rtb_os_mutex_unlock(s.mutex);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(s.run, unlocked, "unlocking the mutex failed"))
            break;
        if (s.owned != i) {
            if (strcmp(rtb_os_mutex_protocol(), "ceiling") == 0)
                rtb_unsupported(s.run, "the kernel's priority ceiling is immediate: the waiter handed the mutex runs "
                                       "at the ceiling, above the unlocker, so the unlock always switches to it");
            else
                rtb_fail(s.run, "the unlock switched to the less urgent waiter");
            break;
        }
        rtb_sample(s.run, (int32_t)(t1 - t0));
        /* Block so that the waiter takes the mutex; the kicker wakes us once it blocked again. */
        if (!rtb_expect_ok(s.run, rtb_os_sem_take(s.go, RTB_WAIT_FOREVER), "semaphore take failed"))
            break;
        if (s.owned != i + 1u) {
            rtb_fail(s.run, "the waiter did not get the mutex it was handed");
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
        s.waiting = true;
        rtb_err locked = rtb_os_mutex_lock(s.mutex, RTB_WAIT_FOREVER);
        s.waiting = false;
        if (!rtb_expect_ok(s.run, locked, "the waiter's blocking lock failed"))
            continue;
        s.owned++;
        rtb_os_mutex_unlock(s.mutex);
    }
}

/* Runs only when both others are blocked. */
static void kicker_task(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group))
        rtb_os_sem_give(s.go);
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.waiting = false;
    s.owned = 0;
    rtb_note(run, rtb_os_mutex_protocol());
    s.mutex = rtb_os_mutex_create();
    s.go = rtb_os_sem_create(0, 1);
    s.waiter_go = rtb_os_sem_create(0, 1);
    if (!s.mutex || !s.go || !s.waiter_go)
        rtb_fail(run, "could not create a mutex and two semaphores");
    else if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_HIGH);
        rtb_group_spawn(&s.group, "waiter", waiter_task, 0, PRIO_WAITER);
        rtb_group_spawn(&s.group, "kicker", kicker_task, 0, PRIO_KICKER);
        rtb_group_join(&s.group, 2);
    }
    rtb_os_sem_delete(s.waiter_go);
    rtb_os_sem_delete(s.go);
    rtb_os_mutex_delete(s.mutex);
}

RTB_BENCHMARK(mutex_unlock_wake, 154, "unlock of a mutex a less urgent task waits for: the call, no switch", run);
