/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What the RV32 port's assembly needs to know about ThreadX's data and its own stack frames.
 * Macros only (the assembly includes it); tx_timer_interrupt.c checks the offsets against
 * TX_THREAD at build time. */
#ifndef TX_PORT_RV32_H
#define TX_PORT_RV32_H

/* TX_THREAD fields the scheduler touches. */
#define RTB_TX_THREAD_RUN_COUNT 4
#define RTB_TX_THREAD_STACK_PTR 8
#define RTB_TX_THREAD_STACK_END 16
#define RTB_TX_THREAD_TIME_SLICE 24

/* A suspended thread's stack holds one of two frames; its first word says which.
 * Interrupt frame (preempted by an interrupt, or new): 32 words, word n holds register xn
 * (n = 1, 5..31), word 2 the address to resume at; x2..x4 are not kept (sp is the frame's
 * address, gp and tp never change). Solicited frame (the thread called
 * _tx_thread_system_return): 16 words: ra, s0..s11 and mstatus, the rest is scratch the caller
 * does not expect preserved. */
#define RTB_TX_FRAME_TYPE 0
#define RTB_TX_FRAME_SOLICITED 0
#define RTB_TX_FRAME_INTERRUPT 1
#define RTB_TX_INT_FRAME_BYTES 128
#define RTB_TX_INT_FRAME_PC 8
#define RTB_TX_SOL_FRAME_BYTES 64
#define RTB_TX_SOL_FRAME_RA 4
#define RTB_TX_SOL_FRAME_S0 8 /* s0, s1, s2..s11 in this order */
#define RTB_TX_SOL_FRAME_MSTATUS 56

#endif
