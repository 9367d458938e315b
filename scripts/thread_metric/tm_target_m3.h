/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Stands in for the suite's tm_porting_layer.h on qemu-m3: included before every source
 * (-include), it takes that header's include guard, so the suite's own copy adds nothing. The trap: the suite's tests raise their interrupt with TM_CAUSE_INTERRUPT and expect to
 * continue only once its handler (and any task it made ready) has run. Here it sets the
 * benchmark interrupt's line pending in the NVIC; the barriers make the core take it before
 * the next instruction, as a trap would. Reports: the tests print with printf; tm_printf
 * writes to the console without the C library's heap. */
#ifndef TM_PORTING_LAYER_H
#define TM_PORTING_LAYER_H

#include <stdint.h>
#include <stdio.h>

#define TM_NVIC_ISPR0 (*(volatile uint32_t *)0xE000E200u)
#define TM_IRQ_LINE 9u /* CMSDK timer1: the line rtbench's benchmark interrupt uses */

#define TM_CAUSE_INTERRUPT                                                                       \
    do {                                                                                         \
        TM_NVIC_ISPR0 = 1u << TM_IRQ_LINE;                                                       \
        __asm__ volatile("dsb\n\tisb" ::: "memory");                                             \
    } while (0);

int tm_printf(const char *format, ...);
#define printf tm_printf

#endif
