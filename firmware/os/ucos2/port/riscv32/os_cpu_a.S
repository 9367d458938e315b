/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uC/OS-II's low-level port for 32-bit RISC-V SoCs without a CLINT, written for rtbench. It
 * replaces the kernel's Ports/RISC-V/RV32/GCC/os_cpu_a.S, which switches context through a
 * CLINT software interrupt (MSIP) and relies on a trap entry from the SiFive HAL; the SoCs
 * rtbench targets have neither. Here:
 * - a task-level switch (OSCtxSw) is an ecall, served by the trap handler below;
 * - an interrupt-level switch (OSIntCtxSw, from OSIntExit) only marks the switch: the
 *   interrupted task is already saved, and the trap handler switches on its way out;
 * - interrupts come from the target (rtb/target_irq.h) and run on their own stack.
 * The saved frame is the one the kernel's OSTaskStkInit (os_cpu_c.c) builds: 32 words, word i
 * holds register x(i+1) (x2..x4 are neither saved nor restored: sp is the frame's address, gp
 * and tp never change) and word 31 the address to resume at. Every task resumes with interrupts
 * enabled, as in the kernel's own port (its switch is an interrupt, so it always is). */
#include RTB_UCOS2_ARCH_HEADER

    .equ MSTATUS_MIE, 0x8
    .equ MSTATUS_RESUME, 0x1880 /* MPP = machine, MPIE: mret enables interrupts */
    .equ MCAUSE_ECALL_M, 11
    .equ FRAME_BYTES, 128
    .equ FRAME_PC, 31 * 4

    .macro save_frame
    addi sp, sp, -FRAME_BYTES
    sw x1, 0(sp)
    .irp n, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    sw x\n, (\n - 1) * 4(sp)
    .endr
    .endm

    .macro restore_frame_and_mret
    lw t0, FRAME_PC(sp)
    csrw mepc, t0
    lw x1, 0(sp)
    .irp n, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    lw x\n, (\n - 1) * 4(sp)
    .endr
    addi sp, sp, FRAME_BYTES
    mret
    .endm

    .section .bss.rtb_ucos2_switch_pending, "aw", @nobits
    .balign 4
rtb_ucos2_switch_pending: /* set by OSIntCtxSw, consumed when the trap handler leaves */
    .zero 4

    .text
    .globl OS_CPU_SR_Save, OS_CPU_SR_Restore, OSCtxSw, OSIntCtxSw, OSStartHighRdy, rtb_ucos2_trap

/* Critical sections (OS_CRITICAL_METHOD 3): the kernel keeps the previous mstatus in cpu_sr. */
OS_CPU_SR_Save:
    csrrci a0, mstatus, MSTATUS_MIE
    ret

OS_CPU_SR_Restore:
    csrw mstatus, a0
    ret

/* Called by OS_Sched with OSTCBHighRdy chosen: the ecall saves this task and resumes that one. */
OSCtxSw:
    ecall
    ret

OSIntCtxSw:
    li t0, 1
    sw t0, rtb_ucos2_switch_pending, t1
    ret

/* Called once by OSStart: runs OSTCBHighRdy from the frame OSTaskStkInit built. */
OSStartHighRdy:
    csrci mstatus, MSTATUS_MIE
    call OSTaskSwHook
    li t0, 1
    sb t0, OSRunning, t1
    lw t0, OSTCBHighRdy
    lw sp, 0(t0)
    j resume

/* The machine trap vector (direct mode), installed by rtbench's arch/riscv32.c. */
    .balign 4
rtb_ucos2_trap:
    save_frame
    csrr t1, mepc
    csrr t2, mcause
    bgez t2, synchronous
    sw t1, FRAME_PC(sp)
    lw t0, OSTCBCur
    sw sp, 0(t0) /* OSTCBCur->OSTCBStkPtr: the frame is the task's saved context */
    la sp, rtb_ucos2_isr_stack + RTB_UCOS2_ISR_STACK_BYTES
    call rtb_target_interrupt
    lw t0, rtb_ucos2_switch_pending
    bnez t0, switch_from_isr
    lw t0, OSTCBCur
    lw sp, 0(t0)
    restore_frame_and_mret /* same task: mstatus.MPIE is still the one the trap saved */

synchronous:
    li t3, MCAUSE_ECALL_M
    bne t2, t3, exception
    addi t1, t1, 4 /* resume after the ecall */
    sw t1, FRAME_PC(sp)
    lw t0, OSTCBCur
    sw sp, 0(t0)
    j switch

switch_from_isr:
    sw zero, rtb_ucos2_switch_pending, t1
switch:
    call OSTaskSwHook
    lbu t0, OSPrioHighRdy
    sb t0, OSPrioCur, t1
    lw t0, OSTCBHighRdy
    sw t0, OSTCBCur, t1
    lw sp, 0(t0)
resume:
    li t0, MSTATUS_RESUME
    csrs mstatus, t0
    restore_frame_and_mret

exception:
    la sp, rtb_ucos2_isr_stack + RTB_UCOS2_ISR_STACK_BYTES
    j rtb_target_exception /* reports mcause, mepc and mtval; never returns */
