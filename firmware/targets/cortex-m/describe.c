/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What the run's manifest records about the board: the texts its rtb_cm_board.h gives. */
#include "rtb/target.h"
#include "rtb_cm_board.h"

void rtb_target_describe(void (*emit)(const char *key, const char *value))
{
    emit("target.board", CM_BOARD_NAME);
    emit("target.cpu", CM_CPU_NAME);
    emit("target.timestamp", CM_TIMESTAMP_TEXT);
    emit("target.irq_source", CM_IRQ_SOURCE_TEXT);
}
