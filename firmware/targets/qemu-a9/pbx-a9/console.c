/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* PL011 UART0 console, the unit check and the board description on realview-pbx-a9. The kernel's
 * board support starts the machine (reset, MMU, caches) and calls rtbench's entry from its first
 * task; command line and exit status are the ARM semihosting calls (arm-semihosting/). */
#include <stdint.h>
#include <string.h>

#include "pbx_a9.h"
#include "rtb/target.h"
#include "rtb/text.h"

/* QEMU counts the global timer from reset (virtual time 0), so reset is count 0. */
uint32_t rtb_target_reset_ts(void) { return 0u; }

void rtb_target_init(void) { REG32(UART0_BASE + 0x30u) = 0x301u; /* UARTEN, TXE, RXE */ }

void rtb_target_write(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        while (UART_FR & UART_FR_TXFF) {
        }
        UART_DR = (uint8_t)text[i];
    }
}

/* The unit, proven as on vexpress-a9: from one global timer load to the next, the first load
 * itself, a mov and 4000 iterations of subs+bne, 8002 instructions (in Thumb-2 as in ARM state),
 * must read as 8002 once converted as the host converts every delta (x 5/16, rounded). */
static void unit_check(char *buf)
{
    uint32_t t0, t1;
    __asm__ volatile("ldr %0, [%2]\n"
                     "movs r3, #4000\n"
                     "1: subs r3, r3, #1\n"
                     "bne 1b\n"
                     "ldr %1, [%2]\n"
                     : "=&r"(t0), "=&r"(t1)
                     : "r"(GTIMER_COUNT_LO_ADDR)
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
    emit("target.board", "QEMU realview-pbx-a9 (RealView Platform Baseboard Explore for Cortex-A9)");
    emit("target.cpu", "Cortex-A9 (one core of the MPCore)");
    emit("target.timestamp", "A9 global timer, 100 MHz of virtual time; instructions under -icount shift=5");
    emit("target.tick_source", "A9 global timer comparator (PPI 27), programmed by the kernel's board support");
    emit("target.irq_source", "A9 private timer (PPI 29), one-shot");
    emit("target.interrupt_controller", "GIC (A9 MPCore), as the kernel's board support configures it");
}
