/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uC/OS-II configuration for rtbench, written for it (not the kernel's template). Values
 * that change measurements come from the profile header (profiles/<name>.h, chosen at build
 * time); the rest enables exactly the services the OS-abstraction layer maps to. */
#ifndef OS_CFG_H
#define OS_CFG_H

#include RTB_PROFILE_HEADER

/* Priorities 0..63: idle at 63; rtbench's tasks and mutex ceilings are mapped in
 * rtb_os_ucos2.c. */
#define OS_LOWEST_PRIO 63u
#define OS_MAX_TASKS 42u
#define OS_MAX_EVENTS 48u
#define OS_MAX_MEM_PART 16u
#define OS_MAX_QS 8u
#define OS_TASK_IDLE_STK_SIZE 128u
#define OS_TASK_STAT_STK_SIZE 128u
#define OS_TASK_TMR_STK_SIZE 128u
#define OS_TLS_TBL_SIZE 0u

/* Hooks: the Cortex-M port's own (it needs OSTaskSwHook and OSInitHookBegin), none of the
 * application's. */
#define OS_CPU_HOOKS_EN 1u
#define OS_APP_HOOKS_EN 0u
#define OS_TASK_SW_HOOK_EN 1u

#define OS_EVENT_MULTI_EN 0u
#define OS_EVENT_NAME_EN 0u
#define OS_SCHED_LOCK_EN 1u
#define OS_TICK_STEP_EN 0u

#define OS_TASK_CHANGE_PRIO_EN 0u
#define OS_TASK_CREATE_EN 1u
#define OS_TASK_CREATE_EXT_EN 0u
#define OS_TASK_DEL_EN 1u
#define OS_TASK_NAME_EN 0u
#define OS_TASK_QUERY_EN 0u
#define OS_TASK_REG_TBL_SIZE 0u
#define OS_TASK_SUSPEND_EN 1u

/* Event flags and timers only in the image of the benchmarks that use them (RTB_WITH_SERVICES,
 * rtb_os_ucos2_services.c): OSInit then initialises them and creates the timer task, and the tick
 * hook signals that task on every tick, which the other benchmarks would pay for. The timer
 * task is above every task and mutex ceiling; timers count the kernel's ticks one to one. */
#ifdef RTB_WITH_SERVICES
#define OS_FLAG_EN 1u
#define OS_FLAG_ACCEPT_EN 1u
#define OS_FLAG_DEL_EN 1u
#define OS_MAX_FLAGS 4u
#define OS_TMR_EN 1u
#define OS_TIME_TICK_HOOK_EN 1u
#define OS_TASK_TMR_PRIO 1u
#else
#define OS_FLAG_EN 0u
#define OS_FLAG_ACCEPT_EN 0u
#define OS_FLAG_DEL_EN 0u
#define OS_MAX_FLAGS 1u
#define OS_TMR_EN 0u
#define OS_TIME_TICK_HOOK_EN 0u
#define OS_TASK_TMR_PRIO (OS_LOWEST_PRIO - 2u)
#endif
#define OS_FLAG_NAME_EN 0u
#define OS_FLAG_QUERY_EN 0u
#define OS_FLAG_WAIT_CLR_EN 0u
#define OS_FLAGS_NBITS 16u

#define OS_MBOX_EN 0u
#define OS_MBOX_ACCEPT_EN 0u
#define OS_MBOX_DEL_EN 0u
#define OS_MBOX_PEND_ABORT_EN 0u
#define OS_MBOX_POST_EN 0u
#define OS_MBOX_POST_OPT_EN 0u
#define OS_MBOX_QUERY_EN 0u

#define OS_MEM_EN 1u
#define OS_MEM_NAME_EN 0u
#define OS_MEM_QUERY_EN 0u

#define OS_MUTEX_EN 1u
#define OS_MUTEX_ACCEPT_EN 1u
#define OS_MUTEX_DEL_EN 1u
#define OS_MUTEX_QUERY_EN 0u

#define OS_Q_EN 1u
#define OS_Q_ACCEPT_EN 1u
#define OS_Q_DEL_EN 1u
#define OS_Q_FLUSH_EN 0u
#define OS_Q_PEND_ABORT_EN 0u
#define OS_Q_POST_EN 1u
#define OS_Q_POST_FRONT_EN 0u
#define OS_Q_POST_OPT_EN 0u
#define OS_Q_QUERY_EN 0u

#define OS_SEM_EN 1u
#define OS_SEM_ACCEPT_EN 1u
#define OS_SEM_DEL_EN 1u
#define OS_SEM_PEND_ABORT_EN 0u
#define OS_SEM_QUERY_EN 0u
#define OS_SEM_SET_EN 0u

#define OS_TIME_DLY_HMSM_EN 0u
#define OS_TIME_DLY_RESUME_EN 0u
#define OS_TIME_GET_SET_EN 1u

#define OS_TMR_CFG_MAX 16u
#define OS_TMR_CFG_NAME_EN 0u
#define OS_TMR_CFG_WHEEL_SIZE 7u
#define OS_TMR_CFG_TICKS_PER_SEC OS_TICKS_PER_SEC

#define OS_TRACE_API_ENTER_EN 0u
#define OS_TRACE_API_EXIT_EN 0u

#endif
