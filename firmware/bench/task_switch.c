/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_switch: two equal-priority tasks yield to each other. Timed: from one task's yield
 * call to the other task's first instruction after its own yield returned.
 * Checked: every yield hands the processor to the other task (strict alternation). */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO 10u

static struct {
    rtb_run *run;
    rtb_group group;
    volatile uint32_t t0;
    volatile int next; /* which task must run after the current one yields */
    volatile uint32_t count;
} s;

static void switcher(void *arg)
{
    const int me = (int)(uintptr_t)arg;
    bool returned_from_yield = false;
    for (;;) {
        if (returned_from_yield) {
            uint32_t t1 = rtb_now();
            if (s.next != me) {
                /* Unless the other task ended the run while this one waited: a host kernel may
                 * let this one run once more before the runner reclaims both. */
                if (s.count < rtb_loops(s.run))
                    rtb_fail(s.run, "a yield did not hand over to the other equal-priority task");
                rtb_group_done(&s.group);
            }
            rtb_sample(s.run, (int32_t)(t1 - s.t0));
            if (++s.count >= rtb_loops(s.run) || rtb_failed(s.run))
                rtb_group_done(&s.group);
        }
        s.next = 1 - me;
        s.t0 = rtb_now();
        rtb_os_task_yield();
        returned_from_yield = true;
    }
}

static void run(rtb_run *run)
{
    s.run = run;
    s.count = 0;
    s.next = -1;
    if (!rtb_group_init(&s.group, run))
        return;
    rtb_group_spawn(&s.group, "switch0", switcher, (void *)0, PRIO);
    rtb_group_spawn(&s.group, "switch1", switcher, (void *)1, PRIO);
    rtb_group_join(&s.group, 1);
}

RTB_BENCHMARK(task_switch, 10, "two equal-priority tasks yield to each other: yield to the other task running", run);
