/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The RISC-V side of the uC/OS-II port, for SoCs without a CLINT: the tick and every interrupt
 * come from the platform (rtb/target_irq.h) through rtbench's trap handler
 * (port/riscv32/os_cpu_a.S); the kernel's RV32 port supplies the rest (os_cpu_c.c: task stack
 * frames, hooks and its tick handler). */
#include <stdint.h>

#include "ucos_ii.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/tick.h"

/* Interrupts run here, not on the interrupted task's stack (no task needs room for them). */
uint32_t rtb_ucos2_isr_stack[RTB_UCOS2_ISR_STACK_BYTES / sizeof(uint32_t)] RTB_NOINIT __attribute__((aligned(16)));

void rtb_ucos2_trap(void);
void rtb_ucos2_tick_start(void);
/* The kernel RV32 port's tick interrupt body (os_cpu_c.c): OSIntEnter, OSTimeTick, OSIntExit. */
void SysTick_Handler(void);

/* Called before OSStart, interrupts still masked (OSStartHighRdy enables them). */
void rtb_ucos2_tick_start(void)
{
    RTB_TARGET_TRAP_ENTRY(rtb_ucos2_trap);
    rtb_target_tick_start(OS_TICKS_PER_SEC);
}

void rtb_os_tick_interrupt(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
#endif
    SysTick_Handler();
    rtb_core_tick_observed(start, rtb_target_ts());
}

/* One interrupt level: every interrupt may call the kernel. */
uint32_t rtb_os_isr_priority(void) { return 0u; }

const char *rtb_os_tick_unobservable(void) { return 0; } /* rtb_os_tick_interrupt reports each tick */

const char *rtb_os_sched_unobservable(void)
{
    return "uC/OS-II has no hook around its choice of the next task (OS_SchedNew): OSTaskSwHook "
           "runs in the port's context switch after the choice was made";
}
