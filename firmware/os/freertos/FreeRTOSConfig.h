/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* FreeRTOS configuration for rtbench. Values that change measurements come from the
 * profile header (profiles/<name>.h, chosen at build time); the rest is fixed here. */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H

#include "rtb_target_config.h"
#include RTB_PROFILE_HEADER

#define configCPU_CLOCK_HZ RTB_TARGET_CPU_HZ
#define configMAX_PRIORITIES 32
#define configMINIMAL_STACK_SIZE 256
#ifdef TICK_TYPE_WIDTH_32_BITS
#define configTICK_TYPE_WIDTH_IN_BITS TICK_TYPE_WIDTH_32_BITS
#define INCLUDE_xTaskDelayUntil 1
#else
/* Releases before V10.6.0 (FreeRTOS.h defines the widths before it includes this file from
 * V10.6.0 on) know only the 16-bit switch: the same 32-bit ticks. Their delay-until switch
 * has its older name, which V10.4.2 to V10.5.1 still accept. */
#define configUSE_16_BIT_TICKS 0
#define INCLUDE_vTaskDelayUntil 1
#endif
#define configUSE_MUTEXES 1
#define configUSE_COUNTING_SEMAPHORES 1
#ifdef RTB_WITH_SERVICES
/* Software timers (and event groups, os.cmake) and recursive mutexes only in the image of the benchmarks that use them
 * (rtb_os_freertos_services.c). The timer task is above every task, FreeRTOS's usual choice: it
 * runs a command as soon as it is sent, and a callback as soon as it is due. */
#define configUSE_TIMERS 1
#define configUSE_RECURSIVE_MUTEXES 1
#define configTIMER_TASK_PRIORITY (configMAX_PRIORITIES - 1)
#define configTIMER_QUEUE_LENGTH 4
#define configTIMER_TASK_STACK_DEPTH 256
#else
#define configUSE_TIMERS 0
#endif
#define configUSE_IDLE_HOOK 0
#define configUSE_TICK_HOOK 0
#ifndef configUSE_TICKLESS_IDLE /* the tickless profile sets it */
#define configUSE_TICKLESS_IDLE 0
#endif
#define configSUPPORT_STATIC_ALLOCATION 1
/* Dynamic allocation serves only the pool benchmarks (FreeRTOS has no block allocator). */
#define configSUPPORT_DYNAMIC_ALLOCATION 1
#define configTOTAL_HEAP_SIZE (16u * 1024u)
#define configQUEUE_REGISTRY_SIZE 0
#define configUSE_TASK_NOTIFICATIONS 1

#define INCLUDE_vTaskSuspend 1
#define INCLUDE_vTaskDelete 1
#define INCLUDE_vTaskDelay 1
#define INCLUDE_xTaskGetCurrentTaskHandle 1

/* The context-switch decision, for sched_decision (rtb/sched.h): vTaskSwitchContext runs
 * these right before and right after taskSELECT_HIGHEST_PRIORITY_TASK. Even disarmed they
 * cost every context switch a load and a branch each, so only the image rtbench builds for
 * sched_decision has them (RTB_TRACE_SCHED, os.toml's trace_define). */
#ifdef RTB_TRACE_SCHED
#ifndef __ASSEMBLER__
extern volatile unsigned rtb_sched_capturing;
void rtb_core_sched_decision_begin(void);
void rtb_core_sched_decision_end(void);
#endif
#define traceTASK_SWITCHED_OUT()                                                                 \
    do {                                                                                         \
        if (rtb_sched_capturing)                                                                 \
            rtb_core_sched_decision_begin();                                                     \
    } while (0)
#define traceTASK_SWITCHED_IN()                                                                  \
    do {                                                                                         \
        if (rtb_sched_capturing)                                                                 \
            rtb_core_sched_decision_end();                                                       \
    } while (0)
#endif

/* Architecture-specific settings (interrupt priorities, handler names). */
#include RTB_FREERTOS_ARCH_HEADER

#endif
