/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* An STM32F4 board (Cortex-M4F): its name and its timers' texts for the manifest; the board
 * file names the board itself. */
#ifndef RTB_CM_BOARD_H
#define RTB_CM_BOARD_H

#include "rtb_board_values.h"

#define CM_STR_(x) #x
#define CM_STR(x) CM_STR_(x)

#define CM_PERIPHERALS "stm32f4.h"
#define CM_BOARD_NAME "an STM32F4 board (see the board file)"
#define CM_CPU_NAME "Cortex-M4F"
/* Up to the STM32F446's FMPI2C1 error interrupt (IRQ 96). */
#define CM_IRQ_COUNT 97
#define CM_TIMER1_IRQ TIM_IRQ(RTB_BOARD_IRQ_TIMER)

#if RTB_BOARD_TS_TIMER == 0
#define CM_TIMESTAMP_TEXT "DWT CYCCNT, CPU cycles at " CM_STR(RTB_BOARD_CLOCK_HZ) " Hz"
#else
#define CM_TIMESTAMP_TEXT "TIM" CM_STR(RTB_BOARD_TS_TIMER) " at " CM_STR(RTB_BOARD_TS_HZ) " Hz"
#endif
#if RTB_BOARD_TIMER_MODEL == RTB_BOARD_TIMERS_QEMU_7_2
#define CM_IRQ_SOURCE_TEXT "TIM" CM_STR(RTB_BOARD_IRQ_TIMER) " update, armed as QEMU 7.2 models it"
#else
#define CM_IRQ_SOURCE_TEXT "TIM" CM_STR(RTB_BOARD_IRQ_TIMER) " update, one-shot"
#endif

#endif
