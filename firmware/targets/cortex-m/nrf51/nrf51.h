/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The nRF51 peripherals rtbench uses: TIMER0 (timestamps), TIMER1 (benchmark interrupt) and
 * the UART (console). A timer is read by triggering a capture task, then reading its CC
 * register: rtb_target_ts() captures into CC[0], the benchmark interrupt into CC[1] and CC[2]. */
#ifndef RTB_NRF51_H
#define RTB_NRF51_H

#include "cm_regs.h"

#define NRF_TIMER0_BASE 0x40008000
#define NRF_TIMER1_BASE 0x40009000
#define NRF_TIMER_START(base) CM_REG32((base) + 0x000u)
#define NRF_TIMER_STOP(base) CM_REG32((base) + 0x004u)
#define NRF_TIMER_CLEAR(base) CM_REG32((base) + 0x00Cu)
#define NRF_TIMER_CAPTURE(base, n) CM_REG32((base) + 0x040u + 4u * (n))
#define NRF_TIMER_COMPARE_EVENT(base, n) CM_REG32((base) + 0x140u + 4u * (n))
#define NRF_TIMER_INTENSET(base) CM_REG32((base) + 0x304u)
#define NRF_TIMER_INTENCLR(base) CM_REG32((base) + 0x308u)
#define NRF_TIMER_MODE(base) CM_REG32((base) + 0x504u)
#define NRF_TIMER_BITMODE(base) CM_REG32((base) + 0x508u)
#define NRF_TIMER_PRESCALER(base) CM_REG32((base) + 0x510u)
#define NRF_TIMER_CC(base, n) CM_REG32((base) + 0x540u + 4u * (n))
#define NRF_TIMER_BITMODE_16 0u
#define NRF_TIMER_BITMODE_32 3u
#define NRF_TIMER_INT_COMPARE0 (1u << 16)

#define NRF_UART_BASE 0x40002000u
#define NRF_UART_STARTTX CM_REG32(NRF_UART_BASE + 0x008u)
#define NRF_UART_TXDRDY CM_REG32(NRF_UART_BASE + 0x11Cu)
#define NRF_UART_ENABLE CM_REG32(NRF_UART_BASE + 0x500u)
#define NRF_UART_TXD CM_REG32(NRF_UART_BASE + 0x51Cu)
#define NRF_UART_ENABLE_ON 4u

/* Reset starts TIMER0 counting up from 0 at 16 MHz, 32 bits wide: the timestamps' time base. */
static inline void cm_board_start_clock(void)
{
    NRF_TIMER_MODE(NRF_TIMER0_BASE) = 0u;
    NRF_TIMER_BITMODE(NRF_TIMER0_BASE) = NRF_TIMER_BITMODE_32;
    NRF_TIMER_PRESCALER(NRF_TIMER0_BASE) = 0u;
    NRF_TIMER_CLEAR(NRF_TIMER0_BASE) = 1u;
    NRF_TIMER_START(NRF_TIMER0_BASE) = 1u;
}

#endif
