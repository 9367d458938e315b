/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Entry on the Pico 2: the board runner loads the image into SRAM through the debug probe and
 * starts the core at _start (no boot ROM hand-over, no flash). Sets the stack, global pointer
 * and an early trap vector, starts the counters (Hazard3 keeps them stopped out of reset), the
 * clocks and the console, zeroes .bss and calls rtb_main. */
#include <stdint.h>

#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb_board.h"
#include "rtb_riscv_csr.h"

extern uint32_t __bss_start[], __bss_end[];

/* mcycle starts here: boot_time counts from the image's entry, not from the chip's reset. */
uint32_t rtb_target_reset_ts(void) { return 0u; }

void rtb_target_init(void) {}

__attribute__((used, noreturn)) static void c_start(void)
{
    for (uint32_t *dst = __bss_start; dst < __bss_end;)
        *dst++ = 0u;
    rtb_board_clocks();
    rtb_board_console();
    rtb_main();
}

/* Until a kernel installs its own trap handler, every trap is a fault. */
__attribute__((naked, aligned(4))) static void early_trap(void)
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
                     "csrw mcycle, zero\n"
                     "csrw mcountinhibit, zero\n"
                     "j c_start\n" ::"r"(early_trap));
}
