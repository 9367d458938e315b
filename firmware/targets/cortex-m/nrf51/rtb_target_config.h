/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU microbit (nRF51, Cortex-M0). Timestamps come from TIMER0 at 16 MHz. Run under
 * `-icount shift=7`, one instruction advances the virtual clock by 128 ns = 2.048 timer ticks,
 * so a delta in ticks times 125/256 is an exact instruction count (not a cycle count). */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#define RTB_TARGET_CPU_HZ 16000000u
#define RTB_TS_HZ 16000000u
#define RTB_TS_UNIT "instructions"
#define RTB_TS_SCALE_NUM 125u
#define RTB_TS_SCALE_DEN 256u

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench. */
#define RTB_NOINIT __attribute__((section(".noinit")))

#define RTB_TARGET_NO_UART "the nRF51 has one UART, and rtbench's console uses it"

/* Reading TIMER0 is a capture task then a CC read: an interrupt between the two that read the
 * timer too would overwrite CC[0], so the pair runs with interrupts masked. */
static inline uint32_t rtb_target_ts(void)
{
    uint32_t primask;
    __asm__ volatile("mrs %0, primask\n cpsid i" : "=r"(primask)::"memory");
    *(volatile uint32_t *)0x40008040u = 1u;              /* TIMER0 TASKS_CAPTURE[0] */
    uint32_t now = *(volatile uint32_t *)0x40008540u;    /* TIMER0 CC[0] */
    __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
    return now;
}

#endif
