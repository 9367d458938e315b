/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "default": what a shipped product runs. No asserts, no trace facility, no stack
 * checking. Time slicing is off so equal-priority tasks switch only when they yield (the
 * SCHED_FIFO semantics every kernel can match); the tick is 100 Hz so that it interrupts a
 * measured interval rarely (one tick = 78125 instructions under icount shift=7). */
#define RTB_PROFILE_NAME "default"
#define configUSE_PREEMPTION 1
#define configUSE_TIME_SLICING 0
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 1
#define configTICK_RATE_HZ 100u
#define configCHECK_FOR_STACK_OVERFLOW 0
#define configUSE_TRACE_FACILITY 0
#define configGENERATE_RUN_TIME_STATS 0
