/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Raspberry Pi Pico 2 (RP2350) on its Hazard3 core 0 at 150 MHz: timestamps are mcycle, CPU
 * cycles, read in one instruction. */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#include "rtb_board.h"

#define RTB_TARGET_CPU_HZ RTB_BOARD_CLK_SYS_HZ
#define RTB_TS_HZ RTB_BOARD_CLK_SYS_HZ
#define RTB_TS_UNIT "cycles"
#define RTB_TS_SCALE_NUM 1u
#define RTB_TS_SCALE_DEN 1u

#define RTB_TARGET_NO_UART                                                                       \
    "the Pico 2's drivers have no benchmark UART yet: UART0 is the console, and UART1's driver "  \
    "is not written"

/* As on the SoC's Hazard3: the measuring task has blocked when the interrupt fires. */
#ifndef RTB_TARGET_IRQ_TRIGGER_DELAY_US
#define RTB_TARGET_IRQ_TRIGGER_DELAY_US 500u
#endif

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench. */
#define RTB_NOINIT __attribute__((section(".noinit")))

static inline uint32_t rtb_target_ts(void)
{
    uint32_t count;
    __asm__ volatile("csrr %0, mcycle" : "=r"(count));
    return count;
}

#endif
