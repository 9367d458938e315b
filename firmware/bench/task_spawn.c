/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_spawn: a task creates (and so starts: rtb_os_task_create does both in one call) a task more
 * urgent than itself. Timed: from the create call to the new task's first instruction, the
 * creation and the switch to it (rtos-benchmark's "Spawn (context switch)"; the spawn of a less
 * urgent task, which does not switch, is task_create). Checked: the new task ran, with its
 * argument, before the create call returned, once per spawn; it was then deleted suspended. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_SPAWNER (RTB_PRIO_RUNNER - 2u)
#define PRIO_NEW (RTB_PRIO_RUNNER - 1u)
#define ARG_MAGIC 0x5A5Au

static struct {
    rtb_run *run;
    rtb_group group;
    volatile uint32_t t0, t1;
    volatile uint32_t ran;
    volatile uintptr_t arg;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void new_task(void *arg)
{
    s.t1 = rtb_now();
    s.arg = (uintptr_t)arg;
    s.ran++;
    for (;;)
        rtb_os_task_suspend_self();
}

static void spawner(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        s.arg = 0;
        s.t0 = rtb_now();
        rtb_task *task = rtb_os_task_create("new", new_task, (void *)(uintptr_t)(ARG_MAGIC + i), PRIO_NEW);
        if (!task) {
            const char *why = rtb_os_task_unsupported(PRIO_NEW);
            if (why)
                rtb_unsupported(s.run, why);
            else
                rtb_fail(s.run, "could not create a task");
            break;
        }
        bool ran = s.ran == i + 1u && s.arg == ARG_MAGIC + i;
        rtb_os_task_delete(task);
        if (!ran) {
            rtb_fail(s.run, "a task more urgent than its creator did not run, with its argument, before the "
                            "create call returned");
            break;
        }
        rtb_sample(s.run, (int32_t)(s.t1 - s.t0));
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.ran = 0;
    if (!rtb_group_init(&s.group, run))
        return;
    rtb_group_spawn(&s.group, "spawner", spawner, 0, PRIO_SPAWNER);
    rtb_group_join(&s.group, 1);
}

RTB_BENCHMARK(task_spawn, 150, "create a task more urgent than the creator: create call to the new task running", run);
