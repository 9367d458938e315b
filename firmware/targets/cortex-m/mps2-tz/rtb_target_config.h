/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU mps2-an505 (Cortex-M33). Timestamps come from CMSDK APB timer0 at 20 MHz. Run under
 * `-icount shift=7`, one instruction advances the virtual clock by 128 ns = 2.56 timer ticks,
 * so a delta in ticks times 25/64 is an exact instruction count (not a cycle count). */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#define RTB_TARGET_CPU_HZ 20000000u
#define RTB_TS_HZ 20000000u
#define RTB_TS_UNIT "instructions"
#define RTB_TS_SCALE_NUM 25u
#define RTB_TS_SCALE_DEN 64u

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench. */
#define RTB_NOINIT __attribute__((section(".noinit")))

/* The benchmark UART (UART1) has no host backend and QEMU models no line time. */
#define RTB_TARGET_UART_LINE                                                                     \
    "QEMU's CMSDK UART has no line timing: the DATA write itself raises the TX interrupt, "      \
    "whatever the baud rate"

#define RTB_TIMER0_VALUE (*(volatile uint32_t *)0x50000004u)

/* timer0 counts down from 0xffffffff; its complement counts up. */
static inline uint32_t rtb_target_ts(void) { return ~RTB_TIMER0_VALUE; }

#endif
