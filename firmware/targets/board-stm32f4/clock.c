/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The clock tree and the flash interface, as the board file says: the wait states first (the
 * flash must be slow enough before the clock rises), the flash accelerator's prefetch and
 * caches, the bus dividers, then the PLL from HSI or HSE, and the switch to it. It runs first
 * at reset, before the timestamp counter starts: boot_time does not count it. */
#include <stdint.h>

#include "stm32f4.h"

#define PPRE(div) ((div) == 1 ? 0u : (div) == 2 ? 4u : (div) == 4 ? 5u : (div) == 8 ? 6u : 7u)

static void flash_setup(void)
{
    uint32_t acr = RTB_BOARD_FLASH_WS;
    if (RTB_BOARD_FLASH_PREFETCH)
        acr |= FLASH_ACR_PRFTEN;
    if (RTB_BOARD_FLASH_ICACHE)
        acr |= FLASH_ACR_ICEN;
    if (RTB_BOARD_FLASH_DCACHE)
        acr |= FLASH_ACR_DCEN;
    /* The caches are reset while off, so that none holds lines of another image. */
    FLASH_ACR = RTB_BOARD_FLASH_WS | FLASH_ACR_ICRST | FLASH_ACR_DCRST;
    FLASH_ACR = acr;
    while ((FLASH_ACR & FLASH_ACR_LATENCY_MASK) != RTB_BOARD_FLASH_WS) {
    }
}

static void pll_setup(void)
{
    uint32_t source = 0u; /* HSI */
    if (RTB_BOARD_CLOCK_SOURCE == RTB_BOARD_CLOCK_HSE) {
        RCC_CR |= RCC_CR_HSEON | (RTB_BOARD_HSE_BYPASS ? RCC_CR_HSEBYP : 0u);
        while (!(RCC_CR & RCC_CR_HSERDY)) {
        }
        source = 1u << 22;
    }
    RCC_CFGR = (PPRE(RTB_BOARD_APB1_DIV) << 10) | (PPRE(RTB_BOARD_APB2_DIV) << 13);
    RCC_PLLCFGR = RTB_BOARD_PLL_M | (RTB_BOARD_PLL_N << 6) | ((RTB_BOARD_PLL_P / 2u - 1u) << 16) | source |
                  (RTB_BOARD_PLL_Q << 24);
    RCC_CR |= RCC_CR_PLLON;
    while (!(RCC_CR & RCC_CR_PLLRDY)) {
    }
    RCC_CFGR |= RCC_CFGR_SW_PLL;
    while ((RCC_CFGR & RCC_CFGR_SWS_MASK) != RCC_CFGR_SWS_PLL) {
    }
}

void rtb_stm32f4_clocks(void)
{
    if (RTB_BOARD_CLOCK_SOURCE == RTB_BOARD_CLOCK_MACHINE)
        return;
    flash_setup();
    pll_setup();
}
