/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "debug": "default" plus uC/OS-II's argument checking and debug variables, to show
 * what those checks cost (uC/OS-II has no stack-overflow detection without its statistics
 * task, and its trace needs an external recorder). */
#define RTB_PROFILE_NAME "debug"
#define OS_TICKS_PER_SEC 100u
#define OS_ARG_CHK_EN 1u
#define OS_DEBUG_EN 1u
#define OS_TRACE_EN 0u
#define OS_TASK_STAT_EN 0u
#define OS_TASK_STAT_STK_CHK_EN 0u
#define OS_TASK_PROFILE_EN 0u
