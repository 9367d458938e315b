/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* window_preempt: the 2012 study's task preemption count. A low task resumes a high task that
 * suspends itself again, as often as it can in a window of the kernel's own tick (option
 * window_ms, default 10), with N extra ready tasks below both, each at a priority of its own
 * (parameter `tasks`). One operation = one preemption by the resumed task and the switch back.
 * The tick's work is inside the count, so a tick that walks every task (uC/OS-II) shows as fewer
 * operations with more tasks. Checked: every resume preempted at once, no extra task ran. */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/window.h"

#define PRIO_HIGH (RTB_PRIO_RUNNER - 1u)
#define PRIO_LOW (RTB_PRIO_RUNNER - 2u)
#define PRIO_FIRST_EXTRA 1u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_task *high;
    uint32_t window_ticks;
    volatile uint32_t resumed;
    volatile uint32_t extra_runs;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void high_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        s.resumed++;
    }
}

static void low_task(void *arg)
{
    (void)arg;
    for (uint32_t w = 0; w < rtb_loops(s.run) && !rtb_failed(s.run); w++) {
        uint32_t count = 0;
        s.resumed = 0;
        for (uint32_t closes = rtb_window_open(s.window_ticks); rtb_window_is_open(closes); count++)
            rtb_os_task_resume(s.high);
        if (s.resumed != count)
            rtb_fail(s.run, "a resume of a higher-priority task did not preempt the caller");
        rtb_sample(s.run, (int32_t)count);
    }
    if (s.extra_runs)
        rtb_fail(s.run, "a lower-priority ready task ran while higher ones were ready");
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    uint32_t extra = rtb_param(run);
    s.run = run;
    s.extra_runs = 0;
    s.window_ticks = rtb_window_ticks(run, rtb_option(run, "window_ms", RTB_WINDOW_MS));
    if (rtb_failed(run) || !rtb_group_init(&s.group, run))
        return;
    s.high = rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_HIGH);
    rtb_group_spawn_ready_load(&s.group, extra, PRIO_FIRST_EXTRA, PRIO_LOW, &s.extra_runs);
    rtb_group_spawn(&s.group, "low", low_task, 0, PRIO_LOW);
    rtb_group_join(&s.group, 1);
}

RTB_PARAM_VALUES(window_preempt, 0, 5, 10, 15, 30);
RTB_BENCHMARK(window_preempt, 120, "preemptions (resume a suspended higher task) per tick window, N extra ready tasks",
              run, RTB_PARAM(window_preempt, "tasks"), .count = 10, .count_warmup = 1,
              .count_key = "windows", .unit = "operations");
