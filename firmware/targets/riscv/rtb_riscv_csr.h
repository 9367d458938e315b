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

#endif
