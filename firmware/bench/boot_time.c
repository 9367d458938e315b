/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* boot_time: from reset (the timestamp counter starts in the reset handler's first
 * instructions) to the first instruction of the first task: C run-time start-up, kernel
 * initialisation, first task creation and scheduler start. rtbench's own console and option
 * set-up in between is excluded. One sample: boot happens once per image run; its phases
 * (the ports mark them) come with it. */
#include "rtb/bench.h"

static void run(rtb_run *run)
{
    rtb_boot_phases(run);
    rtb_sample(run, (int32_t)rtb_boot_span());
}

RTB_BENCHMARK(boot_time, 5, "reset to the first task's first instruction (kernel start-up)", run,
              .flags = RTB_RAW, .count = 1, .count_warmup = 0);
