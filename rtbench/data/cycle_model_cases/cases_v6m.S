/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The timing model's cases on the ARMv6-M cores (Cortex-M0, M0+), rtbench/data/cycle_model_cases.toml's
 * cases in its order, laid out as cases_v7m.S's: NOP; MARK; NOP; <case>; NOP; MARK, a first pair with no
 * case, then the SVC, tail-chain and return. MARK is a timestamp read as the model sees it on the
 * microbit: the store that triggers the nRF51 TIMER0's capture task. */
    .syntax unified
    .thumb

#define TIMER0 0x40008000
#define ICSR 0xE000ED04
#define BUF 0x20000000

    .macro MARK
    str r6, [r7, #0x40]
    .endm

    .macro CASE_BEGIN
    nop                          /* so that no pipeline rule joins this read to what came before */
    MARK
    nop
    .endm

    .macro CASE_END
    nop
    MARK
    .endm

    .section .vectors, "a"
    .word __stack_top
    .word reset + 1
    .rept 9
    .word hang + 1
    .endr
    .word svc_handler + 1        /* 11: SVCall */
    .word hang + 1
    .word hang + 1
    .word pendsv_handler + 1     /* 14: PendSV */
    .word hang + 1

    .text
    .thumb_func
reset:
    ldr r7, =TIMER0
    movs r6, #1
    ldr r1, =BUF
    ldr r2, =BUF + 64
    ldr r3, =BUF + 128
    movs r0, #0
    movs r5, #4

    CASE_BEGIN                   /* baseline: nothing */
    CASE_END

    CASE_BEGIN                   /* alu8 */
    .rept 8
    adds r0, r0, #1
    .endr
    CASE_END

    CASE_BEGIN                   /* mul4 */
    .rept 4
    muls r0, r5, r0
    .endr
    CASE_END

    ldr r1, =BUF
    ldr r2, =BUF + 64
    CASE_BEGIN                   /* ldr_ldr */
    ldr r0, [r1]
    ldr r1, [r2]
    CASE_END

    ldr r1, =BUF
    CASE_BEGIN                   /* str4 */
    str r0, [r1, #0]
    str r0, [r1, #4]
    str r0, [r1, #8]
    str r0, [r1, #12]
    CASE_END

    ldr r0, =BUF
    CASE_BEGIN                   /* ldm4 */
    ldmia r0!, {r1-r4}
    CASE_END

    CASE_BEGIN                   /* push_pop4 */
    push {r0-r3}
    pop {r0-r3}
    CASE_END

    CASE_BEGIN                   /* b_taken */
    b 1f
1:
    CASE_END

    movs r0, #0
    CASE_BEGIN                   /* bcond_not_taken */
    cmp r0, #0
    bne 1f
1:
    CASE_END

    CASE_BEGIN                   /* bcond_taken */
    cmp r0, #0
    beq 1f
    nop
1:
    CASE_END

    CASE_BEGIN                   /* bl_bx */
    bl leaf
    CASE_END

    CASE_BEGIN                   /* bl_push_pop_pc */
    bl frame
    CASE_END

    /* the exceptions: entry, tail-chain, return */
    CASE_BEGIN
    svc #0
    MARK                         /* after the return */
    movs r0, #0x18               /* semihosting SYS_EXIT, ADP_Stopped_ApplicationExit */
    ldr r1, =0x20026
    bkpt 0xab
hang:
    b hang

    .thumb_func
leaf:
    bx lr

    .thumb_func
frame:
    push {r0, lr}
    pop {r0, pc}

    .thumb_func
svc_handler:
    MARK                         /* the entry's first instruction */
    ldr r0, =ICSR
    movs r1, #1
    lsls r1, r1, #28             /* PENDSVSET: PendSV waits behind this handler, of its priority */
    str r1, [r0]
    dsb
    isb
    nop
    MARK
    bx lr                        /* tail-chains into PendSV */

    .thumb_func
pendsv_handler:
    MARK                         /* the tail-chain's first instruction */
    nop
    MARK
    bx lr                        /* returns to the thread */

    .ltorg
