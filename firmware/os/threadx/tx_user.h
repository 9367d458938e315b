/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX configuration for rtbench (the kernel includes it when TX_INCLUDE_USER_DEFINE_FILE
 * is set). Values that change measurements come from the profile header (profiles/<name>.h,
 * chosen at build time); the rest is fixed here. */
#ifndef TX_USER_H
#define TX_USER_H

#include RTB_PROFILE_HEADER

#define TX_MAX_PRIORITIES 32
/* Timers (sleeps, timeouts) expire in the tick interrupt, as on the other kernels, not in a
 * timer thread. */
#define TX_TIMER_PROCESS_IN_ISR
/* Services rtbench does not use. */
#define TX_DISABLE_NOTIFY_CALLBACKS
#define TX_NO_FILEX_POINTER

#include RTB_THREADX_ARCH_HEADER

#endif
