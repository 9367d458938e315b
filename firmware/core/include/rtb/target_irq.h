/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* For targets whose kernel tick and interrupts come from platform peripherals behind one
 * interrupt line of the CPU (RISC-V SoCs without a CLINT): what such a target provides to the
 * kernel port's trap handling, and what the port provides back. */
#ifndef RTB_TARGET_IRQ_H
#define RTB_TARGET_IRQ_H

#include <stdint.h>

#include "rtb/noreturn.h"
#include "rtb/target.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Target (RISC-V): make `entry`, the kernel port's trap entry (it reads mcause itself), the CPU's
 * trap handler. A target whose CPU enters traps elsewhere defines its own in rtb_target_config.h
 * (vexriscv-sim's CV32E40P: a vector table). */
#ifndef RTB_TARGET_TRAP_ENTRY
#define RTB_TARGET_TRAP_ENTRY(entry) __asm__ volatile("csrw mtvec, %0" ::"r"(entry))
#endif

/* Target: start the periodic kernel tick interrupt at `tick_hz`. */
void rtb_target_tick_start(uint32_t tick_hz);
/* Target: serve the pending platform interrupts (the tick calls rtb_os_tick_interrupt()). */
void rtb_target_interrupt(void);
/* Target: report an unexpected exception (mcause, mepc, mtval) as a fault; never returns. */
RTB_NORETURN void rtb_target_exception(void);

/* Target with a GIC whose interrupt the kernel's own entry acknowledges and ends (Cortex-A):
 * serve interrupt `id` (the tick calls rtb_os_tick_interrupt()). */
void rtb_target_interrupt_id(uint32_t id);

/* Kernel port: one kernel tick, called from interrupt context. */
void rtb_os_tick_interrupt(void);

#ifdef __cplusplus
}
#endif

#endif
