/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Reset entry: the CPU starts at the first byte of main RAM, where the host placed the whole
 * image (so .data is already in place). Sets the stack, global pointer and an early trap
 * vector, zeroes .bss and calls rtb_main. */
#include <stdint.h>

#include "rtb/target.h"
#include "rtb/target_irq.h"

extern uint32_t __bss_start[], __bss_end[];

/* The SoC's cycle counter starts with the SoC's reset: boot_time counts from there. */
uint32_t rtb_target_reset_ts(void) { return 0u; }

__attribute__((used, noreturn)) static void c_start(void)
{
    for (uint32_t *dst = __bss_start; dst < __bss_end;)
        *dst++ = 0u;
    rtb_main();
}

#if defined(RTB_CPU_CV32E40P)
#define EARLY_TRAP_ALIGN 256 /* CV32E40P's mtvec keeps a 256-byte-aligned base (direct mode here) */
#else
#define EARLY_TRAP_ALIGN 4
#endif

/* Until a kernel installs its own trap handler, every trap is a fault. */
__attribute__((naked, aligned(EARLY_TRAP_ALIGN))) static void early_trap(void)
{
    __asm__ volatile("j rtb_target_exception\n");
}

__attribute__((naked, used, section(".text.start"))) void _start(void)
{
    __asm__ volatile(".option push\n"
                     ".option norelax\n"
                     "la gp, __global_pointer$\n"
                     ".option pop\n"
                     "la sp, __stack_top\n"
                     "csrw mie, zero\n"
                     "csrw mtvec, %0\n"
                     "j c_start\n" ::"r"(early_trap));
}
