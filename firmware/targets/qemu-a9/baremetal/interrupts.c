/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The GIC, the two timers and the benchmark UART: the kernel tick from the private timer (PPI 29)
 * and the benchmark interrupt from the global timer's comparator (PPI 27). The comparator fires
 * when the global timer, the timestamp counter itself, reaches it: the comparator value is the
 * exact time the interrupt was raised. The benchmark UART is the motherboard's PL011 UART1 (SPI
 * 6), which the runner connects to nothing: QEMU's PL011 raises its TX interrupt with every
 * DR write, so the line has no time and the handler's first timestamp starts the interval. */
#include <stdint.h>

#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/uart.h"
#include "vexpress.h"

static void gic_enable(uint32_t id, uint8_t priority)
{
    GICD(GICD_CTLR) = 1u;
    GICC(GICC_BPR) = 0u;
    GICC(GICC_CTLR) = 1u;
    GICD_IPRIORITYR_BYTE(id) = priority;
    GICD(GICD_ICPENDR(id / 32u)) = 1u << (id % 32u);
    GICD(GICD_ISENABLER(id / 32u)) = 1u << (id % 32u);
}

/* The lowest priority that still preempts a masked-out idle priority mask (0xFF). */
void rtb_target_tick_start(uint32_t tick_hz)
{
    PTIMER(PTIMER_CTRL) = 0u;
    PTIMER(PTIMER_STATUS) = 1u;
    PTIMER(PTIMER_LOAD) = PERIPHCLK_HZ / tick_hz - 1u;
    gic_enable(PTIMER_IRQ, RTB_A9_TICK_PRIORITY);
    PTIMER(PTIMER_CTRL) = PTIMER_CTRL_ENABLE | PTIMER_CTRL_AUTO_RELOAD | PTIMER_CTRL_IRQ_ENABLE;
}

void rtb_target_irq_setup(uint32_t priority)
{
    GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE;
    GTIMER(GTIMER_STATUS) = 1u;
    gic_enable(GTIMER_IRQ, (uint8_t)priority);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    uint32_t hi, lo;
    do {
        hi = GTIMER(GTIMER_COUNT_HI);
        lo = GTIMER(GTIMER_COUNT_LO);
    } while (hi != GTIMER(GTIMER_COUNT_HI));
    uint64_t fire = (((uint64_t)hi << 32) | lo) + delay_ts;
    GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE;
    GTIMER(GTIMER_CMP_LO) = (uint32_t)fire;
    GTIMER(GTIMER_CMP_HI) = (uint32_t)(fire >> 32);
    GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE | GTIMER_CTRL_CMP_ENABLE | GTIMER_CTRL_IRQ_ENABLE;
}

/* Called by the kernel port's interrupt entry with the acknowledged interrupt id; the entry
 * signals the end of the interrupt to the GIC itself. */
void rtb_target_interrupt_id(uint32_t id)
{
    uint32_t t_entry = rtb_target_ts();
    if (id == GTIMER_IRQ) {
        GTIMER(GTIMER_CTRL) = GTIMER_CTRL_ENABLE;
        GTIMER(GTIMER_STATUS) = 1u;
        rtb_core_irq(GTIMER(GTIMER_CMP_LO), t_entry);
    } else if (id == PTIMER_IRQ) {
        PTIMER(PTIMER_STATUS) = 1u;
        rtb_os_tick_interrupt();
    } else if (id == UART1_IRQ) {
        UART1(UART_ICR) = UART_INT_TX;
        rtb_core_uart(t_entry, t_entry);
    }
}

void rtb_target_uart_setup(uint32_t priority, uint32_t baud)
{
    /* QEMU keeps no line time, but the divider is programmed as on hardware: UARTCLK / (16 baud),
     * in 64ths. */
    uint32_t rate = baud ? baud : 1u;
    uint32_t divider64 = (4u * UART1_CLK_HZ + rate / 2u) / rate;
    UART1(UART_CR_OFF) = 0u;
    UART1(UART_IMSC) = 0u;
    UART1(UART_ICR) = UART_INT_ALL;
    UART1(UART_IBRD) = divider64 >> 6 ? divider64 >> 6 : 1u;
    UART1(UART_FBRD) = divider64 & 0x3Fu;
    UART1(UART_LCR_H) = UART_LCR_H_8BITS;
    gic_enable(UART1_IRQ, (uint8_t)priority);
    UART1(UART_IMSC) = UART_INT_TX;
    UART1(UART_CR_OFF) = UART_CR_UARTEN | UART_CR_TXE;
}

void rtb_target_uart_send(uint8_t byte) { UART1(UART_DR_OFF) = byte; }

void rtb_target_uart_stop(void)
{
    UART1(UART_IMSC) = 0u;
    UART1(UART_CR_OFF) = 0u;
    UART1(UART_ICR) = UART_INT_ALL;
    GICD(GICD_ICENABLER(UART1_IRQ / 32u)) = 1u << (UART1_IRQ % 32u);
    GICD(GICD_ICPENDR(UART1_IRQ / 32u)) = 1u << (UART1_IRQ % 32u);
}
