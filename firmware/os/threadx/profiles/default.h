/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "default": what a shipped product runs, matching the other kernels' default
 * profiles. No API error checking (ThreadX's asserts), no event trace, no performance
 * counters, no stack filling or checking; 100 Hz tick; no time slicing (each thread is
 * created with TX_NO_TIME_SLICE) and no preemption-threshold feature. */
#define RTB_PROFILE_NAME "default"
#define TX_TIMER_TICKS_PER_SECOND 100UL
#define TX_DISABLE_ERROR_CHECKING
#define TX_DISABLE_STACK_FILLING
#define TX_DISABLE_PREEMPTION_THRESHOLD
