/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* NuttX's vector table (VTOR, set by its up_irqinitialize) sends every peripheral interrupt
 * through its dispatcher (exception_direct, irq_dispatch; a PendSV then switches tasks if the
 * handler made one ready): the target's benchmark handlers, which other kernels take straight
 * from rtbench's vector table, are attached there, and so is the
 * wrapper that reports each tick around NuttX's own SysTick handler. Their entry
 * timestamps are taken after NuttX's dispatch, which is part of what its interrupts cost. */
#include <nuttx/config.h>

#include <nuttx/irq.h>

/* NuttX's own table of attached handlers (the tree's sched/irq/irq.h): the tick's is wrapped. */
#include "irq/irq.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/tick.h"
#include "cm_vectors.h"
#include "rtb_cm_board.h"
#include "cortex-m4f.h"

/* The IRQ number NuttX's dispatcher uses for external interrupt n (after the 16 exceptions). */
#define EXTERNAL_IRQ(n) (16 + (n))
/* What NuttX's up_irqinitialize gives every interrupt (NVIC_SYSH_PRIORITY_DEFAULT). */
#define NUTTX_IRQ_PRIORITY 0x80u
/* SysTick: exception 15, the IRQ number NuttX attaches its tick to (NVIC_IRQ_SYSTICK). */
#define SYSTICK_IRQ 15

static int bench_timer(int irq, void *context, void *arg)
{
    (void)irq;
    (void)context;
    (void)arg;
    BenchTimer_Handler();
    return 0;
}

#ifdef CM_UART1_TX_IRQ
static int bench_uart(int irq, void *context, void *arg)
{
    (void)irq;
    (void)context;
    (void)arg;
    BenchUart_Handler();
    return 0;
}
#endif

/* NuttX's SysTick handler (its arch timer's lower half, which calls nxsched_process_timer), as
 * its up_timer_initialize attached it: run unchanged inside the wrapper that reports each tick. */
static xcpt_t tick_handler;
static void *tick_arg;

static int tick(int irq, void *context, void *arg)
{
    (void)arg;
    uint32_t start = rtb_target_ts();
    rtb_core_tick_entered(start); /* where watchdogs expire: timer_expiry's reference */
    int ret = tick_handler(irq, context, tick_arg);
    rtb_core_tick_observed(start, rtb_target_ts());
    return ret;
}

const char *rtb_os_tick_unobservable(void) { return 0; } /* tick() reports each tick */

void rtb_nuttx_arch_attach(void)
{
    irqstate_t flags = enter_critical_section();
    tick_handler = g_irqvector[SYSTICK_IRQ].handler;
    tick_arg = g_irqvector[SYSTICK_IRQ].arg;
    (void)irq_attach(SYSTICK_IRQ, tick, NULL);
    leave_critical_section(flags);

    (void)irq_attach(EXTERNAL_IRQ(CM_TIMER1_IRQ), bench_timer, NULL);
#ifdef CM_UART1_TX_IRQ
    (void)irq_attach(EXTERNAL_IRQ(CM_UART1_TX_IRQ), bench_uart, NULL);
#endif
}

uint32_t rtb_os_isr_priority(void) { return NUTTX_IRQ_PRIORITY; }
