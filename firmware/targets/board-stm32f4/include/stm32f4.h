/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The STM32F4 registers rtbench's board drivers use (RM0368, RM0090, RM0383, RM0390): RCC,
 * FLASH, GPIOA, USART1/2, the general-purpose timers TIM2-TIM5 and the core's DWT. What the
 * board file chose (clock tree, flash settings, timers, console) comes as RTB_BOARD_* values
 * (rtbench/acquire/board_image.py); cm_board_start_clock() sets the clocks up and starts the
 * timestamp counter. */
#ifndef RTB_STM32F4_H
#define RTB_STM32F4_H

#include <stdint.h>

#include "cm_regs.h"
#include "rtb_board_values.h"

#define RCC_BASE 0x40023800u
#define RCC_CR CM_REG32(RCC_BASE + 0x00u)
#define RCC_PLLCFGR CM_REG32(RCC_BASE + 0x04u)
#define RCC_CFGR CM_REG32(RCC_BASE + 0x08u)
#define RCC_AHB1ENR CM_REG32(RCC_BASE + 0x30u)
#define RCC_APB1ENR CM_REG32(RCC_BASE + 0x40u)
#define RCC_APB2ENR CM_REG32(RCC_BASE + 0x44u)
#define RCC_CR_HSEON (1u << 16)
#define RCC_CR_HSERDY (1u << 17)
#define RCC_CR_HSEBYP (1u << 18)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_PLL 2u
#define RCC_CFGR_SWS_MASK (3u << 2)
#define RCC_CFGR_SWS_PLL (2u << 2)

#define FLASH_ACR CM_REG32(0x40023C00u)
#define FLASH_ACR_LATENCY_MASK 0xFu
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)
#define FLASH_ACR_DCEN (1u << 10)
#define FLASH_ACR_ICRST (1u << 11)
#define FLASH_ACR_DCRST (1u << 12)

#define GPIOA_BASE 0x40020000u
#define GPIO_MODER(base) CM_REG32((base) + 0x00u)
#define GPIO_AFRL(base) CM_REG32((base) + 0x20u)
#define GPIO_AFRH(base) CM_REG32((base) + 0x24u)

#define USART1_BASE 0x40011000u
#define USART2_BASE 0x40004400u
#define USART_SR(base) CM_REG32((base) + 0x00u)
#define USART_DR(base) CM_REG32((base) + 0x04u)
#define USART_BRR(base) CM_REG32((base) + 0x08u)
#define USART_CR1(base) CM_REG32((base) + 0x0Cu)
#define USART_SR_TXE (1u << 7)
#define USART_CR1_TE (1u << 3)
#define USART_CR1_UE (1u << 13)

/* TIM2..TIM5 sit 0x400 apart from 0x40000000 on APB1; TIM2 and TIM5 count 32 bits. */
#define TIM_BASE(n) (0x40000000u + 0x400u * ((n) - 2u))
#define TIM_IRQ(n) ((n) == 5u ? 50u : 26u + (n))
#define TIM_CR1(base) CM_REG32((base) + 0x00u)
#define TIM_DIER(base) CM_REG32((base) + 0x0Cu)
#define TIM_SR(base) CM_REG32((base) + 0x10u)
#define TIM_EGR(base) CM_REG32((base) + 0x14u)
#define TIM_CNT(base) CM_REG32((base) + 0x24u)
#define TIM_PSC(base) CM_REG32((base) + 0x28u)
#define TIM_ARR(base) CM_REG32((base) + 0x2Cu)
#define TIM_CR1_CEN (1u << 0)
#define TIM_CR1_URS (1u << 2)
#define TIM_DIER_UIE (1u << 0)
#define TIM_EGR_UG (1u << 0)
#define RCC_APB1ENR_TIM(n) (1u << ((n) - 2u))

#define DEMCR CM_REG32(0xE000EDFCu)
#define DEMCR_TRCENA (1u << 24)
#define DWT_CTRL CM_REG32(0xE0001000u)
#define DWT_CYCCNT CM_REG32(0xE0001004u)
#define DWT_CTRL_CYCCNTENA (1u << 0)

/* The PLL, the bus dividers and the flash's wait states and caches, as the board file says
 * (a board whose clock the machine fixes, an emulator, leaves them alone). */
void rtb_stm32f4_clocks(void);

/* A counter at reset: the DWT cycle counter, or a 32-bit timer counting from 0 at its clock. */
static inline void cm_board_start_clock(void)
{
    rtb_stm32f4_clocks();
#if RTB_BOARD_TS_TIMER == 0
    DEMCR |= DEMCR_TRCENA;
    DWT_CYCCNT = 0u;
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
#else
    RCC_APB1ENR |= RCC_APB1ENR_TIM(RTB_BOARD_TS_TIMER);
    TIM_PSC(TIM_BASE(RTB_BOARD_TS_TIMER)) = 0u;
    TIM_ARR(TIM_BASE(RTB_BOARD_TS_TIMER)) = 0xFFFFFFFFu;
    TIM_CNT(TIM_BASE(RTB_BOARD_TS_TIMER)) = 0u;
    TIM_CR1(TIM_BASE(RTB_BOARD_TS_TIMER)) = TIM_CR1_CEN;
#endif
}

#endif
