/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The console: CMSDK UART0, polled. */
#include <stdint.h>

#include "cmsdk.h"
#include "rtb/target.h"

void rtb_target_init(void)
{
    UART_BAUDDIV(CM_UART0_BASE) = 16u;
    UART_CTRL(CM_UART0_BASE) = UART_CTRL_TX_ENABLE;
}

void rtb_target_write(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        while (UART_STATE(CM_UART0_BASE) & UART_STATE_TX_FULL) {
        }
        UART_DATA(CM_UART0_BASE) = (uint8_t)text[i];
    }
}
