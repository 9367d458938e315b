/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Registers of the vexpress-a9 devices rtbench uses: the Cortex-A9 MPCore's private region
 * (GIC, private timer, global timer) and the motherboard's PL011 UART. */
#ifndef RTB_VEXPRESS_H
#define RTB_VEXPRESS_H

#include <stdint.h>

#define REG32(addr) (*(volatile uint32_t *)(addr))
#define REG8(addr) (*(volatile uint8_t *)(addr))

#define A9_PRIVATE_BASE 0x1E000000u
/* GIC CPU interface and distributor. */
#define GICC(off) REG32(A9_PRIVATE_BASE + 0x0100u + (off))
#define GICC_CTLR 0x00u
#define GICC_PMR 0x04u
#define GICC_BPR 0x08u
#define GICD(off) REG32(A9_PRIVATE_BASE + 0x1000u + (off))
#define GICD_CTLR 0x000u
#define GICD_ISENABLER(n) (0x100u + 4u * (n))
#define GICD_ICENABLER(n) (0x180u + 4u * (n))
#define GICD_ICPENDR(n) (0x280u + 4u * (n))
#define GICD_IPRIORITYR_BYTE(id) REG8(A9_PRIVATE_BASE + 0x1000u + 0x400u + (id))
/* Global timer: 64-bit up-counter at PERIPHCLK (100 MHz in QEMU: one tick per 10 ns of virtual
 * time), with a comparator that raises PPI 27. */
#define GTIMER(off) REG32(A9_PRIVATE_BASE + 0x0200u + (off))
#define GTIMER_COUNT_LO 0x00u
#define GTIMER_COUNT_HI 0x04u
#define GTIMER_CTRL 0x08u
#define GTIMER_STATUS 0x0Cu
#define GTIMER_CMP_LO 0x10u
#define GTIMER_CMP_HI 0x14u
#define GTIMER_CTRL_ENABLE 0x1u
#define GTIMER_CTRL_CMP_ENABLE 0x2u
#define GTIMER_CTRL_IRQ_ENABLE 0x4u
#define GTIMER_IRQ 27u
/* Private timer: 32-bit down-counter at PERIPHCLK, auto-reload, raises PPI 29. */
#define PTIMER(off) REG32(A9_PRIVATE_BASE + 0x0600u + (off))
#define PTIMER_LOAD 0x00u
#define PTIMER_CTRL 0x08u
#define PTIMER_STATUS 0x0Cu
#define PTIMER_CTRL_ENABLE 0x1u
#define PTIMER_CTRL_AUTO_RELOAD 0x2u
#define PTIMER_CTRL_IRQ_ENABLE 0x4u
#define PTIMER_IRQ 29u
#define PERIPHCLK_HZ 100000000u
/* The kernel tick's GIC priority: the least urgent level a 5-bit GIC implements above the
 * unmasked mask (0xFF), so that every other interrupt may preempt it. */
#define RTB_A9_TICK_PRIORITY 0xF0u

#define UART0_BASE 0x10009000u
#define UART_DR REG32(UART0_BASE + 0x00u)
#define UART_FR REG32(UART0_BASE + 0x18u)
#define UART_CR REG32(UART0_BASE + 0x30u)
#define UART_FR_TXFF 0x20u

/* UART1, the benchmark UART: a PL011 on GIC SPI 6; its UARTCLK is 24 MHz. */
#define UART1(off) REG32(0x1000A000u + (off))
#define UART_DR_OFF 0x00u
#define UART_IBRD 0x24u
#define UART_FBRD 0x28u
#define UART_LCR_H 0x2Cu
#define UART_CR_OFF 0x30u
#define UART_IMSC 0x38u
#define UART_ICR 0x44u
#define UART_CR_UARTEN 0x001u
#define UART_CR_TXE 0x100u
#define UART_LCR_H_8BITS 0x60u
#define UART_INT_TX 0x20u
#define UART_INT_ALL 0x7FFu
#define UART1_CLK_HZ 24000000u
#define UART1_IRQ 38u

#endif
