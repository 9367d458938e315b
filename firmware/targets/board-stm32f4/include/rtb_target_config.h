/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* STM32F4 boards. Timestamps come from the DWT cycle counter (CPU cycles) or, where there is
 * none (QEMU's STM32F405), from a 32-bit timer; the board file says which, at what rate, and in
 * which unit (an emulator's timer under -icount counts instructions: RTB_BOARD_TS_NUM/DEN). */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#include "rtb_board_values.h"

#define RTB_TARGET_CPU_HZ RTB_BOARD_CLOCK_HZ
#define RTB_TS_HZ RTB_BOARD_TS_HZ
#if RTB_BOARD_TS_INSTRUCTIONS
#define RTB_TS_UNIT "instructions"
#else
#define RTB_TS_UNIT "cycles"
#endif
#define RTB_TS_SCALE_NUM RTB_BOARD_TS_NUM
#define RTB_TS_SCALE_DEN RTB_BOARD_TS_DEN

/* Large buffers skip the start-up zeroing so boot_time measures the kernel, not rtbench. */
#define RTB_NOINIT __attribute__((section(".noinit")))

/* A board's RAM is small: samples go to the serial port every RTB_BOARD_SAMPLES (between
 * iterations, never inside one). */
#define RTB_TARGET_SAMPLE_CAPACITY RTB_BOARD_SAMPLES
/* What the board file's [capacity] gives every kernel when the catalogue's 40 tasks of 2 KiB
 * do not fit its RAM: a benchmark that needs more tasks is then unsupported, saying so. */
#ifdef RTB_BOARD_MAX_TASKS
#define RTB_TARGET_MAX_TASKS RTB_BOARD_MAX_TASKS
#define RTB_TARGET_MAX_TASKS_TEXT_(n) "this board's image has " #n " task slots ([capacity] tasks in its board file): the benchmark needs more"
#define RTB_TARGET_MAX_TASKS_TEXT_N(n) RTB_TARGET_MAX_TASKS_TEXT_(n)
#define RTB_TARGET_MAX_TASKS_TEXT RTB_TARGET_MAX_TASKS_TEXT_N(RTB_BOARD_MAX_TASKS)
#endif
#ifdef RTB_BOARD_TASK_STACK_WORDS
#define RTB_TARGET_TASK_STACK_WORDS RTB_BOARD_TASK_STACK_WORDS
#endif

#define RTB_TARGET_NO_UART "the board drivers of the stm32f4 family have no benchmark UART yet (the console uses one)"

#if RTB_BOARD_TS_TIMER == 0
static inline uint32_t rtb_target_ts(void) { return *(volatile uint32_t *)0xE0001004u; /* DWT_CYCCNT */ }
#else
static inline uint32_t rtb_target_ts(void)
{
    return *(volatile uint32_t *)(0x40000024u + 0x400u * (RTB_BOARD_TS_TIMER - 2u)); /* TIMx_CNT */
}
#endif

#endif
