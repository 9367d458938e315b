/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Windows of the kernel's own tick for counting benchmarks (rtb/window.h). */
#include "rtb/window.h"

uint32_t rtb_window_ticks(rtb_run *run, uint32_t window_ms)
{
    uint64_t scaled = (uint64_t)window_ms * rtb_os_tick_hz();
    if (window_ms == 0u || scaled % 1000u != 0u || scaled / 1000u > UINT32_MAX / 2u) {
        rtb_unsupported(run, "window_ms must be a whole number of the kernel's ticks");
        return 0u;
    }
    return (uint32_t)(scaled / 1000u);
}

uint32_t rtb_window_open(uint32_t ticks)
{
    uint32_t before = rtb_os_tick_count();
    uint32_t now;
    while ((now = rtb_os_tick_count()) == before) {
    }
    return now + ticks;
}
