/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What the board file chose, as rtbench passes it to the image (rtbench/acquire/board_image.py):
 * an image of this family is always built for one board. */
#ifndef RTB_BOARD_VALUES_H
#define RTB_BOARD_VALUES_H

#if !defined(RTB_BOARD_CLOCK_HZ) || !defined(RTB_BOARD_TS_TIMER) || !defined(RTB_BOARD_IRQ_TIMER) ||           \
    !defined(RTB_BOARD_CONSOLE) || !defined(RTB_BOARD_TIMER_MODEL)
#error "a board-stm32f4 image is built for a board file: rtbench run --target board --board FILE"
#endif

/* RTB_BOARD_CLOCK_SOURCE: where the PLL's input comes from. */
#define RTB_BOARD_CLOCK_MACHINE 0 /* fixed by the machine (an emulator): RCC left alone */
#define RTB_BOARD_CLOCK_HSI 1
#define RTB_BOARD_CLOCK_HSE 2

/* RTB_BOARD_TIMER_MODEL: how the benchmark interrupt's timer behaves. */
#define RTB_BOARD_TIMERS_SILICON 0
#define RTB_BOARD_TIMERS_QEMU_7_2 1 /* QEMU 7.2's stm32f2xx_timer (stand-in boards) */

#endif
