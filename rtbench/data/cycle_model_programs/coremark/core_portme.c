/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's CoreMark port (core_portme.h): the performance run's seeds, ITERATIONS fixed at build
 * time, the timed region between two rtb_mark() calls, the instruction count as its time base
 * (QEMU -icount: one per instruction), output through semihosting. */
#include <stdarg.h>
#include <stdio.h>

#include "coremark.h"

void rtb_mark(void);

volatile ee_s32 seed1_volatile = 0x0;
volatile ee_s32 seed2_volatile = 0x0;
volatile ee_s32 seed3_volatile = 0x66;
volatile ee_s32 seed4_volatile = ITERATIONS;
volatile ee_s32 seed5_volatile = 0;
ee_u32 default_num_contexts = 1;

/* CoreMark wants 10 s of run: the ticks are a nominal count large enough to say so; the model's
 * cycles, from its log, are what the validation uses. */
#define EE_TICKS_PER_SEC 1000u
static CORE_TICKS start_ticks, stop_ticks;

void start_time(void)
{
    rtb_mark();
    start_ticks = 0;
}

void stop_time(void)
{
    rtb_mark();
    stop_ticks = 10u * EE_TICKS_PER_SEC;
}

CORE_TICKS get_time(void) { return stop_ticks - start_ticks; }

secs_ret time_in_secs(CORE_TICKS ticks) { return (secs_ret)(ticks / EE_TICKS_PER_SEC); }

void portable_init(core_portable *p, int *argc, char *argv[])
{
    (void)argc;
    (void)argv;
    p->portable_id = 1;
}

void portable_fini(core_portable *p) { p->portable_id = 0; }

int ee_printf(const char *fmt, ...)
{
    char text[256];
    va_list args;
    va_start(args, fmt);
    int length = vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    fputs(text, stdout);
    return length;
}
