/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_suspend_switch: a task suspends itself and a less urgent task runs (rtos-benchmark's
 * "Suspend (context switch)"). Timed: from the suspend call to the less urgent task running.
 * Checked: the less urgent task ran only while the other was inside its suspend call, and its
 * resume returned the processor to the suspended task before the resume call returned. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH (RTB_PRIO_RUNNER - 1u)
#define PRIO_LOW (RTB_PRIO_RUNNER - 2u)

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_task *high;
    volatile uint32_t t0;
    volatile bool suspending, finished;
    volatile uint32_t resumed;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void high_task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        s.suspending = true;
        s.t0 = rtb_now();
        rtb_err suspended = rtb_os_task_suspend_self();
        s.suspending = false;
        s.resumed++;
        if (!rtb_expect_ok(s.run, suspended, "suspending oneself failed"))
            break;
    }
    s.finished = true;
    rtb_group_done(&s.group);
}

/* Parks once the measuring task is done: a host kernel lets a task it deletes run on to its next
 * cancellation point. */
static void park_if_finished(void)
{
    while (s.finished)
        rtb_os_task_suspend_self();
}

static void low_task(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t t1 = rtb_now();
        park_if_finished();
        if (!s.suspending) {
            rtb_fail(s.run, "the less urgent task ran while the more urgent one was not suspending itself");
            rtb_group_done(&s.group);
        }
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
        uint32_t before = s.resumed;
        rtb_os_task_resume(s.high);
        if (s.resumed != before + 1u) {
            rtb_fail(s.run, "resuming the more urgent task did not run it before the resume returned");
            rtb_group_done(&s.group);
        }
    }
}

static void run(rtb_run *run)
{
    s.run = run;
    s.suspending = s.finished = false;
    s.resumed = 0;
    if (!rtb_group_init(&s.group, run))
        return;
    s.high = rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_HIGH);
    rtb_group_spawn(&s.group, "low", low_task, 0, PRIO_LOW);
    rtb_group_join(&s.group, 1);
}

RTB_BENCHMARK(task_suspend_switch, 152, "a task suspends itself: suspend call to the less urgent task running", run);
