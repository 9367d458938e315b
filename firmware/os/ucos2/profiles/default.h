/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "default": what a shipped product runs, matching the other kernels' default
 * profiles. No argument checking (uC/OS-II's asserts), no debug variables, no trace, no
 * statistics task, no task profiling; 100 Hz tick. uC/OS-II has no time slicing. */
#define RTB_PROFILE_NAME "default"
#define OS_TICKS_PER_SEC 100u
#define OS_ARG_CHK_EN 0u
#define OS_DEBUG_EN 0u
#define OS_TRACE_EN 0u
#define OS_TASK_STAT_EN 0u
#define OS_TASK_STAT_STK_CHK_EN 0u
#define OS_TASK_PROFILE_EN 0u
