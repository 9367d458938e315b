/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt: CMSDK APB timer1 armed one-shot, on the same clock as the
 * timestamp timer0. Its handler reads timer0 (the entry timestamp), then timer1, which has
 * counted since it expired: the fire time is the entry timestamp less that count, plus the
 * two instructions between the reads that timer1 counted too, converted exactly (below). */
#include <stdint.h>

#include "cm_vectors.h"
#include "cmsdk.h"
#include "rtb/irq.h"
#include "rtb/target.h"

#define CM_STR_(x) #x
#define CM_STR(x) CM_STR_(x)

void rtb_target_irq_setup(uint32_t priority)
{
    TIMER_CTRL(CM_TIMER1_BASE) = 0u;
    TIMER_INTCLEAR(CM_TIMER1_BASE) = 1u;
    cm_nvic_priority(CM_TIMER1_IRQ, (uint8_t)priority);
    cm_nvic_unpend(CM_TIMER1_IRQ);
    cm_nvic_enable(CM_TIMER1_IRQ);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    TIMER_CTRL(CM_TIMER1_BASE) = 0u;
    TIMER_RELOAD(CM_TIMER1_BASE) = 0xFFFFFFFFu;
    TIMER_VALUE(CM_TIMER1_BASE) = delay_ts;
    TIMER_CTRL(CM_TIMER1_BASE) = TIMER_CTRL_ENABLE | TIMER_CTRL_IRQ_ENABLE;
}

/* Instructions from the handler's timer0 read to its timer1 read. */
#define CM_READ_LAG_INSNS 2

/* t_fire must be what timer0 read at the fire: then every interval from it is a difference of
 * two timer0 readings, which rounds to the exact instruction count. Under -icount, N =
 * RTB_TS_SCALE_NUM instructions are exactly D = RTB_TS_SCALE_DEN ticks (5 and 16 at 25 MHz, 25
 * and 64 at 20 MHz), so the lag is a fraction of a tick (6.4 at 25 MHz): a lag in whole ticks
 * puts t_fire off timer0's grid and up to 40% of samples an instruction low. QEMU's CMSDK timer
 * reads ceil(elapsed ticks) - 1 from an instruction-aligned start, so the residue modulo D of
 * a = entry timestamp - timer1's count gives both readings' sub-tick phases, E = the one value
 * in [-(N-1), N-1] congruent to -N * a (mod D), and the exact lag in ticks, ceil((E + LAG * D)
 * / N) - 1: a table of D entries, computed at compile time (one load in the handler). */
#define CM_N ((int)RTB_TS_SCALE_NUM)
#define CM_D ((int)RTB_TS_SCALE_DEN)
#define CM_E(a) ((CM_D - (CM_N * (a)) % CM_D) % CM_D)
#define CM_SIGNED_E(a) (CM_E(a) < CM_N ? CM_E(a) : CM_E(a) - CM_D)
#define CM_LAG(a) ((uint8_t)((CM_SIGNED_E(a) + CM_READ_LAG_INSNS * CM_D + CM_N - 1) / CM_N - 1))
#define CM_LAG4(a) CM_LAG(a), CM_LAG((a) + 1), CM_LAG((a) + 2), CM_LAG((a) + 3)
#define CM_LAG16(a) CM_LAG4(a), CM_LAG4((a) + 4), CM_LAG4((a) + 8), CM_LAG4((a) + 12)
_Static_assert(2 * CM_N - 1 < CM_D, "E must be unique modulo RTB_TS_SCALE_DEN");

/* Read by the handler's assembly (hence used and not static). */
__attribute__((used)) const uint8_t rtb_cm_fire_lag[CM_D] = {
#if RTB_TS_SCALE_DEN == 16
#define CM_D_MASK "15"
    CM_LAG16(0),
#elif RTB_TS_SCALE_DEN == 64
#define CM_D_MASK "63"
    CM_LAG16(0), CM_LAG16(16), CM_LAG16(32), CM_LAG16(48),
#else
#error "no rtb_cm_fire_lag table for this RTB_TS_SCALE_DEN"
#endif
};

/* timer0 sits 0x1000 below timer1 on every CMSDK board here. */
_Static_assert(CM_TIMER1_BASE - CM_TIMER0_BASE == 0x1000u, "timer0 must be 0x1000 below timer1");

/* Assembly, so that the path to rtb_core_irq stays 16 instructions, as long as it was with a
 * whole-tick lag: the interrupt benchmarks (and everything after them in a run) keep their
 * instruction counts; only the fire time is exact now. */
__attribute__((naked)) void BenchTimer_Handler(void)
{
    __asm__ volatile("ldr r2, =" CM_STR(CM_TIMER0_BASE) "\n"
                     "ldr r0, [r2, #4]\n" /* timer0 VALUE: the entry timestamp */
                     "add.w r2, r2, #0x1000\n"
                     "ldr r1, [r2, #4]\n" /* timer1 VALUE, CM_READ_LAG_INSNS later */
                     "movs r3, #0\n"
                     "str r3, [r2, #0]\n" /* timer1 CTRL: stop */
                     "movs r3, #1\n"
                     "str r3, [r2, #12]\n" /* timer1 INTCLEAR */
                     "mvns r0, r0\n"       /* t_entry: timer0 counts down */
                     "adds r3, r0, r1\n"   /* a = t_entry - timer1's count (0 - VALUE since expiry) */
                     "mov r1, r0\n"
                     "and r0, r3, #" CM_D_MASK "\n"
                     "ldr r2, =rtb_cm_fire_lag\n"
                     "ldrb r0, [r2, r0]\n"
                     "adds r0, r0, r3\n" /* t_fire = a + rtb_cm_fire_lag[a mod D] */
                     "b rtb_core_irq\n"
                     ".ltorg\n");
}
