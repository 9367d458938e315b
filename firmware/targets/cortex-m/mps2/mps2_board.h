/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU's mps2-an385, -an386 and -an500 (Cortex-M3, M4, M7): the same CMSDK peripherals at the
 * same places. A target's rtb_cm_board.h names its board and CPU and includes this. */
#ifndef RTB_MPS2_BOARD_H
#define RTB_MPS2_BOARD_H

#define CM_PERIPHERALS "cmsdk.h"
#define CM_IRQ_COUNT 32
#define CM_TIMER0_BASE 0x40000000
#define CM_TIMER1_BASE 0x40001000
#define CM_TIMER1_IRQ 9
#define CM_UART0_BASE 0x40004000u
#define CM_UART1_BASE 0x40005000u
#define CM_UART1_TX_IRQ 3

#define CM_TIMESTAMP_TEXT "CMSDK APB timer0 25 MHz, instructions under -icount shift=7"
#define CM_IRQ_SOURCE_TEXT "CMSDK APB timer1 (IRQ 9), one-shot"

#endif
