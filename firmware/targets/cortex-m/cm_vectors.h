/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-M exception and interrupt handlers rtbench defines: startup.c's vector table points
 * at them, the drivers define the benchmark's own, and a port that owns the vector table
 * (µT-Kernel, NuttX) calls those from its dispatcher. */
#ifndef RTB_CM_VECTORS_H
#define RTB_CM_VECTORS_H

#include "rtb_cm_board.h"

__attribute__((noreturn)) void Reset_Handler(void);
void Fault_Handler(void);
/* The benchmark timer's interrupt (the board's timer driver). */
void BenchTimer_Handler(void);
#ifdef CM_UART1_TX_IRQ
/* The benchmark UART's transmit interrupt (cmsdk_bench_uart.c). */
void BenchUart_Handler(void);
#endif

#endif
