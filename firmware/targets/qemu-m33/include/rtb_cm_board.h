/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* QEMU mps2-an505 (Cortex-M33 with FPU, secure state only). */
#ifndef RTB_CM_BOARD_H
#define RTB_CM_BOARD_H

#include "mps2_tz_board.h"

#define CM_BOARD_NAME "QEMU mps2-an505 (secure state only)"
#define CM_CPU_NAME "Cortex-M33"

#endif
