/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Pico 2's drivers, between themselves. */
#ifndef RTB_BOARD_H
#define RTB_BOARD_H

#include <stdint.h>

#define RTB_BOARD_XOSC_HZ 12000000u
#define RTB_BOARD_CLK_SYS_HZ 150000000u
#define RTB_BOARD_UART_BAUD 115200u

/* clocks.c: crystal, PLL_SYS at 150 MHz, clk_peri, TIMER0's 1 us tick. */
void rtb_board_clocks(void);
/* console.c: UART0 on GP0 (TX) and GP1 (RX). */
void rtb_board_console(void);

#endif
