/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* LiteX/VexRiscv SoC simulated by Verilator. Timestamps are CPU cycles from the SoC's cycle
 * counter (one CSR load), exact on every CPU variant; an image built with RTB_TS_INSTRET counts
 * retired instructions (minstret) instead, on the variants that have it (full). */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#include "rtb_soc_regs.h"

#define RTB_TARGET_CPU_HZ RTB_SOC_CLOCK_HZ
#define RTB_TS_HZ RTB_SOC_CLOCK_HZ
#if defined(RTB_TS_INSTRET)
#define RTB_TS_UNIT "instructions"
#define RTB_TS_COUNTS_WORK 1
#else
#define RTB_TS_UNIT "cycles"
#endif
#define RTB_TS_SCALE_NUM 1u
#define RTB_TS_SCALE_DEN 1u

/* The benchmark UART is rtbench's own transmitter in the SoC (soc/bench_uart.py). */
#define RTB_TARGET_UART_LINE                                                                     \
    "rtbench's UART in the SoC raises its interrupt once a character has left the line: 10 "     \
    "bits at the option baud, in cycles of the SoC's nominal " RTB_SOC_CLOCK_HZ_TEXT " Hz clock"
#if !defined(RTB_TS_INSTRET)
#define RTB_TARGET_UART_FIRE_LATCHED 1
#endif

/* Arming the interrupt timer and blocking take a few thousand cycles on this core (FreeRTOS on
 * lite needs between 250 and 320 us of the nominal 10 MHz, the slowest seen): the benchmark
 * interrupt is armed 500 us ahead so that the measuring task has blocked when it fires, on every
 * variant and kernel (rtb/irq.h checks it). */
#ifndef RTB_TARGET_IRQ_TRIGGER_DELAY_US
#define RTB_TARGET_IRQ_TRIGGER_DELAY_US 500u
#endif

/* CV32E40P enters traps through a vector table (the other CPUs: mtvec is the kernel's entry). */
#if defined(RTB_CPU_CV32E40P)
#include "cv32e40p_vectors.h"
#endif

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench. */
#define RTB_NOINIT __attribute__((section(".noinit")))

#if defined(RTB_TS_INSTRET)
static inline uint32_t rtb_target_ts(void)
{
    uint32_t count;
    __asm__ volatile("csrr %0, minstret" : "=r"(count));
    return count;
}
#else
static inline uint32_t rtb_target_ts(void) { return *(volatile uint32_t *)RTB_CSR_CYCLES_VALUE; }
#endif

#endif
