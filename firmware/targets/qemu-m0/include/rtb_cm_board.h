/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU microbit (nRF51822, Cortex-M0). */
#ifndef RTB_CM_BOARD_H
#define RTB_CM_BOARD_H

#include "nrf51_board.h"

#define CM_BOARD_NAME "QEMU microbit (nRF51, SRAM enlarged to 256 KiB)"
#define CM_CPU_NAME "Cortex-M0"

#endif
