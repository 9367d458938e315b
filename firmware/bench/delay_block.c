/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* delay_block: a task going to sleep for one tick while N other tasks sleep (parameter
 * `tasks`). Timed: from the delay call until the next task runs, i.e. the kernel's record of
 * the delay (a sorted delayed list, a timer wheel, a hardware timer) plus the switch away.
 * The N sleepers, above the measured task, wake on the same ticks and are asleep again before
 * it sleeps, so a list sorted by wake time holds all N ahead of it. Samples: one per tick
 * (option `delays`, default 100). Checked: another task ran only once the measured task
 * slept, the sleep lasted until a tick, and the sleepers kept waking. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_OBSERVER 1u
#define PRIO_MEASURED 2u
/* One priority per sleeper (rtb_group_spread_prio), so that kernels without shared priorities
 * run every N up to 27; the kernel orders its delayed tasks by wake time anyway. */
#define PRIO_FIRST_SLEEPER 3u

static struct {
    rtb_run *run;
    rtb_group group;
    volatile bool armed;
    volatile uint32_t t1;
    volatile uint32_t wakeups;
} s;

/* Below everything else: it runs exactly when the measured task has gone to sleep. */
static void observer(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        if (s.armed) {
            s.t1 = rtb_now();
            s.armed = false;
        }
    }
    rtb_group_done(&s.group);
}

static void sleeper(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        rtb_os_delay_ticks(1);
        s.wakeups++;
    }
    rtb_group_done(&s.group);
}

static void measured(void *arg)
{
    (void)arg;
    rtb_os_delay_ticks(1); /* start right after a tick, so that no tick cuts a measurement short */
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        s.armed = true;
        uint32_t t0 = rtb_now();
        rtb_os_delay_ticks(1);
        if (s.armed)
            rtb_fail(s.run, "no lower-priority task ran while the measured task slept");
        else
            rtb_sample(s.run, (int32_t)(s.t1 - t0));
    }
    rtb_group_stop(&s.group);
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    uint32_t tasks = rtb_param(run);
    s.run = run;
    s.armed = false;
    s.wakeups = 0;
    if (!rtb_group_init(&s.group, run))
        return;
    rtb_group_spawn(&s.group, "observer", observer, 0, PRIO_OBSERVER);
    for (uint32_t i = 0; i < tasks && !rtb_failed(run); i++)
        rtb_group_spawn(&s.group, "sleeper", sleeper, 0, rtb_group_spread_prio(PRIO_FIRST_SLEEPER, i));
    rtb_group_spawn(&s.group, "measured", measured, 0, PRIO_MEASURED);
    rtb_group_join(&s.group, rtb_failed(run) ? 0u : 2u + tasks);
    if (s.wakeups < tasks * (rtb_loops(run) / 2u))
        rtb_fail(run, "the sleeping tasks did not wake on every tick");
}

RTB_PARAM_VALUES(delay_block, 0, 5, 10, 15, 30);
RTB_BENCHMARK(delay_block, 91, "a task sleeps for a tick with N tasks asleep: delay call to the next task running",
              run, RTB_PARAM(delay_block, "tasks"), .count = 100, .count_warmup = 2, .count_key = "delays");
