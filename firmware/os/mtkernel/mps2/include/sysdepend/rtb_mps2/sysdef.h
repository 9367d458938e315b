/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* System definitions of the MPS2 boards for µT-Kernel (the tree's sys/sysdef.h includes this by
 * TARGET_DIR): the ARMv7-M core's, then what the board adds. Included from assembly too. */
#ifndef RTB_MTK_SYSDEF_H
#define RTB_MTK_SYSDEF_H

#include "sys/sysdepend/cpu/core/armv7m/sysdef.h"

/* QEMU's NVIC on these boards implements 3 priority bits (as the ThreadX port's settings say). */
#define INTPRI_BITWIDTH 3
/* The kernel masks interrupts with BASEPRI at this level (SVC, at 0, stays open); SysTick runs
 * at 1, the benchmark interrupts at 2 (rtb_os_isr_priority), PendSV (the dispatcher) least urgent. */
#define INTPRI_MAX_EXTINT_PRI 1
#define INTPRI_SVC 0
#define INTPRI_SYSTICK 1
#define INTPRI_PENDSV 7
#define RTB_MTK_INTPRI_BENCH 2
#define TIMER_INTLEVEL 0

/* 16 exceptions and the board's 32 interrupts (CM_IRQ_COUNT). */
#define N_SYSVEC 16
#define N_INTVEC 32

/* SysTick runs on the processor clock, 25 MHz (RTB_TARGET_CPU_HZ). */
#define TMCLK 25
#define TMCLK_KHz (TMCLK * 1000)
#define MIN_TIMER_PERIOD 1
#define MAX_TIMER_PERIOD 50

#define CPU_HAS_FPU (CPU_CORE_ACM4F + 0)
#define CPU_HAS_DSP 0
#define CPU_HAS_PTMR 0

/* The FPU is coprocessor 0 where its context is saved (config.h's USE_FPU on the Cortex-M4F). */
#if USE_FPU
#define NUM_COPROCESSOR 1
#else
#define NUM_COPROCESSOR 0
#endif

#define EXC_STACK_SIZE CNF_EXC_STACK_SIZE
#define TMP_STACK_SIZE CNF_TMP_STACK_SIZE
#define LOWPOW_LIMIT 0x7fff

#endif
