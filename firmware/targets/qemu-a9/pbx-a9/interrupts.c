/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt and the benchmark UART on realview-pbx-a9, beside a kernel whose board
 * support owns the GIC and the global timer (its tick comes from the global timer's comparator):
 * the benchmark interrupt is the A9 private timer (PPI 29), one-shot. It counts PERIPHCLK, the
 * global timer's clock, so the time it was raised is the arming time plus the delay; the arming
 * time is read one instruction before the timer starts: the raise time is known to one tick of
 * 10 ns, a third of an instruction. The kernel's interrupt dispatch
 * calls rtb_target_interrupt_id with the ids of RTB_TARGET_IRQ_IDS and ends each interrupt
 * itself. The benchmark UART is the board's PL011 UART1 (SPI 13), connected to nothing. */
#include <stdint.h>

#include "pbx_a9.h"
#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/uart.h"

/* From the arming read to the time the timer raises its interrupt, beyond the delay: the store
 * that starts the timer comes one instruction (3.2 ticks) after the read. */
#define RTB_PBX_ARM_SKEW_TICKS 3u

static uint32_t fire_ts;

static void gic_priority(uint32_t id, uint32_t priority)
{
    GICD_IPRIORITYR_BYTE(id) = (uint8_t)priority;
    GICD(GICD_ICPENDR(id / 32u)) = 1u << (id % 32u);
    GICD(GICD_ISENABLER(id / 32u)) = 1u << (id % 32u);
}

void rtb_target_irq_setup(uint32_t priority)
{
    PTIMER(PTIMER_CTRL) = 0u;
    PTIMER(PTIMER_STATUS) = 1u;
    gic_priority(PTIMER_IRQ, priority);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    uint32_t armed;
    PTIMER(PTIMER_CTRL) = 0u;
    PTIMER(PTIMER_LOAD) = delay_ts;
    /* The read and the start, back to back. */
    __asm__ volatile("ldr %0, [%1]\n"
                     "str %2, [%3]\n"
                     : "=&r"(armed)
                     : "r"(GTIMER_COUNT_LO_ADDR), "r"(PTIMER_CTRL_ENABLE | PTIMER_CTRL_IRQ_ENABLE),
                       "r"(A9_PRIVATE_BASE + 0x0600u + PTIMER_CTRL)
                     : "memory");
    fire_ts = armed + RTB_PBX_ARM_SKEW_TICKS + delay_ts;
}

void rtb_target_interrupt_id(uint32_t id)
{
    uint32_t t_entry = rtb_target_ts();
    if (id == PTIMER_IRQ) {
        PTIMER(PTIMER_CTRL) = 0u;
        PTIMER(PTIMER_STATUS) = 1u;
        rtb_core_irq(fire_ts, t_entry);
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
    gic_priority(UART1_IRQ, priority);
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
