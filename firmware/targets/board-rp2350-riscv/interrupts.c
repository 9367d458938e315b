/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Pico 2's interrupts, through the RP2350's interrupt controller (Xh3irq, as on the SoC's
 * Hazard3): TIMER0 alarm 0 (1 us ticks) re-armed every tick period drives the kernel tick;
 * TIMER1 alarm 0, counting clk_sys cycles (its SOURCE register), is the benchmark interrupt.
 * TIMER1 and mcycle both count clk_sys from different starts: their offset, taken once between
 * two reads of mcycle (a cycle or two of doubt), turns the alarm's time into a timestamp, so
 * the interrupt benchmarks start at the cycle the alarm fired. */
#include <stdint.h>

#include "rp2350.h"
#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb_board.h"
#include "rtb_riscv_csr.h"

#define MEIEA "0xbe0"
#define MEIPA "0xbe1"
#define IRQ_BIT(irq) (1u << (16u + (irq))) /* window 0 (interrupts 0-15), index 0 */

static uint32_t tick_period_us, alarm_at, timer1_to_ts;

static void release(uint32_t bits)
{
    RP_CLR(RESETS_RESET) = bits;
    while ((REG32(RESETS_DONE) & bits) != bits) {
    }
}

void rtb_target_tick_start(uint32_t tick_hz)
{
    release(RESET_TIMER0);
    tick_period_us = 1000000u / tick_hz;
    REG32(TIMER_INTR(TIMER0_BASE)) = TIMER_ALARM0_BIT;
    REG32(TIMER_INTE(TIMER0_BASE)) = TIMER_ALARM0_BIT;
    REG32(TIMER_ALARM0(TIMER0_BASE)) = REG32(TIMER_RAWL(TIMER0_BASE)) + tick_period_us;
    csr_set(MEIEA, IRQ_BIT(IRQ_TIMER0_0));
    csr_set("mie", MIE_MEIE);
}

void rtb_target_irq_setup(uint32_t priority)
{
    (void)priority; /* every interrupt at one priority, as on the SoC */
    release(RESET_TIMER1);
    REG32(TIMER_SOURCE(TIMER1_BASE)) = 1u; /* clk_sys cycles */
    uint32_t before = csr_read("mcycle");
    uint32_t timer = REG32(TIMER_RAWL(TIMER1_BASE));
    uint32_t after = csr_read("mcycle");
    timer1_to_ts = before + (after - before) / 2u - timer;
    REG32(TIMER_INTR(TIMER1_BASE)) = TIMER_ALARM0_BIT;
    REG32(TIMER_INTE(TIMER1_BASE)) = TIMER_ALARM0_BIT;
    csr_set(MEIEA, IRQ_BIT(IRQ_TIMER1_0));
    csr_set("mie", MIE_MEIE);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    alarm_at = REG32(TIMER_RAWL(TIMER1_BASE)) + delay_ts;
    REG32(TIMER_ALARM0(TIMER1_BASE)) = alarm_at;
}

void rtb_target_interrupt(void)
{
    uint32_t t_entry = rtb_target_ts();
    csr_write(CSR_MEICONTEXT, 0u); /* one interrupt level (rtb_riscv_csr.h) */
    uint32_t pending = csr_read(MEIPA) & csr_read(MEIEA);
    if (pending & IRQ_BIT(IRQ_TIMER1_0)) {
        REG32(TIMER_INTR(TIMER1_BASE)) = TIMER_ALARM0_BIT;
        rtb_core_irq(alarm_at + timer1_to_ts, t_entry);
    }
    if (pending & IRQ_BIT(IRQ_TIMER0_0)) {
        REG32(TIMER_INTR(TIMER0_BASE)) = TIMER_ALARM0_BIT;
        REG32(TIMER_ALARM0(TIMER0_BASE)) += tick_period_us;
        rtb_os_tick_interrupt();
    }
}
