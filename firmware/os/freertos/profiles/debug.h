/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "debug": the default profile plus the checks a developer turns on (asserts,
 * stack-overflow checking, trace facility), to show what they cost. */
#define RTB_PROFILE_NAME "debug"
#define configUSE_PREEMPTION 1
#define configUSE_TIME_SLICING 0
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 1
#define configTICK_RATE_HZ 100u
#define configCHECK_FOR_STACK_OVERFLOW 2
#define configUSE_TRACE_FACILITY 1
#define configGENERATE_RUN_TIME_STATS 0
#define RTB_ASSERTS 1
void rtb_freertos_assert_failed(const char *file, int line);
#define configASSERT(x)                                                                          \
    if ((x) == 0)                                                                                \
    rtb_freertos_assert_failed(__FILE__, __LINE__)
