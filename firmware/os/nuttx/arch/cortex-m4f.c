/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* NuttX's vector table (VTOR, set by its up_irqinitialize) sends every interrupt through its
 * dispatcher (exception_common, arm_doirq, irq_dispatch): the target's benchmark handlers, which
 * other kernels take straight from rtbench's vector table, are attached there. Their entry
 * timestamps are taken after NuttX's common entry, which is part of what its interrupts cost. */
#include <nuttx/config.h>

#include <nuttx/irq.h>

#include "rtb/os.h"
#include "rtb_cm_board.h"
#include "cortex-m4f.h"

/* The IRQ number NuttX's dispatcher uses for external interrupt n (after the 16 exceptions). */
#define EXTERNAL_IRQ(n) (16 + (n))
/* What NuttX's up_irqinitialize gives every interrupt (NVIC_SYSH_PRIORITY_DEFAULT). */
#define NUTTX_IRQ_PRIORITY 0x80u

void BenchTimer_Handler(void);
#ifdef CM_UART1_TX_IRQ
void BenchUart_Handler(void);
#endif

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

void rtb_nuttx_arch_attach(void)
{
    (void)irq_attach(EXTERNAL_IRQ(CM_TIMER1_IRQ), bench_timer, NULL);
#ifdef CM_UART1_TX_IRQ
    (void)irq_attach(EXTERNAL_IRQ(CM_UART1_TX_IRQ), bench_uart, NULL);
#endif
}

uint32_t rtb_os_isr_priority(void) { return NUTTX_IRQ_PRIORITY; }
