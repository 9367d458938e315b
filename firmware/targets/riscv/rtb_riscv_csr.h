/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* CSR access for the RISC-V targets (the SoC's CPUs, the Pico 2's Hazard3): a CSR by its name or
 * its number, as a string ("mie", "0xbe0"). */
#ifndef RTB_RISCV_CSR_H
#define RTB_RISCV_CSR_H

#include <stdint.h>

#define csr_read(csr)                                                                            \
    ({                                                                                           \
        uint32_t v_;                                                                             \
        __asm__ volatile("csrr %0, " csr : "=r"(v_));                                            \
        v_;                                                                                      \
    })
#define csr_write(csr, value) __asm__ volatile("csrw " csr ", %0" ::"r"(value))
#define csr_set(csr, bits) __asm__ volatile("csrs " csr ", %0" ::"r"(bits))
#define csr_clear(csr, bits) __asm__ volatile("csrc " csr ", %0" ::"r"(bits))

#define MIE_MEIE (1u << 11)

/* Hazard3's interrupt controller (Xh3irq, the RP2350's) raises its preemption level to the taken
 * interrupt's priority + 1 on entry and restores it only at an mret. The kernels' ports know one
 * interrupt level, and a scheduler can leave an interrupt for its idle loop without an mret
 * (ThreadX's, when no thread is ready): the level stayed raised there and no interrupt came again.
 * Hazard3's targets clear meicontext in their dispatch (nothing raised, nothing to restore), so
 * every interrupt is taken whenever mstatus.MIE allows, as on a CPU with one level. */
#define CSR_MEICONTEXT "0xbe5"

#endif
