/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M3 side of the uC/OS-II port: the tick interrupt wrapper that reports each
 * tick's span for tick_cost, the tick set-up, and the priority of interrupts that call the
 * kernel. */
#include "ucos_ii.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/tick.h"

void rtb_ucos2_tick_start(void);

void SysTick_Handler(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
#endif
    OS_CPU_SysTickHandler(); /* OSIntEnter, OSTimeTick, OSIntExit */
    rtb_core_tick_observed(start, rtb_target_ts());
}

void rtb_ucos2_tick_start(void) { OS_CPU_SysTickInitFreq(RTB_TARGET_CPU_HZ); }

uint32_t rtb_os_isr_priority(void)
{
    /* One level less urgent than the kernel-aware boundary (which the tick uses). */
    return (CPU_CFG_KA_IPL_BOUNDARY + 1u) << (8u - CPU_CFG_NVIC_PRIO_BITS);
}

const char *rtb_os_tick_unobservable(void) { return 0; } /* SysTick_Handler reports each tick */

const char *rtb_os_sched_unobservable(void)
{
    return "uC/OS-II has no hook around its choice of the next task (OS_SchedNew): OSTaskSwHook "
           "runs in the port's PendSV handler after the choice was made";
}
