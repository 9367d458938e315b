/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Periodic release on a tick-driven kernel: periods are whole ticks, releases absolute. */
#ifndef RTB_PORT_PERIOD_H
#define RTB_PORT_PERIOD_H

#include <stdbool.h>
#include <stdint.h>

/* `period_us` in ticks of a `tick_hz` tick; false unless it is a whole, non-zero number of
 * them (the port then reports RTB_UNSUPPORTED). Inline: rtb_os_period_begin runs it just before
 * it waits for a tick, and a call there moves the idle loop's phase at that tick, which
 * uC/OS-II's periodic_jitter measures. */
static inline bool rtb_port_period_ticks(uint32_t period_us, uint32_t tick_hz, uint32_t *ticks)
{
    uint64_t scaled = (uint64_t)period_us * tick_hz;
    if (scaled == 0u || scaled % 1000000u != 0u)
        return false; /* a tick-driven kernel releases on whole ticks only */
    *ticks = (uint32_t)(scaled / 1000000u);
    return true;
}

/* For kernels without a sleep-until: the ticks left until the absolute tick `next`, 0 once it
 * has passed. A release at most one `period` after `now` is still to come; anything else lies
 * behind (tick counts wrap). Inline for the same reason as above. */
static inline uint32_t rtb_port_ticks_until(uint32_t next, uint32_t now, uint32_t period)
{
    uint32_t left = next - now;
    return left <= period ? left : 0u;
}

#endif
