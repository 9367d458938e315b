/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU's mps2-an505 (Cortex-M33, IoT Kit subsystem), used from the secure state: the
 * peripherals through their secure aliases (0x5xxxxxxx). The subsystem's CMSDK timers are its
 * IRQs 3 and 4; the board's UARTs are expansion IRQs (32 + 2n for RX, 32 + 2n + 1 for TX). */
#ifndef RTB_MPS2_TZ_BOARD_H
#define RTB_MPS2_TZ_BOARD_H

#define CM_PERIPHERALS "cmsdk.h"
#define CM_IRQ_COUNT 48
#define CM_TIMER0_BASE 0x50000000
#define CM_TIMER1_BASE 0x50001000
#define CM_TIMER1_IRQ 4
#define CM_UART0_BASE 0x50200000u
#define CM_UART1_BASE 0x50201000u
#define CM_UART1_TX_IRQ 35

#define CM_TIMESTAMP_TEXT "CMSDK APB timer0 20 MHz, instructions under -icount shift=7"
#define CM_IRQ_SOURCE_TEXT "CMSDK APB timer1 (IRQ 4), one-shot"

#endif
