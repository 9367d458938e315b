/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* For targets whose kernel tick and interrupts come from platform peripherals behind one
 * interrupt line of the CPU (RISC-V SoCs without a CLINT): what such a target provides to the
 * kernel port's trap handling, and what the port provides back. */
#ifndef RTB_TARGET_IRQ_H
#define RTB_TARGET_IRQ_H

#include <stdint.h>

/* Target: start the periodic kernel tick interrupt at `tick_hz`. */
void rtb_target_tick_start(uint32_t tick_hz);
/* Target: serve the pending platform interrupts (the tick calls rtb_os_tick_interrupt()). */
void rtb_target_interrupt(void);
/* Target: report an unexpected exception (mcause, mepc, mtval) as a fault; never returns. */
_Noreturn void rtb_target_exception(void);

/* Target with a GIC whose interrupt the kernel's own entry acknowledges and ends (Cortex-A):
 * serve interrupt `id` (the tick calls rtb_os_tick_interrupt()). */
void rtb_target_interrupt_id(uint32_t id);

/* Kernel port: one kernel tick, called from interrupt context. */
void rtb_os_tick_interrupt(void);

#endif
