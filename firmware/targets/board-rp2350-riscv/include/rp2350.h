/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The RP2350 registers the Pico 2 drivers use (RP2350 datasheet: 7.5 resets, 8.1 clocks, 8.2
 * XOSC, 8.5 ticks, 8.6 PLL, 9.11 IO and pads, 12.1 UART, 12.8 timers, 3.2 interrupt numbers).
 * Each block has atomic aliases: +0x2000 sets the bits written, +0x3000 clears them. */
#ifndef RTB_RP2350_H
#define RTB_RP2350_H

#include <stdint.h>

#define REG32(addr) (*(volatile uint32_t *)(addr))
#define RP_SET(addr) REG32((addr) + 0x2000u)
#define RP_CLR(addr) REG32((addr) + 0x3000u)

#define CLOCKS_BASE 0x40010000u
#define CLK_REF_CTRL (CLOCKS_BASE + 0x30u)
#define CLK_REF_DIV (CLOCKS_BASE + 0x34u)
#define CLK_REF_SELECTED (CLOCKS_BASE + 0x38u)
#define CLK_SYS_CTRL (CLOCKS_BASE + 0x3cu)
#define CLK_SYS_DIV (CLOCKS_BASE + 0x40u)
#define CLK_SYS_SELECTED (CLOCKS_BASE + 0x44u)
#define CLK_PERI_CTRL (CLOCKS_BASE + 0x48u)
#define CLK_PERI_DIV (CLOCKS_BASE + 0x4cu)
#define CLK_REF_SRC_XOSC 2u
#define CLK_CTRL_ENABLE (1u << 11)

#define RESETS_BASE 0x40020000u
#define RESETS_RESET (RESETS_BASE + 0x0u)
#define RESETS_DONE (RESETS_BASE + 0x8u)
#define RESET_IO_BANK0 (1u << 6)
#define RESET_PADS_BANK0 (1u << 9)
#define RESET_PLL_SYS (1u << 14)
#define RESET_TIMER0 (1u << 23)
#define RESET_TIMER1 (1u << 24)
#define RESET_UART0 (1u << 26)

#define IO_BANK0_GPIO_CTRL(n) (0x40028000u + 8u * (n) + 4u)
#define GPIO_FUNC_UART 2u
#define PADS_BANK0_GPIO(n) (0x40038000u + 4u * ((n) + 1u))
#define PAD_ISO (1u << 8)
#define PAD_OD (1u << 7)
#define PAD_IE (1u << 6)

#define XOSC_BASE 0x40048000u
#define XOSC_CTRL (XOSC_BASE + 0x0u)
#define XOSC_STATUS (XOSC_BASE + 0x4u)
#define XOSC_STARTUP (XOSC_BASE + 0xcu)
#define XOSC_CTRL_1_15MHZ 0xaa0u
#define XOSC_CTRL_ENABLE (0xfabu << 12)
#define XOSC_STATUS_STABLE (1u << 31)

#define PLL_SYS_BASE 0x40050000u
#define PLL_CS (PLL_SYS_BASE + 0x0u)
#define PLL_PWR (PLL_SYS_BASE + 0x4u)
#define PLL_FBDIV_INT (PLL_SYS_BASE + 0x8u)
#define PLL_PRIM (PLL_SYS_BASE + 0xcu)
#define PLL_CS_LOCK (1u << 31)
#define PLL_PWR_PD (1u << 0)
#define PLL_PWR_POSTDIVPD (1u << 3)
#define PLL_PWR_VCOPD (1u << 5)

#define UART0_BASE 0x40070000u
#define UART_DR (UART0_BASE + 0x000u)
#define UART_FR (UART0_BASE + 0x018u)
#define UART_IBRD (UART0_BASE + 0x024u)
#define UART_FBRD (UART0_BASE + 0x028u)
#define UART_LCR_H (UART0_BASE + 0x02cu)
#define UART_CR (UART0_BASE + 0x030u)
#define UART_FR_BUSY (1u << 3)
#define UART_FR_TXFF (1u << 5)

#define TIMER0_BASE 0x400b0000u
#define TIMER1_BASE 0x400b8000u
#define TIMER_ALARM0(base) ((base) + 0x10u)
#define TIMER_RAWL(base) ((base) + 0x28u)
#define TIMER_SOURCE(base) ((base) + 0x38u)
#define TIMER_INTR(base) ((base) + 0x3cu)
#define TIMER_INTE(base) ((base) + 0x40u)
#define TIMER_ALARM0_BIT 1u

#define TICKS_TIMER0_CTRL 0x40108018u
#define TICKS_TIMER0_CYCLES 0x4010801cu

/* Interrupt numbers (3.2), the RP2350's interrupt controller's inputs (Xh3irq). */
#define IRQ_TIMER0_0 0u
#define IRQ_TIMER1_0 4u

#endif
