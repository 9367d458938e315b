/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_switch_fpu: task_switch between two equal-priority tasks, fpu=0 with tasks that never
 * touch the FPU, fpu=1 with tasks that keep a live value in a floating-point register across
 * every yield, so that each switch saves and restores FPU state. The difference is what the
 * kernel's FPU-aware switch costs (on ARMv7-M/ARMv8-M, lazy stacking decides at run time).
 * Timed: from one task's yield call to the other task's first instruction after its own yield.
 * Order 139, after mutex_contention by name: the plain image's last benchmarks, so that no other
 * benchmark runs after them and starts at another point of the tick.
 * Checked: strict alternation, and each task's floating-point value survives every switch. */
#include "rtb/bench.h"
#include "rtb/fpu.h"
#include "rtb/group.h"

#define PRIO 10u

#ifdef RTB_NO_FPU
/* No FPU state to switch: nothing below is built, the benchmark only says why. */
static void run(rtb_run *run) { rtb_unsupported(run, RTB_NO_FPU); }
#else
static struct {
    rtb_run *run;
    rtb_group group;
    volatile uint32_t t0;
    volatile int next;
    volatile uint32_t count;
    /* Read and counted after the timed window (volatile: not moved before the call that ends
     * it), so that fpu=1 times exactly the instructions fpu=0 does, plus what the kernel adds. */
    volatile float step;
    volatile uint32_t rounds[2];
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

/* After a yield returned in task `me`: records the switch, or ends the run. */
static void after_yield(int me)
{
    uint32_t t1 = rtb_now();
    if (s.next != me) {
        if (s.count < rtb_loops(s.run))
            rtb_fail(s.run, "a yield did not hand over to the other equal-priority task");
        rtb_group_done(&s.group);
    }
    rtb_sample(s.run, (int32_t)(t1 - s.t0));
    if (++s.count >= rtb_loops(s.run) || rtb_failed(s.run))
        rtb_group_done(&s.group);
}

/* Never executes a floating-point instruction: its context has no FPU state. */
static void switcher_plain(void *arg)
{
    const int me = (int)(uintptr_t)arg;
    for (bool returned = false;; returned = true) {
        if (returned)
            after_yield(me);
        s.next = 1 - me;
        s.t0 = rtb_now();
        rtb_os_task_yield();
    }
}

static void switcher_fpu(void *arg)
{
    const int me = (int)(uintptr_t)arg;
    const float base = (float)(me + 1) * 1000.0f;
    float held = base;
    s.rounds[me] = 0;
    for (bool returned = false;; returned = true) {
        if (returned) {
            after_yield(me);
            held += s.step;
            s.rounds[me]++;
        }
        if (held != base + (float)s.rounds[me]) {
            rtb_fail(s.run, "a task's floating-point register changed across a switch");
            rtb_group_done(&s.group);
        }
        s.next = 1 - me;
        s.t0 = rtb_now();
        rtb_os_task_yield(); /* `held`, used after the call, lives in a callee-saved FPU register */
    }
}

static void run(rtb_run *run)
{
    const char *why_not = rtb_os_fpu_unsupported();
    if (why_not) {
        rtb_unsupported(run, why_not);
        return;
    }
    rtb_task_fn fn = rtb_param(run) ? switcher_fpu : switcher_plain;
    s.run = run;
    s.count = 0;
    s.next = -1;
    s.step = 1.0f;
    if (!rtb_group_init(&s.group, run))
        return;
    rtb_group_spawn(&s.group, "switch0", fn, (void *)0, PRIO);
    rtb_group_spawn(&s.group, "switch1", fn, (void *)1, PRIO);
    rtb_group_join(&s.group, 1);
}
#endif

RTB_PARAM_VALUES(task_switch_fpu, 0, 1);
RTB_BENCHMARK(task_switch_fpu, 139,
              "task_switch with tasks that never use the FPU (fpu=0) or hold a value in an FPU register (fpu=1)",
              run, RTB_PARAM(task_switch_fpu, "fpu"));
