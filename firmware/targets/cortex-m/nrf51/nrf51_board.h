/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU's microbit (nRF51): the benchmark interrupt is TIMER1's (IRQ 9); there is no second
 * UART for the UART benchmarks. A target's rtb_cm_board.h names the board and includes this. */
#ifndef RTB_NRF51_BOARD_H
#define RTB_NRF51_BOARD_H

#define CM_PERIPHERALS "nrf51.h"
#define CM_IRQ_COUNT 32
#define CM_TIMER1_IRQ 9
/* The handler captures TIMER0 two instructions after TIMER1: 4.096 ticks under icount shift=7.
 * In whole ticks t_fire can fall a tick off TIMER0's grid, a sample then an instruction low
 * (scripts/irq_crosscheck.py: 65 of 300 of FreeRTOS's irq_task_wake). The CMSDK boards' exact
 * table has no counterpart: QEMU's nRF51 timer re-bases at every capture and truncates its
 * 62.5 ns ticks, so TIMER0 keeps no fixed sub-tick phase to look up. 4 beats 5 by that count. */
#define CM_TIMER0_READ_LAG_TICKS 4u

#define CM_TIMESTAMP_TEXT "nRF51 TIMER0 16 MHz (capture task), instructions under -icount shift=7"
#define CM_IRQ_SOURCE_TEXT "nRF51 TIMER1 compare 0 (IRQ 9), one-shot"

#endif
