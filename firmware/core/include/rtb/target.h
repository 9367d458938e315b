/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The platform API: what a target (firmware/targets/<platform>/) provides to the core.
 * A target never knows which kernel runs. Its rtb_target_config.h supplies the inline
 * timestamp read and the clock constants. */
#ifndef RTB_TARGET_H
#define RTB_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "rtb_target_config.h"

#include "rtb/noreturn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A target whose timestamps count work rather than time (retired instructions, not advancing
 * at a fixed rate) defines RTB_TS_COUNTS_WORK in rtb_target_config.h: benchmarks that compare
 * timestamps with time then report unsupported. */

/* rtbench's entry point: the target's start-up code calls it once C can run. */
RTB_NORETURN void rtb_main(void);

/* Timestamp at reset, taken by the start-up code as early as the counter allows. A platform
 * without a reset (a host process) defines RTB_TARGET_NO_RESET in rtb_target_config.h as the
 * reason, and boot-time measurements report `unsupported` with it. */
uint32_t rtb_target_reset_ts(void);
/* Console, command line and exit. */
void rtb_target_init(void);
void rtb_target_write(const char *text, size_t len);
size_t rtb_target_cmdline(char *buf, size_t cap);
RTB_NORETURN void rtb_target_exit(int status);
void rtb_target_describe(void (*emit)(const char *key, const char *value));

/* The benchmark interrupt: a one-shot hardware timer. Its handler calls rtb_core_irq(). */
void rtb_target_irq_setup(uint32_t priority);
void rtb_target_irq_trigger(uint32_t delay_ts);

/* The benchmark UART (rtb/uart.h): a transmitter, not the console, whose interrupt fires once
 * the byte written last has been sent; its handler calls rtb_core_uart(). rtb_target_config.h
 * describes the line in RTB_TARGET_UART_LINE (text for the results), and defines
 * RTB_TARGET_UART_FIRE_LATCHED when the hardware latches the time its interrupt fired in the
 * timestamps' time base. A target without such a UART defines RTB_TARGET_NO_UART as the reason
 * instead, provides none of these, and the UART benchmarks report `unsupported` with it. */
void rtb_target_uart_setup(uint32_t priority, uint32_t baud);
void rtb_target_uart_send(uint8_t byte);
void rtb_target_uart_stop(void);

#ifdef __cplusplus
}
#endif

#endif
