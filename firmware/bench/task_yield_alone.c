/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_yield_alone: the runner yields while no other task of its priority is ready (latency_measure's
 * yield without a context switch). Timed: the yield call. Checked: a ready task less urgent than
 * the runner never ran during the yields (a yield hands over only within the caller's priority),
 * and it did run once the runner slept. Kernels without a yield (uC/OS-II: one task per priority)
 * report unsupported. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_LOAD (RTB_PRIO_RUNNER - 1u)

static struct {
    rtb_group group;
    volatile uint32_t runs;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void run(rtb_run *run)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_YIELD);
    if (why) {
        rtb_unsupported(run, why);
        return;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_YIELD));
    s.runs = 0;
    if (!rtb_group_init(&s.group, run))
        return;
    rtb_group_spawn_ready_load(&s.group, 1u, PRIO_LOAD, PRIO_LOAD + 1u, &s.runs);
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_os_task_yield();
        uint32_t t1 = rtb_now();
        rtb_sample(run, (int32_t)(t1 - t0));
    }
    if (s.runs)
        rtb_fail(run, "a yield handed over to a less urgent task");
    rtb_os_delay_ticks(1);
    if (!rtb_failed(run) && !s.runs)
        rtb_fail(run, "the less urgent ready task never ran: the scenario did not happen");
    rtb_group_stop(&s.group);
    rtb_group_join(&s.group, 0);
}

RTB_BENCHMARK(task_yield_alone, 151, "yield with no other task of the caller's priority ready: the call, no switch", run);
