/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The CMSDK APB timer and UART of the MPS2 boards; the board header (rtb_cm_board.h) says
 * where they are: CM_TIMER0_BASE (timestamps), CM_TIMER1_BASE and CM_TIMER1_IRQ (benchmark
 * interrupt), CM_UART0_BASE (console), CM_UART1_BASE and CM_UART1_TX_IRQ (benchmark UART). */
#ifndef RTB_CM_CMSDK_H
#define RTB_CM_CMSDK_H

#include "cm_regs.h"
#include "rtb_cm_board.h"

#define TIMER_CTRL(base) CM_REG32((base) + 0x00u)
#define TIMER_VALUE(base) CM_REG32((base) + 0x04u)
#define TIMER_RELOAD(base) CM_REG32((base) + 0x08u)
#define TIMER_INTCLEAR(base) CM_REG32((base) + 0x0Cu)
#define TIMER_CTRL_ENABLE 0x1u
#define TIMER_CTRL_IRQ_ENABLE 0x8u

#define UART_DATA(base) CM_REG32((base) + 0x00u)
#define UART_STATE(base) CM_REG32((base) + 0x04u)
#define UART_CTRL(base) CM_REG32((base) + 0x08u)
#define UART_INTCLEAR(base) CM_REG32((base) + 0x0Cu)
#define UART_BAUDDIV(base) CM_REG32((base) + 0x10u)
#define UART_STATE_TX_FULL 0x1u
#define UART_CTRL_TX_ENABLE 0x1u
#define UART_CTRL_TX_INT_ENABLE 0x4u
#define UART_INT_ALL 0xFu
#define UART_INT_TX 0x1u
#define UART_BAUDDIV_MIN 16u

/* Reset starts timer0 counting down from 0xffffffff: the timestamps' time base. */
static inline void cm_board_start_clock(void)
{
    TIMER_RELOAD(CM_TIMER0_BASE) = 0xFFFFFFFFu;
    TIMER_VALUE(CM_TIMER0_BASE) = 0xFFFFFFFFu;
    TIMER_CTRL(CM_TIMER0_BASE) = TIMER_CTRL_ENABLE;
}

#endif
