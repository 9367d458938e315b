/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What rtb_asp3.cfg needs (the configurator copies its #include into kernel_cfg.c) and what
 * the port shares with it: object counts, priorities, the entry points the kernel calls. */
#ifndef RTB_ASP3_CFG_H
#define RTB_ASP3_CFG_H

#include "rtb_port_limits.h"
#include RTB_PROFILE_HEADER

/* ASP3's task priorities are 1 (most urgent) to 16; rtbench's abstract 1..30 share them
 * (rtb_os_asp3.c), the runner alone at level 1, which is also every mutex's ceiling (the highest
 * priority of the tasks that may lock it: all of them). A task is activated at level 16, the
 * least urgent, and then moved to its own: it cannot run before (a creator at level 16 is ahead
 * of it in the FIFO of equal priorities). */
#define RTB_ASP3_CEILING_PRI 1
#define RTB_ASP3_RUNNER_PRI 1
#define RTB_ASP3_STAGE_PRI 16

#define RTB_ASP3_STACK_BYTES (RTB_PORT_TASK_STACK_WORDS * 4u)
/* Declared in rtb_asp3.cfg: keep in step. */
#define RTB_ASP3_TASKS 40u
#define RTB_ASP3_SEMS_BINARY 16u
#define RTB_ASP3_SEMS_COUNTING 8u
#define RTB_ASP3_SEM_COUNT_MAX 65535u
#define RTB_ASP3_MUTEXES 8u
#define RTB_ASP3_DTQ_CLASSES 5u /* depths 1, 2, 4, 8, 16 */
#define RTB_ASP3_DTQS_PER_CLASS 8u
#define RTB_ASP3_MPF_CLASSES 5u /* 1, 2, 4, 8, 16 blocks */
#define RTB_ASP3_MPFS_PER_CLASS 2u
#define RTB_ASP3_POOL_BYTES RTB_PORT_POOL_ARENA_BYTES
#define RTB_ASP3_FLAGS 4u
#define RTB_ASP3_ALARMS 4u

/* The benchmark interrupts (ASP3 numbers an interrupt by its exception number) and their
 * priority: the least urgent the kernel manages (TMAX_INTPRI), below the tick. */
#define RTB_ASP3_INTNO_BENCH_TIMER (16 + 9)
#define RTB_ASP3_INTNO_BENCH_UART (16 + 3)
#define RTB_ASP3_INTPRI_BENCH (-1)

#ifndef TOPPERS_MACRO_ONLY
#include "kernel.h"
extern STK_T rtb_asp3_stacks[RTB_ASP3_TASKS][COUNT_STK_T(RTB_ASP3_STACK_BYTES)];
void rtb_asp3_task_entry(EXINF exinf);
void rtb_asp3_alarm(EXINF exinf);
void rtb_asp3_tick(void);
void rtb_asp3_initialised(EXINF exinf);
void BenchTimer_Handler(void);
void BenchUart_Handler(void);
#endif

#endif
