/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Observation of the kernel tick: ports report each tick interrupt's span here. */
#ifndef RTB_TICK_H
#define RTB_TICK_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RTB_TICK_CAPTURE_MAX 2048u

/* Called by the port's tick interrupt wrapper with the timestamps at its entry and exit. */
void rtb_core_tick_observed(uint32_t start, uint32_t end);

/* In images built with RTB_WITH_SERVICES, the port's tick wrapper also reports its entry, before
 * the kernel's tick runs: where a tick-driven kernel's timers expire, timer_expiry's reference. */
void rtb_core_tick_entered(uint32_t start);
/* How many tick entries were reported (a count that starts anywhere: compare two readings), and
 * the timestamp of the last one. */
uint32_t rtb_tick_entries(uint32_t *last_start);

/* Arms a capture of the next `count` ticks; rtb_tick_capture_count says how many arrived. */
void rtb_tick_capture_start(uint32_t count);
uint32_t rtb_tick_capture_count(void);
int32_t rtb_tick_capture_span(uint32_t index);
void rtb_tick_capture_stop(void);

#ifdef __cplusplus
}
#endif

#endif
