/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The RISC-V side of the FreeRTOS port, for SoCs without a CLINT: the tick timer and every
 * interrupt come from the platform (rtb/target_irq.h). The kernel's trap handler saves the
 * context and calls the two application handlers below. */
#include "FreeRTOS.h"
#include "task.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/tick.h"

void freertos_risc_v_trap_handler(void);

/* Called by xPortStartScheduler: the kernel's trap handler takes over from the start-up's. */
void vPortSetupTimerInterrupt(void)
{
    RTB_TARGET_TRAP_ENTRY(freertos_risc_v_trap_handler);
    rtb_target_tick_start(configTICK_RATE_HZ);
}

void freertos_risc_v_application_interrupt_handler(void) { rtb_target_interrupt(); }

void freertos_risc_v_application_exception_handler(void) { rtb_target_exception(); }

/* What the port's own machine-timer path does, timed for tick_cost. */
void rtb_os_tick_interrupt(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
#endif
    if (xTaskIncrementTick() != pdFALSE)
        vTaskSwitchContext();
    rtb_core_tick_observed(start, rtb_target_ts());
}

/* One interrupt level: every interrupt may call the FromISR API. */
uint32_t rtb_os_isr_priority(void) { return 0u; }

const char *rtb_os_tick_unobservable(void) { return 0; } /* the tick handler reports each tick */
