/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Exception vectors and reset for the Cortex-A9 (ARM state). The kernel port provides the SVC
 * and IRQ entries (rtb_os_svc_entry, rtb_os_irq_entry: FreeRTOS_SWI_Handler and
 * FreeRTOS_IRQ_Handler for FreeRTOS); faults are reported by rtb_a9_fault. */
    .syntax unified
    .arm
    .section .vectors, "ax"
    .balign 32
    .global rtb_a9_vectors
rtb_a9_vectors:
    ldr pc, =rtb_a9_reset
    ldr pc, =rtb_a9_undef_entry
    ldr pc, =rtb_os_svc_entry
    ldr pc, =rtb_a9_pabt_entry
    ldr pc, =rtb_a9_dabt_entry
    nop
    ldr pc, =rtb_os_irq_entry
    ldr pc, =rtb_a9_fiq_entry
    .ltorg

    .text
    .global rtb_a9_reset
    .type rtb_a9_reset, %function
rtb_a9_reset:
    /* Vectors at our table (VBAR), one stack per mode, the FPU/NEON on (the kernel's context
     * switch saves VFP registers of tasks that use them). */
    ldr r0, =rtb_a9_vectors
    mcr p15, 0, r0, c12, c0, 0
    cps #0x12
    ldr sp, =__irq_stack_top
    cps #0x17
    ldr sp, =__abt_stack_top
    cps #0x1b
    ldr sp, =__und_stack_top
    cps #0x1f
    ldr sp, =__svc_stack_top
    cps #0x13
    ldr sp, =__svc_stack_top
    mrc p15, 0, r0, c1, c0, 2
    orr r0, r0, #(0xf << 20)
    mcr p15, 0, r0, c1, c0, 2
    isb
    mov r0, #0x40000000
    vmsr fpexc, r0
    b rtb_a9_start

/* Faults: r0 = kind (0 undefined, 1 prefetch abort, 2 data abort, 3 FIQ), r1 = the faulting pc. */
    .macro fault_entry name, kind, back
    .global \name
\name:
    sub r1, lr, #\back
    mrs r2, spsr
    mov r0, #\kind
    b rtb_a9_fault
    .endm
    fault_entry rtb_a9_undef_entry, 0, 4
    fault_entry rtb_a9_pabt_entry, 1, 4
    fault_entry rtb_a9_dabt_entry, 2, 8
    fault_entry rtb_a9_fiq_entry, 3, 4
