/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The console: the nRF51's UART, polled on its TXDRDY event. */
#include <stdint.h>

#include "nrf51.h"
#include "rtb/target.h"

void rtb_target_init(void)
{
    NRF_UART_ENABLE = NRF_UART_ENABLE_ON;
    NRF_UART_STARTTX = 1u;
}

void rtb_target_write(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        NRF_UART_TXDRDY = 0u;
        NRF_UART_TXD = (uint8_t)text[i];
        while (!NRF_UART_TXDRDY) {
        }
    }
}
