/* Observation of the kernel tick: ports report each tick interrupt's span here. */
#ifndef RTB_TICK_H
#define RTB_TICK_H

#include <stdbool.h>
#include <stdint.h>

#define RTB_TICK_CAPTURE_MAX 2048u

/* Called by the port's tick interrupt wrapper with the timestamps at its entry and exit. */
void rtb_core_tick_observed(uint32_t start, uint32_t end);

/* Arms a capture of the next `count` ticks; rtb_tick_capture_count says how many arrived. */
void rtb_tick_capture_start(uint32_t count);
uint32_t rtb_tick_capture_count(void);
int32_t rtb_tick_capture_span(uint32_t index);
void rtb_tick_capture_stop(void);

#endif
