/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The timing model's cases on the ARMv7-M cores (Cortex-M3, M4; with WITH_FP the M4's FPU too),
 * rtbench/data/cycle_model_cases.toml's cases in its order. Each straight-line case sits between
 * two timestamp reads as the model sees them (MARK: a load from the mps2's timer0, whose value
 * nobody needs), with a NOP on either side so that no pipeline rule joins it to the reads:
 *     NOP; MARK; NOP; <case>; NOP; MARK
 * and the first pair holds no case (the baseline the host subtracts). Then the exceptions: an SVC
 * whose handler pends PendSV and returns, which tail-chains into PendSV, which returns to the
 * thread; the handlers read the timestamp first (the entry and the tail-chain) and last (the
 * return). It exits through semihosting. */
    .syntax unified
    .thumb

#define TIMER0 0x40000000
#define ICSR 0xE000ED04
#define CPACR 0xE000ED88
#define BUF 0x20000000

    .macro MARK
    ldr r6, [r7, #4]
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
#ifdef WITH_FP
    ldr r0, =CPACR
    ldr r1, [r0]
    orr r1, r1, #(0xF << 20)
    str r1, [r0]
    dsb
    isb
#endif
    ldr r7, =TIMER0
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

    CASE_BEGIN                   /* mla2 */
    mla r0, r5, r5, r0
    mla r0, r5, r5, r0
    CASE_END

    CASE_BEGIN                   /* umull2 */
    umull r8, r9, r5, r5
    umull r8, r9, r5, r5
    CASE_END

    movs r8, #100
    movs r9, #3
    CASE_BEGIN                   /* udiv1 */
    udiv r0, r8, r9
    CASE_END

    ldr r1, =BUF
    ldr r2, =BUF + 64
    CASE_BEGIN                   /* ldr_ldr: the TRM's LDR R0,[R1]; LDR R1,[R2] */
    ldr r0, [r1]
    ldr r1, [r2]
    CASE_END

    ldr r1, =BUF
    movs r2, #8
    ldr r3, =BUF + 128
    CASE_BEGIN                   /* ldr_str: LDR R0,[R1,R2]; STR R0,[R3,#20] */
    ldr r0, [r1, r2]
    str r0, [r3, #20]
    CASE_END

    CASE_BEGIN                   /* ldr_str_reg: LDR R0,[R1,R2]; STR R1,[R3,R2] */
    ldr r0, [r1, r2]
    str r1, [r3, r2]
    CASE_END

    ldr r1, =BUF
    ldr r2, =BUF + 64
    ldr r3, =BUF + 128
    movs r5, #4
    CASE_BEGIN                   /* ldr3: LDR R0,[R1,R5]; LDR R1,[R2]; LDR R2,[R3,#4] */
    ldr r0, [r1, r5]
    ldr r1, [r2]
    ldr r2, [r3, #4]
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
    b.n 1f
1:
    CASE_END

    movs r0, #0
    CASE_BEGIN                   /* bcond_not_taken */
    cmp r0, #0
    bne.n 1f
1:
    CASE_END

    CASE_BEGIN                   /* bcond_taken */
    cmp r0, #0
    beq.n 1f
    nop
1:
    CASE_END

    CASE_BEGIN                   /* bl_bx */
    bl leaf
    CASE_END

    ldr r1, =BUF
    CASE_BEGIN                   /* agu_stall: an address the previous ALU result forms */
    adds r1, r1, #0
    ldr r0, [r1]
    CASE_END

    ldr r0, =target_word
    CASE_BEGIN                   /* ldr_pc */
    ldr pc, [r0]
landed:
    CASE_END

    ldr r0, =table
    movs r1, #0
    CASE_BEGIN                   /* tbb */
    tbb [r0, r1]
after_tbb:
    CASE_END

#ifdef WITH_FP
    CASE_BEGIN                   /* fp_vadd2 */
    vadd.f32 s0, s1, s2
    vadd.f32 s3, s4, s5
    CASE_END

    CASE_BEGIN                   /* fp_vmla1 */
    vmla.f32 s0, s1, s2
    CASE_END

    CASE_BEGIN                   /* fp_vdiv1 */
    vdiv.f32 s0, s1, s2
    CASE_END
#endif

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
svc_handler:
    MARK                         /* the entry's first instruction */
    ldr r0, =ICSR
    mov r1, #(1 << 28)           /* PENDSVSET: PendSV waits behind this handler, of its priority */
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
    .align 2
target_word:
    .word landed + 1
table:
    .byte (after_tbb - after_tbb) / 2
    .align 2
