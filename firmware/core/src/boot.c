/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Boot-time marks: reset -> main (C run-time start-up), then, from the kernel's start (after
 * rtbench's own console and options), its initialisation, the first objects and the first task. */
#include "boot.h"

#include "rtb/boot.h"
#include "rtb/bench.h"
#include "run.h"

static uint32_t t_main, t_kernel, t_first;
/* Not zeroed at reset, so that the phases add nothing to the C run-time start they measure;
 * cleared on entering main, where rtbench's own (unmeasured) set-up begins. */
static uint32_t t_initialised RTB_NOINIT, t_objects RTB_NOINIT;

void rtb_boot_main_entered(uint32_t now)
{
    t_main = now;
    t_initialised = t_objects = 0;
}

void rtb_boot_kernel_starting(uint32_t now) { t_kernel = now; }

void rtb_boot_kernel_initialised(void) { t_initialised = rtb_now(); }

void rtb_boot_objects_created(void) { t_objects = rtb_now(); }

void rtb_boot_first_task(void) { t_first = rtb_now(); }

#ifdef RTB_BOOT_KERNEL_FIRST
/* Taken before rtb_main, after the start-up zeroed .bss. */
static uint32_t t_runtime_done;

void rtb_boot_runtime_done(uint32_t now) { t_runtime_done = now; }
#endif

uint32_t rtb_boot_span(void)
{
#ifdef RTB_TARGET_NO_RESET
    rtb_run_unsupported_now(RTB_TARGET_NO_RESET);
    return 0;
#else
    return (t_main - rtb_target_reset_ts()) + (t_first - t_kernel);
#endif
}

void rtb_boot_phases(rtb_run *run)
{
#if defined(RTB_BOOT_KERNEL_FIRST) && !defined(RTB_TARGET_NO_RESET)
    rtb_phase(run, "c_runtime", (int32_t)(t_runtime_done - rtb_target_reset_ts()));
    rtb_phase(run, "kernel_init", (int32_t)(t_main - t_runtime_done));
    rtb_phase(run, "objects_created", (int32_t)(t_objects - t_kernel));
    rtb_phase(run, "first_task", (int32_t)(t_first - t_objects));
#elif !defined(RTB_TARGET_NO_RESET)
    rtb_phase(run, "c_runtime", (int32_t)(t_main - rtb_target_reset_ts()));
    if (t_initialised && t_objects) {
        rtb_phase(run, "kernel_init", (int32_t)(t_initialised - t_kernel));
        rtb_phase(run, "objects_created", (int32_t)(t_objects - t_initialised));
        rtb_phase(run, "first_task", (int32_t)(t_first - t_objects));
    } else {
        rtb_phase(run, "kernel_to_first_task", (int32_t)(t_first - t_kernel));
    }
#else
    (void)run;
#endif
}
