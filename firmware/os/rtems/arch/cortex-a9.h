/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* RTEMS on the Cortex-A9 (the realview_pbx_a9_qemu BSP): the GIC priority of the benchmark
 * interrupts. RTEMS's GIC driver gives every interrupt, its clock's too, priority 127; the
 * benchmark interrupts are made more urgent, as on the other kernels, where they may preempt the
 * tick. RTEMS masks interrupts with the CPSR's I bit, so a handler at any priority may call it. */
#define RTB_RTEMS_ISR_PRIORITY 0x60u
