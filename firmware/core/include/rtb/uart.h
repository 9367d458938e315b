/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark UART, as the core offers it to benchmarks: a transmitter whose interrupt says
 * that the byte written last has been sent, served by a handler the benchmark attaches. The
 * 2012 study's peripheral interrupt (a UART message), next to the timer of rtb/irq.h. */
#ifndef RTB_UART_H
#define RTB_UART_H

#include <stdbool.h>
#include <stdint.h>

#include "rtb/target.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The line rate benchmarks use unless the option `baud` says otherwise. */
#define RTB_UART_BAUD 1000000u

/* Runs in interrupt context, once per byte sent. t_fire: when the UART raised its interrupt
 * where the target latches it (RTB_UART_FIRE_LATCHED), else the handler's first timestamp;
 * t_entry: the handler's first timestamp. Returns whether a context switch is needed on exit. */
typedef bool (*rtb_uart_handler)(uint32_t t_fire, uint32_t t_entry, void *arg);

/* Sets the line up at `baud` (at least 1) and attaches `handler`. False when the target has
 * no such UART: the running benchmark is then `unsupported` with the target's reason. */
bool rtb_uart_attach(rtb_uart_handler handler, void *arg, uint32_t baud);
/* Stops the UART's interrupt and detaches the handler. */
void rtb_uart_detach(void);

#ifdef RTB_TARGET_NO_UART
static inline void rtb_uart_send(uint8_t byte) { (void)byte; }
#define RTB_UART_LINE ""
#else
/* Writes one byte; the handler runs once it has been sent. */
static inline void rtb_uart_send(uint8_t byte) { rtb_target_uart_send(byte); }
/* How the target times the line, for the result's notes. */
#define RTB_UART_LINE RTB_TARGET_UART_LINE
#endif

#ifdef RTB_TARGET_UART_FIRE_LATCHED
#define RTB_UART_FIRE_LATCHED 1
#endif

/* Called by the target's UART interrupt handler. */
void rtb_core_uart(uint32_t t_fire, uint32_t t_entry);

#ifdef __cplusplus
}
#endif

#endif
