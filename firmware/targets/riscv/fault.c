/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Unexpected exceptions (illegal instruction, access faults, ebreak from __builtin_trap) are
 * reported as a FAULT record: mcause, mepc and mtval, decoded by the host. */
#include <stdint.h>

#include "rtb/fault.h"
#include "rtb/target_irq.h"
#include "rtb_riscv_csr.h"

_Noreturn void rtb_target_exception(void)
{
    /* RISC-V has no CFSR/HFSR: the record's status fields carry mcause and mtval. */
    rtb_fault_info info = {
        .kind = "riscv_exception",
        .pc = csr_read("mepc"),
        .lr = 0u, /* the interrupted ra is on the task's stack, not known here */
        .psr = csr_read("mstatus"),
        .cfsr = csr_read("mcause"),
        .hfsr = csr_read("mtval"),
        .mmfar = 0u,
        .bfar = 0u,
    };
    rtb_core_fault(&info);
}
