/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tick_cost: the duration of the kernel's tick interrupt with N delayed tasks (parameter
 * `tasks`). Task i sleeps 1 + (i mod 4) ticks in a loop, so ticks differ in how many tasks
 * expire, as in a real system. Samples: one per tick (option `ticks`, default 100).
 * Checked: every requested tick was observed and the delayed tasks kept running. */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/tick.h"

/* One priority per sleeper (rtb_group_spread_prio), so that kernels without shared priorities
 * run every N up to 27; the kernel orders its delayed tasks by wake time anyway. */
#define PRIO_FIRST_SLEEPER 3u

static struct {
    rtb_group group;
    volatile uint32_t wakeups;
} s;

static void sleeper(void *arg)
{
    const uint32_t ticks = 1u + (uint32_t)(uintptr_t)arg % 4u;
    for (;;) {
        rtb_os_delay_ticks(ticks);
        s.wakeups++;
    }
}

static void run(rtb_run *run)
{
    uint32_t tasks = rtb_param(run);
    uint32_t ticks = rtb_loops(run);
    if (ticks > RTB_TICK_CAPTURE_MAX) {
        rtb_fail(run, "more ticks requested than the capture buffer holds (2048)");
        return;
    }
    s.wakeups = 0;
    if (!rtb_group_init(&s.group, run))
        return;
    for (uint32_t i = 0; i < tasks && !rtb_failed(run); i++)
        rtb_group_spawn(&s.group, "sleeper", sleeper, (void *)(uintptr_t)i, rtb_group_spread_prio(PRIO_FIRST_SLEEPER, i));
    rtb_os_delay_ticks(1); /* let every sleeper reach its first delay */
    rtb_tick_capture_start(ticks);
    rtb_os_delay_ticks(ticks + 1u);
    rtb_tick_capture_stop();
    uint32_t seen = rtb_tick_capture_count();
    if (seen != ticks)
        rtb_fail(run, "fewer tick interrupts were observed than ticks elapsed");
    if (tasks && s.wakeups < ticks / 4u)
        rtb_fail(run, "the delayed tasks did not wake up as often as they should");
    for (uint32_t i = 0; i < seen; i++)
        rtb_sample(run, rtb_tick_capture_span(i));
    rtb_group_join(&s.group, 0);
}

RTB_PARAM_VALUES(tick_cost, 0, 5, 10, 15, 30);
RTB_BENCHMARK(tick_cost, 90, "kernel tick interrupt duration with N periodically delayed tasks", run,
              RTB_PARAM(tick_cost, "tasks"), .count = 100, .count_warmup = 2, .count_key = "ticks");
