/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The RISC-V side of the ThreadX port, for SoCs without a CLINT: the low-level initialisation
 * the kernel calls from tx_kernel_enter (system stack, trap vector, tick), and the tick, which
 * the platform (rtb/target_irq.h) raises through the port's trap handler
 * (port/riscv32/tx_port_rv32.S) and which reports each tick's span for tick_cost. */
#include <stdint.h>

#include "tx_api.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/tick.h"

static uint32_t system_stack[RTB_THREADX_SYSTEM_STACK_BYTES / sizeof(uint32_t)] RTB_NOINIT __attribute__((aligned(16)));

extern VOID *_tx_thread_system_stack_ptr;
extern VOID *_tx_initialize_unused_memory;
VOID _tx_initialize_low_level(VOID);
VOID _tx_timer_interrupt(VOID);
void rtb_threadx_trap(void);

/* Interrupts stay masked until the scheduler first waits or runs a thread. */
VOID _tx_initialize_low_level(VOID)
{
    __asm__ volatile("csrci mstatus, 8" ::: "memory");
    _tx_thread_system_stack_ptr = &system_stack[RTB_THREADX_SYSTEM_STACK_BYTES / sizeof(uint32_t)];
    _tx_initialize_unused_memory = TX_NULL; /* rtbench allocates every object statically */
    RTB_TARGET_TRAP_ENTRY(rtb_threadx_trap);
    rtb_target_tick_start(TX_TIMER_TICKS_PER_SECOND);
}

void rtb_os_tick_interrupt(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
#endif
    _tx_timer_interrupt();
    rtb_core_tick_observed(start, rtb_target_ts());
}

/* One interrupt level: every interrupt may call the kernel. */
uint32_t rtb_os_isr_priority(void) { return 0u; }

const char *rtb_os_tick_unobservable(void) { return 0; } /* rtb_os_tick_interrupt reports each tick */

const char *rtb_os_sched_unobservable(void)
{
    return "ThreadX chooses the next thread whenever its ready list changes (resume and suspend "
           "set _tx_thread_execute_ptr) and offers no hook around that choice";
}
