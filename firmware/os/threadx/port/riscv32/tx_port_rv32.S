/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX's low-level port for 32-bit RISC-V (RV32I, machine mode, GCC), written for rtbench:
 * the scheduler loop, the two ways a thread gives up the processor (a call into
 * _tx_thread_system_return, or an interrupt whose ISR made another thread ready), the frame a
 * new thread starts from, interrupt control, and the trap vector. Frames: tx_port_rv32.h.
 *
 * Threads run on their own stacks; interrupts and the scheduler's idle wait run on the system
 * stack (_tx_thread_system_stack_ptr). Only one interrupt level exists (the trap clears
 * mstatus.MIE and handlers never set it), but _tx_thread_system_state still counts ISR depth,
 * as the kernel's services read it to know they are called from an ISR. */
#include "tx_port_rv32.h"

    .equ MSTATUS_MIE, 0x8
    .equ MSTATUS_RESUME, 0x1880 /* MPP = machine, MPIE: mret enables interrupts */

    /* Registers a C function may clobber: kept by every interrupt (ra is saved by the vector). */
    .macro for_scratch op
    .irp n, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29, 30, 31
    \op x\n, \n * 4(sp)
    .endr
    .endm

    /* Registers a C function preserves: kept only when an interrupt switches threads. */
    .macro for_preserved op, base
    .irp n, 8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27
    \op x\n, \n * 4(\base)
    .endr
    .endm

    .text
    .globl _tx_thread_schedule, _tx_thread_system_return, _tx_thread_stack_build
    .globl _tx_thread_context_save, _tx_thread_context_restore, _tx_thread_interrupt_control
    .globl rtb_threadx_trap

/* VOID _tx_thread_schedule(VOID): never returns. Entered with interrupts masked, on the system
 * stack (or, the first time, on the start-up stack); runs _tx_thread_execute_ptr. */
_tx_thread_schedule:
    lw t1, _tx_thread_execute_ptr
    bnez t1, 2f
    /* Nothing to run: wait with interrupts enabled. An interrupt taken here comes back
     * through _tx_thread_context_restore, which restarts this function. */
    csrsi mstatus, MSTATUS_MIE
1:  lw t1, _tx_thread_execute_ptr
    beqz t1, 1b
    csrci mstatus, MSTATUS_MIE
2:  sw t1, _tx_thread_current_ptr, t0
    lw t2, RTB_TX_THREAD_RUN_COUNT(t1)
    addi t2, t2, 1
    sw t2, RTB_TX_THREAD_RUN_COUNT(t1)
    lw t2, RTB_TX_THREAD_TIME_SLICE(t1)
    sw t2, _tx_timer_time_slice, t0
    lw sp, RTB_TX_THREAD_STACK_PTR(t1)
    lw t0, RTB_TX_FRAME_TYPE(sp)
    beqz t0, 3f
    /* Interrupt frame: every register, then mret with interrupts enabled. */
    li t0, MSTATUS_RESUME
    csrs mstatus, t0
    lw t0, RTB_TX_INT_FRAME_PC(sp)
    csrw mepc, t0
    lw ra, 4(sp)
    for_preserved lw, sp
    for_scratch lw
    addi sp, sp, RTB_TX_INT_FRAME_BYTES
    mret
    /* Solicited frame: return from _tx_thread_system_return with the caller's mstatus. */
3:  lw ra, RTB_TX_SOL_FRAME_RA(sp)
    .irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    lw s\i, RTB_TX_SOL_FRAME_S0 + \i * 4(sp)
    .endr
    lw t0, RTB_TX_SOL_FRAME_MSTATUS(sp)
    addi sp, sp, RTB_TX_SOL_FRAME_BYTES
    csrw mstatus, t0
    ret

/* VOID _tx_thread_system_return(VOID): the current thread gives up the processor (it blocked,
 * or made a more urgent thread ready); returns when the scheduler runs it again. */
_tx_thread_system_return:
    addi sp, sp, -RTB_TX_SOL_FRAME_BYTES
    sw zero, RTB_TX_FRAME_TYPE(sp)
    sw ra, RTB_TX_SOL_FRAME_RA(sp)
    .irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    sw s\i, RTB_TX_SOL_FRAME_S0 + \i * 4(sp)
    .endr
    csrrci t0, mstatus, MSTATUS_MIE
    sw t0, RTB_TX_SOL_FRAME_MSTATUS(sp)
    lw t1, _tx_thread_current_ptr
    sw sp, RTB_TX_THREAD_STACK_PTR(t1)
    /* Keep what is left of the thread's time slice for its next run. */
    lw t2, _tx_timer_time_slice
    beqz t2, 1f
    sw t2, RTB_TX_THREAD_TIME_SLICE(t1)
    sw zero, _tx_timer_time_slice, t3
1:  sw zero, _tx_thread_current_ptr, t3
    lw sp, _tx_thread_system_stack_ptr
    j _tx_thread_schedule

/* VOID _tx_thread_stack_build(TX_THREAD *thread_ptr, VOID (*function_ptr)(VOID)): a new
 * thread's first frame, an interrupt frame that resumes at function_ptr with zeroed registers. */
_tx_thread_stack_build:
    lw t0, RTB_TX_THREAD_STACK_END(a0)
    addi t0, t0, 1
    andi t0, t0, -16
    addi t0, t0, -RTB_TX_INT_FRAME_BYTES
    mv t1, t0
    addi t2, t0, RTB_TX_INT_FRAME_BYTES
1:  sw zero, 0(t1)
    addi t1, t1, 4
    bltu t1, t2, 1b
    li t1, RTB_TX_FRAME_INTERRUPT
    sw t1, RTB_TX_FRAME_TYPE(t0)
    sw a1, RTB_TX_INT_FRAME_PC(t0)
    sw t0, RTB_TX_THREAD_STACK_PTR(a0)
    ret

/* UINT _tx_thread_interrupt_control(UINT new_posture): returns the previous posture. */
_tx_thread_interrupt_control:
    csrrci t0, mstatus, MSTATUS_MIE
    andi a0, a0, MSTATUS_MIE
    csrs mstatus, a0
    andi a0, t0, MSTATUS_MIE
    ret

/* VOID _tx_thread_context_save(VOID), called first thing by an ISR with interrupts masked,
 * sp at a new interrupt frame whose ra word holds the interrupted ra. Saves the scratch
 * registers and the resume address, counts the ISR, and moves to the system stack if a thread
 * was interrupted (the frame stays on its stack). */
_tx_thread_context_save:
    for_scratch sw
    csrr t0, mepc
    sw t0, RTB_TX_INT_FRAME_PC(sp)
    la t1, _tx_thread_system_state
    lw t2, 0(t1)
    addi t3, t2, 1
    sw t3, 0(t1)
    bnez t2, 1f /* nested: stay on this stack */
    lw t1, _tx_thread_current_ptr
    beqz t1, 1f /* the scheduler's idle wait: already on the system stack */
    sw sp, RTB_TX_THREAD_STACK_PTR(t1)
    lw sp, _tx_thread_system_stack_ptr
1:  ret

/* VOID _tx_thread_context_restore(VOID), jumped to at the end of an ISR with interrupts masked.
 * Resumes the interrupted thread, or, when the ISR made a more urgent thread ready and
 * preemption is allowed, completes the interrupted thread's frame and schedules. */
_tx_thread_context_restore:
    la t0, _tx_thread_system_state
    lw t1, 0(t0)
    addi t1, t1, -1
    sw t1, 0(t0)
    bnez t1, 3f /* nested: the frame is at sp */
    lw t1, _tx_thread_current_ptr
    beqz t1, 2f /* interrupted the idle wait: schedule afresh */
    lw t2, _tx_thread_execute_ptr
    beq t1, t2, 1f
    lw t3, _tx_thread_preempt_disable
    bnez t3, 1f
    /* Preempted: the frame gets the preserved registers, the thread keeps its time slice. */
    lw t3, RTB_TX_THREAD_STACK_PTR(t1)
    li t4, RTB_TX_FRAME_INTERRUPT
    sw t4, RTB_TX_FRAME_TYPE(t3)
    for_preserved sw, t3
    lw t4, _tx_timer_time_slice
    beqz t4, 4f
    sw t4, RTB_TX_THREAD_TIME_SLICE(t1)
    sw zero, _tx_timer_time_slice, t5
4:  sw zero, _tx_thread_current_ptr, t5
2:  lw sp, _tx_thread_system_stack_ptr
    j _tx_thread_schedule
1:  lw sp, RTB_TX_THREAD_STACK_PTR(t1)
3:  lw t0, RTB_TX_INT_FRAME_PC(sp)
    csrw mepc, t0
    lw ra, 4(sp)
    for_scratch lw
    addi sp, sp, RTB_TX_INT_FRAME_BYTES
    mret

/* The machine trap vector (direct mode), installed by _tx_initialize_low_level. Interrupts
 * come from the target (rtb/target_irq.h); ThreadX never traps on purpose, so an exception is
 * a fault, which the target reports. */
    .balign 4
rtb_threadx_trap:
    addi sp, sp, -RTB_TX_INT_FRAME_BYTES
    sw ra, 4(sp)
    call _tx_thread_context_save
    csrr t0, mcause
    bgez t0, 1f
    call rtb_target_interrupt
    j _tx_thread_context_restore
1:  j rtb_target_exception /* reports mcause, mepc and mtval; never returns */
