/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* For scripts/nuttx_osperf.sh: osperf's clock (NuttX's up_perf_* interface) on the MPS2 board's
 * CMSDK APB timer0 at 25 MHz, rtbench's own timestamp counter. NuttX's ARMv7-M implementation
 * reads the DWT cycle counter, which QEMU does not model (it reads 0). Linked ahead of NuttX's
 * libraries (EXTRA_OBJS), these four take the place of its arm_perf.c. */
#include <nuttx/config.h>

#include <stdint.h>
#include <time.h>

#include <nuttx/arch.h>

#define TIMER0_CTRL (*(volatile uint32_t *)0x40000000u)
#define TIMER0_VALUE (*(volatile uint32_t *)0x40000004u)
#define TIMER0_RELOAD (*(volatile uint32_t *)0x40000008u)
#define TIMER0_HZ 25000000u

void up_perf_init(void *arg)
{
    (void)arg;
    TIMER0_CTRL = 0u;
    TIMER0_RELOAD = 0xFFFFFFFFu;
    TIMER0_VALUE = 0xFFFFFFFFu;
    TIMER0_CTRL = 1u; /* enable, no interrupt */
}

/* timer0 counts down: its complement counts up (wraps after 171 s, longer than a run). NuttX
 * calls no up_perf_init at start-up: the first read starts the timer (a load and a branch more
 * in each read, inside osperf's figures with the rest of its clock read). */
clock_t up_perf_gettime(void)
{
    if ((TIMER0_CTRL & 1u) == 0u)
        up_perf_init(0);
    return (clock_t)(uint32_t)~TIMER0_VALUE;
}

unsigned long up_perf_getfreq(void) { return TIMER0_HZ; }

void up_perf_convert(clock_t elapsed, struct timespec *ts)
{
    uint64_t ns = (uint64_t)elapsed * 40u; /* 25 MHz: 40 ns a count */
    ts->tv_sec = (time_t)(ns / 1000000000u);
    ts->tv_nsec = (long)(ns % 1000000000u);
}
