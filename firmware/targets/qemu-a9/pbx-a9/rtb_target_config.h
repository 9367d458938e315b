/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* qemu-a9 on the realview-pbx-a9 machine, under a kernel that brings its own board support
 * (RTEMS's realview_pbx_a9_qemu BSP). Timestamps are the low word of the Cortex-A9 global timer,
 * as on vexpress-a9: 100 MHz of virtual time from reset, so that under `-icount shift=5` a delta
 * in ticks times 5/16, rounded, is an exact instruction count. */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#define RTB_TARGET_CPU_HZ 100000000u
#define RTB_TS_HZ 100000000u
#define RTB_TS_UNIT "instructions"
#define RTB_TS_SCALE_NUM 5u
#define RTB_TS_SCALE_DEN 16u

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench (the
 * kernel's linker script has a .noinit section). */
#define RTB_NOINIT __attribute__((section(".noinit")))

/* The interrupts the target serves (rtb_target_interrupt_id): the benchmark timer (the A9
 * private timer, PPI 29) and the benchmark UART (UART1, SPI 13). A kernel whose board support
 * dispatches interrupts by number attaches these to rtb_target_interrupt_id. */
#define RTB_TARGET_IRQ_IDS {29u, 45u}

/* The benchmark UART (PL011 UART1) has no host backend and QEMU models no line time. */
#define RTB_TARGET_UART_LINE                                                                     \
    "QEMU's PL011 has no line timing: the DR write itself raises the TX interrupt, whatever the " \
    "baud rate"

static inline uint32_t rtb_target_ts(void) { return *(volatile uint32_t *)0x1F000200u; }

#endif
