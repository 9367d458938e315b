/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Register and CSR access for the LiteX SoC (addresses come from the generated rtb_soc_regs.h). */
#ifndef RTB_SOC_IO_H
#define RTB_SOC_IO_H

#include <stdint.h>

#include "rtb_riscv_csr.h"
#include "rtb_soc_regs.h"

#define REG32(addr) (*(volatile uint32_t *)(addr))

#if defined(RTB_CPU_MINERVA) || defined(RTB_CPU_CV32E40P)
/* Minerva and CV32E40P take the SoC's interrupts as fast local interrupts: mie/mip bits 16 and up. */
#define CSR_IRQ_MASK "mie"
#define CSR_IRQ_PENDING "mip"
#define RTB_IRQ_BIT(irq) (1u << (16u + (irq)))
#elif defined(RTB_CPU_HAZARD3)
/* Hazard3 takes them through the RP2350's interrupt controller (Xh3irq), as its external
 * interrupts 0 and up: meiea (enables) and meipa (pending) are arrays read and written 16 bits at
 * a time, the window in the upper half, its index in the low bits of the value written (here 0:
 * interrupts 0-15). A plain csrr reads window 0, so the SoC's interrupt k is bit 16 + k as on
 * the CPUs above; the controller drives mip.meip. */
#define CSR_IRQ_MASK "0xbe0"
#define CSR_IRQ_PENDING "0xbe1"
#define RTB_IRQ_BIT(irq) (1u << (16u + (irq)))
#else
/* VexRiscv's external-interrupt mask and pending CSRs (LiteX's interrupt controller). */
#define CSR_IRQ_MASK "0xBC0"
#define CSR_IRQ_PENDING "0xFC0"
#define RTB_IRQ_BIT(irq) (1u << (irq))
#endif

#if defined(RTB_CPU_MINERVA)
/* Minerva starts a store's bus cycle before an interrupt taken at that instruction cancels it;
 * the store then runs again after the handler. A store with a side effect (a UART byte) is
 * made with interrupts off, so that it happens once. */
#define REG32_STORE_ONCE(addr, value)                                                            \
    do {                                                                                         \
        uint32_t mstatus_;                                                                       \
        __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(mstatus_)::"memory");                    \
        REG32(addr) = (value);                                                                   \
        __asm__ volatile("csrs mstatus, %0" ::"r"(mstatus_ & 8u) : "memory");                    \
    } while (0)
#else
#define REG32_STORE_ONCE(addr, value) (REG32(addr) = (value))
#endif

#endif
