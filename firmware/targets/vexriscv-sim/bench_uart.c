/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark UART: rtbench's own transmitter in the SoC (soc/bench_uart.py, registers
 * uart_bench_*), with a line time: its interrupt fires once a character has left the line and
 * latches that cycle. rtb_target_interrupt() (interrupts.c) serves it. */
#include <stdint.h>

#include "rtb/target.h"
#include "soc_io.h"

#define UART_BITS_PER_CHAR 10u /* start bit, 8 data bits, stop bit */

void rtb_target_uart_setup(uint32_t priority, uint32_t baud)
{
    (void)priority; /* one interrupt level on this CPU */
    /* A character is 10 bits at the nominal clock the SoC's constants are computed for. */
    uint32_t cycles = UART_BITS_PER_CHAR * RTB_SOC_CLOCK_HZ / (baud ? baud : 1u);
    REG32(RTB_CSR_UART_BENCH_CHAR_CYCLES) = cycles ? cycles : 1u;
    REG32(RTB_CSR_UART_BENCH_EV_PENDING) = 1u;
    REG32(RTB_CSR_UART_BENCH_EV_ENABLE) = 1u;
    csr_set(CSR_IRQ_MASK, RTB_IRQ_BIT(RTB_IRQ_UART_BENCH));
    csr_set("mie", MIE_MEIE);
}

void rtb_target_uart_send(uint8_t byte) { REG32_STORE_ONCE(RTB_CSR_UART_BENCH_DATA, byte); }

void rtb_target_uart_stop(void)
{
    REG32(RTB_CSR_UART_BENCH_EV_ENABLE) = 0u;
    csr_clear(CSR_IRQ_MASK, RTB_IRQ_BIT(RTB_IRQ_UART_BENCH));
    REG32(RTB_CSR_UART_BENCH_EV_PENDING) = 1u;
}
