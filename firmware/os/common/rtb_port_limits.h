/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What the RTOS ports (FreeRTOS, uC/OS-II, ThreadX) give and accept: one object budget for
 * all of them, so that no kernel is compared with more room than another, and the argument
 * ranges of rtb/os.h. The posix port sizes its own for threads. */
#ifndef RTB_PORT_LIMITS_H
#define RTB_PORT_LIMITS_H

#include "rtb/os.h"
#include "rtb_target_config.h"

/* A target with little RAM (a board) may give fewer task slots, or smaller stacks, to every
 * kernel alike: RTB_TARGET_MAX_TASKS, RTB_TARGET_TASK_STACK_WORDS. */
#ifdef RTB_TARGET_MAX_TASKS
#define RTB_PORT_MAX_TASKS RTB_TARGET_MAX_TASKS
#else
#define RTB_PORT_MAX_TASKS 40u
#endif
#define RTB_PORT_MAX_SEMS 16u
#define RTB_PORT_MAX_MUTEXES 8u
#define RTB_PORT_MAX_QUEUES 8u
#define RTB_PORT_MAX_POOLS 4u
#define RTB_PORT_MAX_FLAGS 4u
#define RTB_PORT_MAX_TIMERS 4u
#ifdef RTB_TARGET_TASK_STACK_WORDS
#define RTB_PORT_TASK_STACK_WORDS RTB_TARGET_TASK_STACK_WORDS
#else
#define RTB_PORT_TASK_STACK_WORDS 512u
#endif
/* Each pool's arena, on kernels with native fixed-block pools. */
#define RTB_PORT_POOL_ARENA_BYTES 2048u

/* Macros, not inline functions, and each port keeps its own loop over its object arrays: an
 * inlined helper there makes GCC lay the create functions out differently, a few instructions
 * apart. Creating the first task is inside boot_time, and every instruction run before a
 * benchmark moves the tick phase that uC/OS-II's and ThreadX's periodic_jitter depend on. */
#define RTB_PORT_PRIO_INVALID(prio) ((prio) == 0u || (prio) > RTB_PRIO_MAX)
#define RTB_PORT_QUEUE_INVALID(item_size, depth)                                                   \
    ((item_size) == 0u || (item_size) > RTB_QUEUE_MAX_ITEM || (depth) == 0u || (depth) > RTB_QUEUE_MAX_DEPTH)

#endif
