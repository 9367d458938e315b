/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* qemu-a9 bare metal. Timestamps are the low word of the Cortex-A9 global timer, which QEMU
 * counts at 100 MHz of virtual time from reset. Under `-icount shift=5` one instruction is
 * 32 ns = 3.2 ticks, so a delta in ticks times 5/16, rounded, is an exact instruction count
 * (the error of two 10 ns truncations stays under half an instruction). */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#define RTB_TARGET_CPU_HZ 100000000u
#define RTB_TS_HZ 100000000u
#define RTB_TS_UNIT "instructions"
#define RTB_TS_SCALE_NUM 5u
#define RTB_TS_SCALE_DEN 16u

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench. */
#define RTB_NOINIT __attribute__((section(".noinit")))

/* The benchmark UART (PL011 UART1) has no host backend and QEMU models no line time. */
#define RTB_TARGET_UART_LINE                                                                     \
    "QEMU's PL011 has no line timing: the DR write itself raises the TX interrupt, whatever the " \
    "baud rate"

static inline uint32_t rtb_target_ts(void) { return *(volatile uint32_t *)0x1E000200u; }

#endif
