/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's board for QEMU's mps2-an386 and mps2-an500: what the chip's code asks of a board. */
#ifndef RTB_NUTTX_BOARD_H
#define RTB_NUTTX_BOARD_H

/* QEMU clocks the MPS2 CPUs (and so SysTick) at 25 MHz, as rtbench's targets assume. */
#define MPS_SYSTICK_CLOCK 25000000

#endif
