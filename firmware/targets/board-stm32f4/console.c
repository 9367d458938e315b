/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The console: USART1 (TX on PA9) or USART2 (TX on PA2: the ST-LINK's virtual COM port on the
 * Nucleo boards), polled, 8N1 at the board file's baud rate from its bus clock. */
#include <stdint.h>

#include "rtb/target.h"
#include "stm32f4.h"

#if RTB_BOARD_CONSOLE == 1
#define CONSOLE USART1_BASE
#define CONSOLE_TX_PIN 9u
#else
#define CONSOLE USART2_BASE
#define CONSOLE_TX_PIN 2u
#endif
#define GPIO_AF7_USART 7u

static void tx_pin_setup(void)
{
    RCC_AHB1ENR |= 1u; /* GPIOA */
#if CONSOLE_TX_PIN < 8u
    GPIO_AFRL(GPIOA_BASE) = (GPIO_AFRL(GPIOA_BASE) & ~(0xFu << (4u * CONSOLE_TX_PIN))) |
                            (GPIO_AF7_USART << (4u * CONSOLE_TX_PIN));
#else
    GPIO_AFRH(GPIOA_BASE) = (GPIO_AFRH(GPIOA_BASE) & ~(0xFu << (4u * (CONSOLE_TX_PIN - 8u)))) |
                            (GPIO_AF7_USART << (4u * (CONSOLE_TX_PIN - 8u)));
#endif
    GPIO_MODER(GPIOA_BASE) = (GPIO_MODER(GPIOA_BASE) & ~(3u << (2u * CONSOLE_TX_PIN))) |
                             (2u << (2u * CONSOLE_TX_PIN)); /* alternate function */
}

void rtb_target_init(void)
{
#if RTB_BOARD_CONSOLE == 1
    RCC_APB2ENR |= 1u << 4;
#else
    RCC_APB1ENR |= 1u << 17;
#endif
    tx_pin_setup();
    /* Oversampling by 16: BRR holds the divider in sixteenths, rounded. */
    USART_BRR(CONSOLE) = (RTB_BOARD_CONSOLE_HZ + RTB_BOARD_BAUD / 2u) / RTB_BOARD_BAUD;
    USART_CR1(CONSOLE) = USART_CR1_UE | USART_CR1_TE;
}

void rtb_target_write(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        while (!(USART_SR(CONSOLE) & USART_SR_TXE)) {
        }
        USART_DR(CONSOLE) = (uint8_t)text[i];
    }
}
