/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Pico 2's clocks, from whatever the boot ROM left: the 12 MHz crystal (XOSC) as clk_ref,
 * PLL_SYS at 12 MHz x 125 / 5 / 2 = 150 MHz as clk_sys (the RP2350's nominal clock, the pico-sdk's
 * default; datasheet 8.6.4), clk_peri from clk_sys for the UART, and TIMER0's tick at 1 us (12
 * cycles of clk_ref). The core runs from SRAM, so nothing waits for flash. */
#include <stdint.h>

#include "rp2350.h"
#include "rtb_board.h"

static void wait_set(uint32_t addr, uint32_t bits)
{
    while ((REG32(addr) & bits) != bits) {
    }
}

static void start_crystal(void)
{
    REG32(XOSC_CTRL) = XOSC_CTRL_1_15MHZ;
    REG32(XOSC_STARTUP) = 47u; /* x 256 cycles: about 1 ms at 12 MHz */
    RP_SET(XOSC_CTRL) = XOSC_CTRL_ENABLE;
    wait_set(XOSC_STATUS, XOSC_STATUS_STABLE);
    REG32(CLK_REF_DIV) = 1u << 16;
    REG32(CLK_REF_CTRL) = CLK_REF_SRC_XOSC;
    wait_set(CLK_REF_SELECTED, 1u << CLK_REF_SRC_XOSC);
}

static void start_pll_sys(void)
{
    RP_SET(RESETS_RESET) = RESET_PLL_SYS;
    RP_CLR(RESETS_RESET) = RESET_PLL_SYS;
    wait_set(RESETS_DONE, RESET_PLL_SYS);
    REG32(PLL_CS) = 1u; /* reference divider 1 */
    REG32(PLL_FBDIV_INT) = 125u; /* VCO 1500 MHz */
    RP_CLR(PLL_PWR) = PLL_PWR_PD | PLL_PWR_VCOPD;
    wait_set(PLL_CS, PLL_CS_LOCK);
    REG32(PLL_PRIM) = (5u << 16) | (2u << 12);
    RP_CLR(PLL_PWR) = PLL_PWR_POSTDIVPD;
}

void rtb_board_clocks(void)
{
    /* clk_sys from clk_ref (glitchless) while its auxiliary source and the PLL change. */
    RP_CLR(CLK_SYS_CTRL) = 1u;
    wait_set(CLK_SYS_SELECTED, 1u);
    start_crystal();
    start_pll_sys();
    REG32(CLK_SYS_DIV) = 1u << 16;
    REG32(CLK_SYS_CTRL) = 0u << 5; /* auxiliary source: PLL_SYS; still on clk_ref */
    RP_SET(CLK_SYS_CTRL) = 1u;
    wait_set(CLK_SYS_SELECTED, 2u);
    REG32(CLK_PERI_CTRL) = 0u; /* stop before the auxiliary source changes */
    REG32(CLK_PERI_DIV) = 1u << 16;
    REG32(CLK_PERI_CTRL) = CLK_CTRL_ENABLE; /* clk_sys */
    REG32(TICKS_TIMER0_CTRL) = 0u;
    REG32(TICKS_TIMER0_CYCLES) = RTB_BOARD_XOSC_HZ / 1000000u;
    REG32(TICKS_TIMER0_CTRL) = 1u;
}
