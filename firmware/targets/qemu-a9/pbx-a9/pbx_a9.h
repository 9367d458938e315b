/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Registers of the realview-pbx-a9 devices rtbench uses beside a kernel's board support (RTEMS's
 * realview_pbx_a9_qemu BSP: its start-up, MMU, GIC driver and clock): the Cortex-A9 MPCore's
 * private region (GIC, global timer, private timer) and the board's PL011 UARTs. The MPCore is
 * the one vexpress-a9 has, at another address; so are the UARTs, on other interrupt lines. */
#ifndef RTB_PBX_A9_H
#define RTB_PBX_A9_H

#include <stdint.h>

#define REG32(addr) (*(volatile uint32_t *)(addr))
#define REG8(addr) (*(volatile uint8_t *)(addr))

#define A9_PRIVATE_BASE 0x1F000000u
#define GICD(off) REG32(A9_PRIVATE_BASE + 0x1000u + (off))
#define GICD_ISENABLER(n) (0x100u + 4u * (n))
#define GICD_ICENABLER(n) (0x180u + 4u * (n))
#define GICD_ICPENDR(n) (0x280u + 4u * (n))
#define GICD_IPRIORITYR_BYTE(id) REG8(A9_PRIVATE_BASE + 0x1000u + 0x400u + (id))
/* Global timer: the timestamps (its low word) and, through its comparator, the kernel's tick. */
#define GTIMER_COUNT_LO_ADDR (A9_PRIVATE_BASE + 0x0200u)
/* Private timer: 32-bit down-counter at PERIPHCLK (100 MHz in QEMU, the global timer's rate),
 * one-shot here, raising PPI 29: the benchmark interrupt. */
#define PTIMER(off) REG32(A9_PRIVATE_BASE + 0x0600u + (off))
#define PTIMER_LOAD 0x00u
#define PTIMER_CTRL 0x08u
#define PTIMER_STATUS 0x0Cu
#define PTIMER_CTRL_ENABLE 0x1u
#define PTIMER_CTRL_IRQ_ENABLE 0x4u
#define PTIMER_IRQ 29u

#define UART0_BASE 0x10009000u
#define UART_DR REG32(UART0_BASE + 0x00u)
#define UART_FR REG32(UART0_BASE + 0x18u)
#define UART_FR_TXFF 0x20u

/* UART1, the benchmark UART: a PL011 on GIC SPI 13 (interrupt 45); its UARTCLK is 24 MHz. */
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
#define UART1_IRQ 45u

#endif
