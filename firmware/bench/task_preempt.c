/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_preempt, task_preempt_load: a high task suspends itself, a low task resumes it.
 * Timed: from the resume call to the high task running. task_preempt_load adds N ready tasks
 * below both (parameter `tasks`), each at a priority of its own (as the 2012 study did) while
 * the kernel has levels left, so that kernels with one task per priority run it too. Checked:
 * the resume preempts the low task at once, and none of the extra ready tasks ever runs. */
#include "rtb/bench.h"
#include "rtb/group.h"

/* The pair just below the runner leaves every lower level to the extra tasks. */
#define PRIO_HIGH (RTB_PRIO_RUNNER - 1u)
#define PRIO_LOW (RTB_PRIO_RUNNER - 2u)
#define PRIO_FIRST_EXTRA 1u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_task *high;
    volatile uint32_t t0;
    volatile bool high_ran;
    volatile uint32_t extra_runs;
} s;

static void high_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        uint32_t t1 = rtb_now();
        s.high_ran = true;
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
    }
}

static void low_task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        s.high_ran = false;
        s.t0 = rtb_now();
        if (rtb_expect_ok(s.run, rtb_os_task_resume(s.high), "task resume failed") && !s.high_ran)
            rtb_fail(s.run, "resuming a higher-priority task did not preempt the caller");
    }
    if (s.extra_runs)
        rtb_fail(s.run, "a lower-priority ready task ran while higher ones were ready");
    rtb_group_done(&s.group);
}

static void run_with(rtb_run *run, uint32_t extra)
{
    s.run = run;
    s.extra_runs = 0;
    if (!rtb_group_init(&s.group, run))
        return;
    s.high = rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_HIGH);
    rtb_group_spawn_ready_load(&s.group, extra, PRIO_FIRST_EXTRA, PRIO_LOW, &s.extra_runs);
    rtb_group_spawn(&s.group, "low", low_task, 0, PRIO_LOW);
    rtb_group_join(&s.group, 1);
}

static void run_plain(rtb_run *run) { run_with(run, 0); }
static void run_load(rtb_run *run) { run_with(run, rtb_param(run)); }

RTB_BENCHMARK(task_preempt, 20, "low task resumes a suspended high task: resume call to high task running", run_plain);
RTB_PARAM_VALUES(task_preempt_load, 0, 5, 10, 15, 30);
RTB_BENCHMARK(task_preempt_load, 21, "task_preempt with N extra ready lower-priority tasks, a priority each", run_load,
              RTB_PARAM(task_preempt_load, "tasks"));
