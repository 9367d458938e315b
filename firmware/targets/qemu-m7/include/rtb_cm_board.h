/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU mps2-an500 (Cortex-M7). */
#ifndef RTB_CM_BOARD_H
#define RTB_CM_BOARD_H

#include "mps2_board.h"

#define CM_BOARD_NAME "QEMU mps2-an500"
#define CM_CPU_NAME "Cortex-M7"

#endif
