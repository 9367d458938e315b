/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M3 side of the ThreadX port: the low-level initialisation the kernel calls
 * from tx_kernel_enter (system stack, SysTick, exception priorities), the tick interrupt
 * wrapper that reports each tick's span for tick_cost, and the priority of interrupts that
 * call the kernel. The kernel's own PendSV_Handler does the context switches. */
#include "tx_api.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/tick.h"

#define SCB_VTOR (*(volatile uint32_t *)0xE000ED08u)
#define SCB_SHPR2 (*(volatile uint32_t *)0xE000ED1Cu)
#define SCB_SHPR3 (*(volatile uint32_t *)0xE000ED20u)
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define LEVEL(n) ((n) << (8u - RTB_THREADX_PRIO_BITS))

extern VOID *_tx_thread_system_stack_ptr;
extern VOID *_tx_initialize_unused_memory;
VOID _tx_initialize_low_level(VOID);
VOID _tx_timer_interrupt(VOID);

VOID _tx_initialize_low_level(VOID)
{
    __asm__ volatile("cpsid i" ::: "memory");
    /* Interrupts run on the main stack the reset handler set up (the vector table's first word). */
    _tx_thread_system_stack_ptr = (VOID *)*(volatile uint32_t *)SCB_VTOR;
    _tx_initialize_unused_memory = TX_NULL; /* rtbench allocates every object statically */
    SYST_RVR = RTB_TARGET_CPU_HZ / TX_TIMER_TICKS_PER_SECOND - 1u;
    SYST_CVR = 0u;
    SYST_CSR = 7u; /* processor clock, interrupt, enable */
    /* SVCall and PendSV least urgent (the port switches context in PendSV), SysTick above. */
    SCB_SHPR2 = 0xFFu << 24;
    SCB_SHPR3 = (LEVEL(RTB_THREADX_TICK_LEVEL) << 24) | (0xFFu << 16);
}

void SysTick_Handler(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
#endif
    _tx_timer_interrupt();
    rtb_core_tick_observed(start, rtb_target_ts());
}

uint32_t rtb_os_isr_priority(void) { return LEVEL(RTB_THREADX_ISR_LEVEL); }

const char *rtb_os_tick_unobservable(void) { return 0; } /* SysTick_Handler reports each tick */

const char *rtb_os_sched_unobservable(void)
{
    return "ThreadX chooses the next thread whenever its ready list changes (resume and suspend "
           "set _tx_thread_execute_ptr) and offers no hook around that choice";
}
