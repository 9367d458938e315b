/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Counting operations in windows of the kernel's own tick, the 2012 soft-processor study's
 * method: a window opens on a tick edge and closes when the kernel's tick counter has advanced
 * by the window's ticks, so the tick's own work, and whatever else the kernel does meanwhile,
 * is inside the count. A sample is the operations in one window (unit "operations", more is
 * better), next to the per-call medians of the timed benchmarks. */
#ifndef RTB_WINDOW_H
#define RTB_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "rtb/bench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The study's window: 10 ms (option window_ms). */
#define RTB_WINDOW_MS 10u

/* The window in ticks for `window_ms`, or 0 after failing the run as unsupported when it is
 * not a whole number of the kernel's ticks. */
uint32_t rtb_window_ticks(rtb_run *run, uint32_t window_ms);
/* Waits (busy, so that no other task runs) for the next tick edge and returns the tick count
 * at which a window of `ticks` closes. */
uint32_t rtb_window_open(uint32_t ticks);
static inline bool rtb_window_is_open(uint32_t closes) { return (int32_t)(rtb_os_tick_count() - closes) < 0; }

/* Each window benchmark registers with .count = 10 (windows), .count_warmup = 1,
 * .count_key = "windows" and .unit = "operations". */

#ifdef __cplusplus
}
#endif

#endif
