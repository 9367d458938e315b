/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ASP3's high-resolution timer on QEMU's MPS2 boards, behind the interface of the tree's
 * target/mps2_an386_gcc/target_timer.h (used as it is): rtbench's own driver, not the an386
 * target's target_timer.c. That one keeps the clock in the one-shot SysTick it re-arms for each
 * time event, so the clock loses what passes while it re-arms (and, under QEMU, every interval
 * its interrupt handler does not see COUNTFLAG for). Here the clock is the board's free-running
 * CMSDK timer0 (25 MHz; the target's timestamp counter, which this only reads), converted to
 * microseconds with the remainder carried, so it does not drift; the SysTick, armed one-shot
 * for the next event, only raises the interrupt, and an early or late one costs nothing but a
 * re-arm or its own lateness. */
#include <stdbool.h>

#include "kernel_impl.h"
#include "time_event.h"
#include "target_timer.h"

#define TIMER0_VALUE (*(volatile uint32_t *)0x40000004u) /* counts down from reset */
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SCB_ICSR (*(volatile uint32_t *)0xE000ED04u)
#define ICSR_PENDSTCLR (1u << 25)
#define CSR_RUN 7u /* processor clock, interrupt, enable */

static uint32_t last_count; /* timer0, counting up, when the clock was last read */
static HRTCNT clock_us;     /* the clock then, in whole microseconds */
static uint32_t carry;      /* timer0 ticks past clock_us, less than a microsecond's worth */

/* Called with the CPU locked (the kernel's calls, the timer's interrupt). */
HRTCNT hrt_get_current_body(void)
{
    uint32_t count = ~TIMER0_VALUE;
    uint32_t ticks = carry + (count - last_count);
    last_count = count;
    clock_us += ticks / HRT_CLOCKS_PER_US;
    carry = ticks % HRT_CLOCKS_PER_US;
    return clock_us;
}

/* The timer0 count (rtb_now()'s time base) at which the clock reads `hrt`: the count at clock_us
 * is `carry` ticks before the last reading. */
uint32_t rtb_asp3_hrt_ts(HRTCNT hrt);
uint32_t rtb_asp3_hrt_ts(HRTCNT hrt) { return last_count - carry + (uint32_t)(hrt - clock_us) * HRT_CLOCKS_PER_US; }

/* The timer0 count at which the kernel's system time (get_tim) reads `systim`: system time and
 * the clock differ by what the kernel keeps (systim_offset, and its event time's origin). */
uint32_t rtb_asp3_systim_ts(SYSTIM systim);
uint32_t rtb_asp3_systim_ts(SYSTIM systim)
{
    SIL_PRE_LOC;
    SIL_LOC_INT();
    HRTCNT hrt = current_hrtcnt + (HRTCNT)((EVTTIM)(systim - systim_offset) - current_evttim);
    uint32_t ts = rtb_asp3_hrt_ts(hrt);
    SIL_UNL_INT();
    return ts;
}

static void arm(uint32_t ticks)
{
    if (ticks < 2u)
        ticks = 2u;
    if (ticks > HRT_MAX_TICKS)
        ticks = HRT_MAX_TICKS;
    SYST_CSR = 0u;
    SYST_RVR = ticks - 1u;
    SYST_CVR = 0u;
    SCB_ICSR = ICSR_PENDSTCLR;
    SYST_CSR = CSR_RUN;
}

void target_hrt_initialize(intptr_t exinf)
{
    (void)exinf;
    last_count = ~TIMER0_VALUE;
    clock_us = 0u;
    carry = 0u;
}

void target_hrt_terminate(intptr_t exinf)
{
    (void)exinf;
    SYST_CSR = 0u;
    SCB_ICSR = ICSR_PENDSTCLR;
}

/* The event is `hrtcnt` us after the clock's current value (whole us, `carry` ticks ago). */
void hrt_set_event_body(HRTCNT hrtcnt)
{
    (void)hrt_get_current_body();
    arm((uint32_t)hrtcnt * HRT_CLOCKS_PER_US - carry);
}

void hrt_raise_event_body(void) { arm(2u); }

/* One-shot: the SysTick stops, and signal_time arms it for the next event, if any. */
void target_hrt_handler(void)
{
    SYST_CSR = 0u;
    SCB_ICSR = ICSR_PENDSTCLR;
    signal_time();
}
