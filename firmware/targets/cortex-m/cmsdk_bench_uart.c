/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark UART: the board's CMSDK UART1 (UART0 is the console) and its TX interrupt.
 * The runner gives UART1 no host backend, so QEMU drains a written byte at once: the TX
 * interrupt is raised by the DATA write itself. */
#include <stdint.h>

#include "cm_vectors.h"
#include "cmsdk.h"
#include "rtb/target.h"
#include "rtb/uart.h"

void rtb_target_uart_setup(uint32_t priority, uint32_t baud)
{
    /* QEMU keeps no line time, but the divider is programmed as on hardware (TRM: >= 16). */
    uint32_t divider = RTB_TARGET_CPU_HZ / (baud ? baud : 1u);
    UART_CTRL(CM_UART1_BASE) = 0u;
    UART_BAUDDIV(CM_UART1_BASE) = divider < UART_BAUDDIV_MIN ? UART_BAUDDIV_MIN : divider;
    UART_INTCLEAR(CM_UART1_BASE) = UART_INT_ALL;
    cm_nvic_priority(CM_UART1_TX_IRQ, (uint8_t)priority);
    cm_nvic_unpend(CM_UART1_TX_IRQ);
    cm_nvic_enable(CM_UART1_TX_IRQ);
    UART_CTRL(CM_UART1_BASE) = UART_CTRL_TX_ENABLE | UART_CTRL_TX_INT_ENABLE;
}

void rtb_target_uart_send(uint8_t byte) { UART_DATA(CM_UART1_BASE) = byte; }

void rtb_target_uart_stop(void)
{
    UART_CTRL(CM_UART1_BASE) = 0u;
    cm_nvic_disable(CM_UART1_TX_IRQ);
    UART_INTCLEAR(CM_UART1_BASE) = UART_INT_ALL;
    cm_nvic_unpend(CM_UART1_TX_IRQ);
}

void BenchUart_Handler(void)
{
    uint32_t t_entry = rtb_target_ts();
    UART_INTCLEAR(CM_UART1_BASE) = UART_INT_TX; /* the interrupt is a level: clear it before returning */
    rtb_core_uart(t_entry, t_entry);
}
