/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* mutex_contention: a mutex held by a low task, N more urgent tasks (parameter `contenders`, a
 * priority each) blocked on it, least urgent first. Timed: from the holder's unlock call to the
 * most urgent waiter owning the mutex (the holder, lifted by the kernel's inversion avoidance,
 * drops back and is preempted). Then each owner unlocks and suspends itself, handing the mutex
 * on. Checked: the waiters owned the mutex in priority order, most urgent first, one at a time.
 * A driver below every other task sets each round up (so it runs only once they are all blocked):
 * it lets the holder lock the mutex and block, resumes the waiters one by one, each of which
 * preempts it and blocks on the mutex, then releases the holder. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define MAX_CONTENDERS 10u
#define PRIO_DRIVER 1u
#define PRIO_HOLDER 2u
#define PRIO_FIRST_CONTENDER 3u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_mutex *mutex;
    rtb_sem *release;
    rtb_task *holder;
    rtb_task *contenders[MAX_CONTENDERS];
    uint32_t count;
    volatile uint32_t t0;
    volatile uint32_t owners;
    volatile bool held;
    volatile uint32_t order[MAX_CONTENDERS];
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void holder_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        if (!rtb_expect_ok(s.run, rtb_os_mutex_lock(s.mutex, RTB_WAIT_FOREVER), "the holder could not lock the mutex"))
            continue;
        s.held = true;
        rtb_os_sem_take(s.release, RTB_WAIT_FOREVER); /* holding it, while the contenders block */
        s.held = false;
        s.t0 = rtb_now();
        rtb_os_mutex_unlock(s.mutex);
    }
}

static void contender_task(void *arg)
{
    uint32_t rank = (uint32_t)(uintptr_t)arg; /* 0: least urgent */
    for (;;) {
        rtb_os_task_suspend_self();
        rtb_err locked = rtb_os_mutex_lock(s.mutex, RTB_WAIT_FOREVER);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(s.run, locked, "blocking mutex lock failed"))
            continue;
        uint32_t nth = s.owners;
        if (s.held)
            rtb_fail(s.run, "a contender owned the mutex while the holder held it");
        if (nth < MAX_CONTENDERS)
            s.order[nth] = rank;
        s.owners = nth + 1u;
        if (nth == 0u)
            rtb_sample(s.run, (int32_t)(t1 - s.t0));
        rtb_os_mutex_unlock(s.mutex); /* to the next waiter, less urgent: no switch yet */
    }
}

static void driver_task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        rtb_os_task_resume(s.holder); /* it locks the mutex and blocks */
        if (!s.held) {
            rtb_fail(s.run, "the holder did not take the mutex");
            break;
        }
        for (uint32_t k = 0; k < s.count; k++)
            rtb_os_task_resume(s.contenders[k]); /* it preempts, and blocks on the mutex */
        s.owners = 0;
        rtb_os_sem_give(s.release); /* the holder unlocks; the owners run in turn */
        if (s.owners != s.count) {
            rtb_fail(s.run, "not every contender owned the mutex once the holder unlocked it");
            break;
        }
        for (uint32_t j = 0; j < s.count; j++)
            if (s.order[j] != s.count - 1u - j) {
                rtb_fail(s.run, "a less urgent waiter owned the mutex before a more urgent one");
                break;
            }
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.count = rtb_param(run);
    s.owners = 0;
    s.held = false;
    if (s.count == 0u || s.count > MAX_CONTENDERS) {
        rtb_fail(run, "option contenders must be 1..10");
        return;
    }
    rtb_note(run, rtb_os_mutex_protocol());
    s.mutex = rtb_os_mutex_create();
    s.release = rtb_os_sem_create(0, 1);
    if (!s.mutex || !s.release)
        rtb_fail(run, "could not create a mutex and a semaphore");
    if (!rtb_failed(run) && rtb_group_init(&s.group, run)) {
        s.holder = rtb_group_spawn(&s.group, "holder", holder_task, 0, PRIO_HOLDER);
        for (uint32_t k = 0; k < s.count && !rtb_failed(run); k++)
            s.contenders[k] = rtb_group_spawn(&s.group, "contender", contender_task, (void *)(uintptr_t)k,
                                              PRIO_FIRST_CONTENDER + k);
        if (!rtb_failed(run))
            rtb_group_spawn(&s.group, "driver", driver_task, 0, PRIO_DRIVER);
        rtb_group_join(&s.group, 1);
    }
    if (s.mutex)
        rtb_os_mutex_delete(s.mutex);
    if (s.release)
        rtb_os_sem_delete(s.release);
}

RTB_PARAM_VALUES(mutex_contention, 2, 5, 10);
RTB_BENCHMARK(mutex_contention, 139, "N tasks blocked on a mutex a low task holds: its unlock to the most urgent waiter owning it",
              run, RTB_PARAM(mutex_contention, "contenders"));
