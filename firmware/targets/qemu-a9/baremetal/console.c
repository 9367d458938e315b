/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* PL011 UART0 console, the unit check and the board description. Command line and exit
 * status: the ARM semihosting calls (targets/arm-semihosting/semihosting.c). */
#include <stdint.h>
#include <string.h>

#include "rtb/target.h"
#include "rtb/text.h"
#include "vexpress.h"

void rtb_target_init(void) { UART_CR = 0x301u; /* UARTEN, TXE, RXE */ }

void rtb_target_write(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        while (UART_FR & UART_FR_TXFF) {
        }
        UART_DR = (uint8_t)text[i];
    }
}

/* The unit, proven: from one global timer load to the next, the first load itself, a mov and
 * 4000 iterations of subs+bne, 8002 instructions; the ticks between, converted as the host
 * converts every delta (x 5/16, rounded), must say 8002. */
static void unit_check(char *buf)
{
    uint32_t t0, t1;
    __asm__ volatile("ldr %0, [%2]\n"
                     "mov r3, #4000\n"
                     "1: subs r3, r3, #1\n"
                     "bne 1b\n"
                     "ldr %1, [%2]\n"
                     : "=&r"(t0), "=&r"(t1)
                     : "r"(0x1E000200u)
                     : "r3", "cc", "memory");
    uint32_t ticks = t1 - t0;
    uint32_t insns = (ticks * RTB_TS_SCALE_NUM + RTB_TS_SCALE_DEN / 2u) / RTB_TS_SCALE_DEN;
    char a[RTB_TEXT_U32_LEN], b[RTB_TEXT_U32_LEN];
    strcpy(buf, "8002 instructions (load, mov, 4000 x subs+bne) read as ");
    strcat(buf, rtb_text_u32(a, ticks));
    strcat(buf, " ticks = ");
    strcat(buf, rtb_text_u32(b, insns));
    strcat(buf, " instructions");
}

void rtb_target_describe(void (*emit)(const char *key, const char *value))
{
    char check[128];
    unit_check(check);
    emit("target.unit_check", check);
    emit("target.board", "QEMU vexpress-a9 (V2P-CA9)");
    emit("target.cpu", "Cortex-A9 (one core of the MPCore)");
    emit("target.timestamp", "A9 global timer, 100 MHz of virtual time; instructions under -icount shift=5");
    emit("target.tick_source", "A9 private timer (PPI 29)");
    emit("target.irq_source", "A9 global timer comparator (PPI 27), one-shot");
    emit("target.interrupt_controller", "GIC (A9 MPCore), 32 priority levels used");
}
