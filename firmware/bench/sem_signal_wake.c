/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sem_signal_wake: a high task blocks on a semaphore, a low task gives it. Timed: from the
 * give call to the high task running. Checked: the take succeeds and the give preempts. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH 20u
#define PRIO_LOW 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t t0;
    volatile bool woke;
} s;

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

static void signaller(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        s.woke = false;
        s.t0 = rtb_now();
        if (rtb_expect_ok(s.run, rtb_os_sem_give(s.sem), "semaphore give failed") && !s.woke)
            rtb_fail(s.run, "giving the semaphore did not wake the higher-priority waiter");
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "waiter", waiter, 0, PRIO_HIGH);
        rtb_group_spawn(&s.group, "signaller", signaller, 0, PRIO_LOW);
        rtb_group_join(&s.group, 1);
    }
    rtb_os_sem_delete(s.sem);
}

RTB_BENCHMARK(sem_signal_wake, 42, "high task blocked on a semaphore, low task gives it: give to high task running", run);
