/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* How rtbench's FreeRTOS port makes a task sleep: on the kernel's delayed list. A kernel
 * variant replaces this header ahead of it on the include path (freertos-hw: a hardware
 * timer bank). Included by rtb_os_freertos.c after FreeRTOS.h and task.h. */
#ifndef RTB_FREERTOS_DELAY_H
#define RTB_FREERTOS_DELAY_H

#define rtb_freertos_delay(ticks) vTaskDelay(ticks)
#if tskKERNEL_VERSION_MAJOR < 10 || (tskKERNEL_VERSION_MAJOR == 10 && (tskKERNEL_VERSION_MINOR < 4 || \
    (tskKERNEL_VERSION_MINOR == 4 && tskKERNEL_VERSION_BUILD < 2)))
/* Before V10.4.2 the call is vTaskDelayUntil, without a result. */
#define rtb_freertos_delay_until(last_wake, period) vTaskDelayUntil(last_wake, period)
#else
#define rtb_freertos_delay_until(last_wake, period) ((void)xTaskDelayUntil(last_wake, period))
#endif
/* Called before a task is deleted: nothing refers to a sleeping task but the kernel's lists. */
#define rtb_freertos_forget_task(handle) ((void)(handle))

#endif
