/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sem_take_block: a task takes an empty semaphore and blocks; a less urgent task runs (latency_measure's
 * blocking take, RTOSBench's semaphore wait with a switch). Timed: from the take call to the less
 * urgent task running. Checked: the less urgent task ran only while the other was inside its take,
 * and its give woke the taker, whose take succeeded, before the give returned. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH (RTB_PRIO_RUNNER - 1u)
#define PRIO_LOW (RTB_PRIO_RUNNER - 2u)

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t t0;
    volatile bool taking, finished;
    volatile uint32_t taken;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void taker(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        s.taking = true;
        s.t0 = rtb_now();
        rtb_err got = rtb_os_sem_take(s.sem, RTB_WAIT_FOREVER);
        s.taking = false;
        if (!rtb_expect_ok(s.run, got, "blocking semaphore take failed"))
            break;
        s.taken++;
    }
    s.finished = true;
    rtb_group_done(&s.group);
}

/* Parks once the taker is done: a host kernel lets a task it deletes run on to its next
 * cancellation point. */
static void park_if_finished(void)
{
    while (s.finished)
        rtb_os_task_suspend_self();
}

static void giver(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t t1 = rtb_now();
        park_if_finished();
        if (!s.taking) {
            rtb_fail(s.run, "the less urgent task ran while the taker was not blocked in its take");
            rtb_group_done(&s.group);
        }
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
        uint32_t before = s.taken;
        if (!rtb_expect_ok(s.run, rtb_os_sem_give(s.sem), "semaphore give failed") || s.taken != before + 1u) {
            rtb_fail(s.run, "giving the semaphore did not wake the more urgent taker");
            rtb_group_done(&s.group);
        }
    }
}

static void run(rtb_run *run)
{
    s.run = run;
    s.taking = s.finished = false;
    s.taken = 0;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "taker", taker, 0, PRIO_HIGH);
        rtb_group_spawn(&s.group, "giver", giver, 0, PRIO_LOW);
        rtb_group_join(&s.group, 1);
    }
    rtb_os_sem_delete(s.sem);
}

RTB_BENCHMARK(sem_take_block, 153, "take of an empty semaphore that blocks: take call to the less urgent task running", run);
