/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark UART: mps2-an385's UART1 (CMSDK APB UART; UART0 is the console), its TX
 * interrupt (NVIC IRQ 3). The runner gives UART1 no host backend, so QEMU drains a written
 * byte at once: the TX interrupt is raised by the DATA write itself. */
#include <stdint.h>

#include "mps2.h"
#include "rtb/target.h"
#include "rtb/uart.h"

void rtb_target_uart_setup(uint32_t priority, uint32_t baud)
{
    /* QEMU keeps no line time, but the divider is programmed as on hardware (TRM: >= 16). */
    uint32_t divider = RTB_TARGET_CPU_HZ / (baud ? baud : 1u);
    UART1_CTRL = 0u;
    UART1_BAUDDIV = divider < UART_BAUDDIV_MIN ? UART_BAUDDIV_MIN : divider;
    UART1_INTCLEAR = UART_INT_ALL;
    NVIC_IPR_BYTE(UART1_TX_IRQ) = (uint8_t)priority;
    NVIC_ICPR0 = 1u << UART1_TX_IRQ;
    NVIC_ISER0 = 1u << UART1_TX_IRQ;
    UART1_CTRL = UART_CTRL_TX_ENABLE | UART_CTRL_TX_INT_ENABLE;
}

void rtb_target_uart_send(uint8_t byte) { UART1_DATA = byte; }

void rtb_target_uart_stop(void)
{
    UART1_CTRL = 0u;
    NVIC_ICER0 = 1u << UART1_TX_IRQ;
    UART1_INTCLEAR = UART_INT_ALL;
    NVIC_ICPR0 = 1u << UART1_TX_IRQ;
}

void Uart1Tx_Handler(void)
{
    uint32_t t_entry = rtb_target_ts();
    UART1_INTCLEAR = UART_INT_TX; /* the interrupt is a level: clear it before returning */
    rtb_core_uart(t_entry, t_entry);
}
