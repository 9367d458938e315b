/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* C start-up and fault reporting for the Cortex-A9 of vexpress-a9. */
#include <stdint.h>

#include "rtb/fault.h"
#include "rtb/target.h"
#include "vexpress.h"

extern uint32_t __bss_start[], __bss_end[];

/* QEMU counts the global timer from reset (virtual time 0), so reset is count 0. */
uint32_t rtb_target_reset_ts(void) { return 0u; }

__attribute__((noreturn, used)) void rtb_a9_start(void)
{
    /* The comparator needs the timer enabled; the count itself runs from reset. */
    GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE;
    for (uint32_t *dst = __bss_start; dst < __bss_end;)
        *dst++ = 0u;
    rtb_main();
}

__attribute__((noreturn, used)) void rtb_a9_fault(uint32_t kind, uint32_t pc, uint32_t spsr)
{
    static const char *const kinds[] = {"undefined_instruction", "prefetch_abort", "data_abort", "fiq"};
    uint32_t dfsr, dfar, ifsr, ifar;
    __asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(dfsr));
    __asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(dfar));
    __asm__ volatile("mrc p15, 0, %0, c5, c0, 1" : "=r"(ifsr));
    __asm__ volatile("mrc p15, 0, %0, c6, c0, 2" : "=r"(ifar));
    rtb_fault_info info = {
        .kind = kinds[kind & 3u],
        .pc = pc,
        .psr = spsr,
        /* The A-profile fault status and address registers, in the fields the host prints. */
        .cfsr = kind == 1u ? ifsr : dfsr,
        .bfar = kind == 1u ? ifar : dfar,
    };
    rtb_core_fault(&info);
}
