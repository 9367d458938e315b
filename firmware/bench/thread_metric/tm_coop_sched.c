/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_coop_sched (Thread-Metric cooperative scheduling): five equal-priority tasks each count
 * and yield in turn. Reports yields per period. Checked: round-robin fairness. Each time the
 * sampling task preempts, a kernel may hand the processor on to the next task in the ready
 * list (FreeRTOS does), so the preempted task loses at most one turn per sample. */
#include "tm_measure.h"

#define PRIO 10u
#define TASKS 5u

static struct {
    rtb_group group;
    volatile uint32_t counts[TASKS];
} s;

static void worker(void *arg)
{
    volatile uint32_t *count = &s.counts[(uintptr_t)arg];
    while (rtb_group_running(&s.group)) {
        (*count)++;
        rtb_os_task_yield();
    }
    rtb_group_done(&s.group);
}

static void check(rtb_run *run)
{
    tm_expect_even(run, s.counts, TASKS, rtb_loops(run) + 1u, "yielding tasks did not take turns fairly");
}

static void run(rtb_run *run)
{
    for (unsigned i = 0; i < TASKS; i++)
        s.counts[i] = 0;
    if (rtb_group_init(&s.group, run))
        for (uintptr_t i = 0; i < TASKS; i++)
            rtb_group_spawn(&s.group, "tm_coop", worker, (void *)i, PRIO);
    tm_measure(run, &s.group, s.counts, TASKS, TASKS, check);
}

RTB_PARAM_VALUES(tm_coop_sched, 100);
RTB_BENCHMARK(tm_coop_sched, 101, "Thread-Metric cooperative scheduling: yields among 5 equal-priority tasks per period", run,
              RTB_PARAM(tm_coop_sched, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
