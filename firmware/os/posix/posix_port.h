/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Internals shared by the posix port's files. */
#ifndef RTB_POSIX_PORT_H
#define RTB_POSIX_PORT_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* rtbench priority p (1..30) runs at SCHED_FIFO FIFO_BASE + p: above the default priority of
 * PREEMPT_RT's interrupt threads (50), below the kernel's own top-priority threads (99). */
#define RTB_POSIX_FIFO_BASE 50
/* The benchmark interrupt's handler thread runs above every task, as an interrupt would. */
#define RTB_POSIX_FIFO_ISR 90
/* Timeouts and delays count in these units (Linux is tickless: a nominal rate). A target whose
 * CPU is slow against real time (an emulated guest: 1 ms is under 8000 instructions on qemu-a9)
 * sets a coarser one, so that a tick still outlasts a few context switches. */
#include "rtb_target_config.h"
#ifdef RTB_TARGET_POSIX_TICK_HZ
#define RTB_POSIX_TICK_HZ RTB_TARGET_POSIX_TICK_HZ
#else
#define RTB_POSIX_TICK_HZ 1000u
#endif
#define RTB_POSIX_STACK_BYTES (128u * 1024u)

/* Whether threads may use SCHED_FIFO (probed once); `why_not` says why when they may not. */
bool rtb_posix_fifo_granted(const char **why_not);

/* CLOCK_MONOTONIC in ns, and helpers for absolute deadlines. */
uint64_t rtb_posix_now_ns(clockid_t clock);
struct timespec rtb_posix_timespec(uint64_t ns);
/* The absolute time `ticks` timeout units from now on `clock`. */
struct timespec rtb_posix_deadline(clockid_t clock, uint32_t ticks);

#endif
