/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Registers of the mps2-an385 peripherals rtbench uses (CMSDK APB timers, UART, SCB). */
#ifndef RTB_MPS2_H
#define RTB_MPS2_H

#include <stdint.h>

#define REG32(addr) (*(volatile uint32_t *)(addr))

#define TIMER0_BASE 0x40000000u
#define TIMER1_BASE 0x40001000u
#define TIMER_CTRL(base) REG32((base) + 0x00u)
#define TIMER_VALUE(base) REG32((base) + 0x04u)
#define TIMER_RELOAD(base) REG32((base) + 0x08u)
#define TIMER_INTCLEAR(base) REG32((base) + 0x0Cu)
#define TIMER_CTRL_ENABLE 0x1u
#define TIMER_CTRL_IRQ_ENABLE 0x8u
#define TIMER1_IRQ 9u

#define UART0_BASE 0x40004000u
#define UART_DATA REG32(UART0_BASE + 0x00u)
#define UART_STATE REG32(UART0_BASE + 0x04u)
#define UART_CTRL REG32(UART0_BASE + 0x08u)
#define UART_BAUDDIV REG32(UART0_BASE + 0x10u)
#define UART_STATE_TX_FULL 0x1u
#define UART_CTRL_TX_ENABLE 0x1u

/* UART1: the benchmark UART (UART0 is the console). */
#define UART1_BASE 0x40005000u
#define UART1_DATA REG32(UART1_BASE + 0x00u)
#define UART1_CTRL REG32(UART1_BASE + 0x08u)
#define UART1_INTCLEAR REG32(UART1_BASE + 0x0Cu)
#define UART1_BAUDDIV REG32(UART1_BASE + 0x10u)
#define UART_CTRL_TX_INT_ENABLE 0x4u
#define UART_INT_ALL 0xFu
#define UART_INT_TX 0x1u
#define UART_BAUDDIV_MIN 16u
#define UART1_TX_IRQ 3u

#define SCB_CFSR REG32(0xE000ED28u)
#define SCB_HFSR REG32(0xE000ED2Cu)
#define SCB_MMFAR REG32(0xE000ED34u)
#define SCB_BFAR REG32(0xE000ED38u)
#define NVIC_ISER0 REG32(0xE000E100u)
#define NVIC_ICER0 REG32(0xE000E180u)
#define NVIC_ICPR0 REG32(0xE000E280u)
#define NVIC_IPR_BYTE(irq) (*(volatile uint8_t *)(0xE000E400u + (irq)))

#endif
