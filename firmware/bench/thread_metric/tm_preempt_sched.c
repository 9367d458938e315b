/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_preempt_sched (Thread-Metric preemptive scheduling): five tasks of rising priority. The
 * lowest resumes the next, which preempts it and resumes the next, up to the highest; each
 * then suspends itself, handing back down the chain. Reports task activations per period.
 * Checked: every task ran as often as the lowest (within one chain in progress). */
#include "tm_measure.h"

#define TASKS 5u
#define PRIO_LOWEST 6u

static struct {
    rtb_group group;
    rtb_task *tasks[TASKS];
    volatile uint32_t counts[TASKS];
} s;

static void lowest(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        s.counts[0]++;
        rtb_os_task_resume(s.tasks[1]);
    }
    rtb_group_done(&s.group); /* the higher tasks are suspended */
}

static void higher(void *arg)
{
    uintptr_t me = (uintptr_t)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        s.counts[me]++;
        if (me + 1u < TASKS)
            rtb_os_task_resume(s.tasks[me + 1u]);
    }
}

static void check(rtb_run *run)
{
    tm_expect_even(run, s.counts, TASKS, 1, "a resumed higher-priority task did not preempt at once");
}

static void run(rtb_run *run)
{
    for (unsigned i = 0; i < TASKS; i++)
        s.counts[i] = 0;
    if (rtb_group_init(&s.group, run)) {
        for (uintptr_t i = TASKS - 1u; i > 0; i--)
            s.tasks[i] = rtb_group_spawn(&s.group, "tm_preempt", higher, (void *)i, PRIO_LOWEST + (unsigned)i);
        s.tasks[0] = rtb_group_spawn(&s.group, "tm_preempt0", lowest, 0, PRIO_LOWEST);
    }
    tm_measure(run, &s.group, s.counts, TASKS, 1, check);
}

RTB_PARAM_VALUES(tm_preempt_sched, 100);
RTB_BENCHMARK(tm_preempt_sched, 102, "Thread-Metric preemptive scheduling: resume/suspend chain over 5 priorities, activations per period", run,
              RTB_PARAM(tm_preempt_sched, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
