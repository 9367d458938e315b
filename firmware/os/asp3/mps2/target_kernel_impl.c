/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's target-dependent code for ASP3 on QEMU's MPS2 boards. rtbench's start-up (the
 * target's startup.c) resets the board, starts its timestamp counter and calls sta_ker through
 * the port; the kernel's generated vector table then takes over (core_initialize sets VTOR). */
#include "kernel_impl.h"

extern void Reset_Handler(void);
void _kernel_start(void);

void target_initialize(void) { core_initialize(); }

void target_exit(void)
{
    core_terminate();
    for (;;) {
    }
}

/* The reset entry of the kernel's vector table: rtbench's own, the table at address 0 resets
 * the board; this one is only reached through it after a reset taken while VTOR points here. */
void _kernel_start(void) { Reset_Handler(); }

/* Called by core_terminate (the kernel's start.S, which rtbench does not use, would supply it). */
void software_term_hook(void);
void software_term_hook(void) {}
