/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sem_shuffle (Rhealstone semaphore shuffle): two equal-priority tasks contend for one
 * semaphore. Timed: from the holder's give, through its yield, to the other task returning
 * from its blocked take. Checked: never two holders, and ownership strictly alternates. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO 10u
#define NOBODY (-1)

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t t0;
    volatile int holder;
    volatile int released_by;
    volatile uint32_t count;
} s;

static void contender(void *arg)
{
    const int me = (int)(uintptr_t)arg;
    for (;;) {
        rtb_err taken = rtb_os_sem_take(s.sem, RTB_WAIT_FOREVER);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(s.run, taken, "blocking semaphore take failed") || s.holder != NOBODY)
            rtb_fail(s.run, "two tasks held the semaphore at once");
        s.holder = me;
        if (s.released_by == 1 - me) {
            rtb_sample(s.run, (int32_t)(t1 - s.t0));
            if (++s.count >= rtb_loops(s.run))
                rtb_group_done(&s.group);
        } else if (s.released_by == me) {
            rtb_fail(s.run, "the releasing task took the semaphore back before the waiter");
        }
        if (rtb_failed(s.run))
            rtb_group_done(&s.group);
        rtb_os_task_yield(); /* the other task now blocks on the semaphore */
        s.holder = NOBODY;
        s.released_by = me;
        s.t0 = rtb_now();
        rtb_os_sem_give(s.sem);
        rtb_os_task_yield(); /* hand over to the woken task */
    }
}

static void run(rtb_run *run)
{
    s.run = run;
    s.count = 0;
    s.holder = NOBODY;
    s.released_by = NOBODY;
    s.sem = rtb_os_sem_create(1, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "shuffle0", contender, (void *)0, PRIO);
        rtb_group_spawn(&s.group, "shuffle1", contender, (void *)1, PRIO);
        rtb_group_join(&s.group, 1);
    }
    rtb_os_sem_delete(s.sem);
}

RTB_BENCHMARK(sem_shuffle, 43, "Rhealstone semaphore shuffle: give + yield to the blocked equal-priority taker", run);
