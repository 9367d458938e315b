/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Pico 2's console: UART0 on GP0 (TX) and GP1 (RX), 115200 baud 8N1 from clk_peri (150 MHz),
 * the pins a Raspberry Pi Debug Probe's UART connects to. The command line and the exit status
 * go through the debug probe: the board runner writes rtb_board_cmdline after loading the image
 * and reads rtb_board_exit_status once the stream has ended. */
#include <stdint.h>
#include <string.h>

#include "rp2350.h"
#include "rtb/target.h"
#include "rtb_board.h"
#include "rtb_riscv_csr.h"

#define CMDLINE_CAP 1024u /* as the runner's (rtbench/acquire/runners/board.py) */

/* Not zeroed at start: the runner writes them before the core starts. */
__attribute__((used, section(".noinit"))) volatile char rtb_board_cmdline[CMDLINE_CAP];
__attribute__((used, section(".noinit"))) volatile uint32_t rtb_board_exit_status;

void rtb_board_console(void)
{
    RP_CLR(RESETS_RESET) = RESET_IO_BANK0 | RESET_PADS_BANK0 | RESET_UART0;
    while ((REG32(RESETS_DONE) & (RESET_IO_BANK0 | RESET_PADS_BANK0 | RESET_UART0)) !=
           (RESET_IO_BANK0 | RESET_PADS_BANK0 | RESET_UART0)) {
    }
    /* Divisor: 150 MHz / (16 x 115200) = 81 + 24/64. The line control write latches it. */
    REG32(UART_IBRD) = 81u;
    REG32(UART_FBRD) = 24u;
    REG32(UART_LCR_H) = (3u << 5) | (1u << 4); /* 8 bits, FIFOs on */
    REG32(UART_CR) = (1u << 0) | (1u << 8) | (1u << 9); /* UART, transmit, receive */
    for (uint32_t pin = 0; pin < 2u; pin++) {
        REG32(IO_BANK0_GPIO_CTRL(pin)) = GPIO_FUNC_UART;
        RP_SET(PADS_BANK0_GPIO(pin)) = PAD_IE;
        RP_CLR(PADS_BANK0_GPIO(pin)) = PAD_OD | PAD_ISO; /* isolation off last (datasheet 9.7) */
    }
}

void rtb_target_write(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        while (REG32(UART_FR) & UART_FR_TXFF) {
        }
        REG32(UART_DR) = (uint8_t)text[i];
    }
}

size_t rtb_target_cmdline(char *buf, size_t cap)
{
    size_t len = 0;
    if (cap == 0u)
        return 0u;
    while (len + 1u < cap && len < CMDLINE_CAP && rtb_board_cmdline[len] != '\0') {
        buf[len] = rtb_board_cmdline[len];
        len++;
    }
    buf[len] = '\0';
    return len;
}

_Noreturn void rtb_target_exit(int status)
{
    while (REG32(UART_FR) & UART_FR_BUSY) {
    }
    rtb_board_exit_status = (uint32_t)status | 0x80000000u; /* the top bit says "exited" */
    csr_clear("mstatus", 8u);
    for (;;)
        __asm__ volatile("wfi");
}

void rtb_target_describe(void (*emit)(const char *key, const char *value))
{
    emit("target.board", "Raspberry Pi Pico 2 (RP2350), Hazard3 core 0, code and data in SRAM");
    emit("target.cpu", "Hazard3 (RP2350), running rv32imac_zba_zbb_zbkb code at 150 MHz");
    emit("target.timestamp", "mcycle, CPU cycles");
    emit("target.tick_source", "TIMER0 alarm 0, 1 us ticks");
    emit("target.irq_source", "TIMER1 alarm 0, counting clk_sys cycles");
}
