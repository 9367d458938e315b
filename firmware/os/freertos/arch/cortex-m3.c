/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M3 side of the FreeRTOS port: the tick interrupt wrapper that reports each
 * tick's span for tick_cost, and the priority of interrupts that call the kernel. */
#include "FreeRTOS.h"
#include "task.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/tick.h"

void xPortSysTickHandler(void);

void SysTick_Handler(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
#endif
    xPortSysTickHandler();
    rtb_core_tick_observed(start, rtb_target_ts());
}

const char *rtb_os_tick_unobservable(void) { return 0; } /* SysTick_Handler reports each tick */

uint32_t rtb_os_isr_priority(void)
{
    /* One level less urgent than the highest that may call FreeRTOS's FromISR API. */
    return configMAX_SYSCALL_INTERRUPT_PRIORITY + (1u << (8u - configPRIO_BITS));
}
