/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
#include "tm_measure.h"

static uint32_t total(volatile const uint32_t *counters, unsigned count)
{
    uint32_t sum = 0;
    for (unsigned i = 0; i < count; i++)
        sum += counters[i];
    return sum;
}

void tm_measure(rtb_run *run, rtb_group *group, volatile const uint32_t *counters, unsigned count,
                unsigned finishers, void (*check)(rtb_run *run))
{
    uint64_t scaled = (uint64_t)rtb_param(run) * rtb_os_tick_hz();
    if (scaled == 0u || scaled % 1000u != 0u) {
        rtb_unsupported(run, "the period is not a whole number of kernel ticks");
    } else if (!rtb_failed(run)) {
        uint32_t period_ticks = (uint32_t)(scaled / 1000u);
        rtb_os_delay_ticks(1); /* workers start; the first period begins on a tick */
        uint32_t first = total(counters, count), previous = first;
        for (uint32_t k = 0; k < rtb_loops(run) && !rtb_failed(run); k++) {
            rtb_os_delay_ticks(period_ticks);
            uint32_t now = total(counters, count);
            rtb_sample(run, (int32_t)(now - previous));
            previous = now;
        }
        if (previous == first)
            rtb_fail(run, "no operation completed: the workers never ran");
        if (check && !rtb_failed(run))
            check(run);
    }
    rtb_group_stop(group);
    rtb_group_join(group, rtb_failed(run) ? 0u : finishers);
}

void tm_expect_even(rtb_run *run, volatile const uint32_t *counters, unsigned count, uint32_t slack,
                    const char *reason)
{
    for (unsigned i = 1; i < count; i++) {
        uint32_t a = counters[0], b = counters[i];
        if ((a > b ? a - b : b - a) > slack)
            rtb_fail(run, reason);
    }
}
