/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-A9 side of the FreeRTOS port (GCC ARM_CA9): the exception entries the target's
 * vector table jumps to, the tick set-up and handler the port asks the application for, and
 * the dispatch of every acknowledged interrupt to the target. */
#include "FreeRTOS.h"
#include "task.h"

#include "rtb/fpu.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/tick.h"

void FreeRTOS_Tick_Handler(void);

/* The vector table's SVC and IRQ slots: the kernel's own handlers. */
__attribute__((naked)) void rtb_os_svc_entry(void) { __asm__ volatile("b FreeRTOS_SWI_Handler"); }
__attribute__((naked)) void rtb_os_irq_entry(void) { __asm__ volatile("b FreeRTOS_IRQ_Handler"); }

/* configSETUP_TICK_INTERRUPT(): called by xPortStartScheduler. */
void rtb_freertos_a9_setup_tick(void) { rtb_target_tick_start(configTICK_RATE_HZ); }

/* Called by FreeRTOS_IRQ_Handler with the acknowledged ICCIAR value; the port writes EOIR. */
void vApplicationIRQHandler(uint32_t icciar) { rtb_target_interrupt_id(icciar & 0x3FFu); }

/* The port's tick (xTaskIncrementTick, a switch request for the interrupt's exit), timed for
 * tick_cost. */
void rtb_os_tick_interrupt(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
#endif
    FreeRTOS_Tick_Handler();
    rtb_core_tick_observed(start, rtb_target_ts());
}

const char *rtb_os_tick_unobservable(void) { return 0; } /* every tick is reported */

uint32_t rtb_os_isr_priority(void)
{
    /* One level less urgent than the most urgent that may call the FromISR API (a GIC
     * priority register value: the level in the top 5 bits). */
    return (configMAX_API_CALL_INTERRUPT_PRIORITY + 1u) << 3;
}

/* configUSE_TASK_FPU_SUPPORT 1: the ARM_CA9 port saves FPU state only for tasks that called
 * portTASK_USES_FLOATING_POINT(), which rtb/os.h does not offer (rtb/fpu.h). */
const char *rtb_os_fpu_unsupported(void)
{
    return "FreeRTOS's ARM_CA9 port saves FPU state only for tasks that declare it "
           "(portTASK_USES_FLOATING_POINT, configUSE_TASK_FPU_SUPPORT 1), which rtbench's OS layer does not offer";
}
