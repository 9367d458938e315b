/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt: CMSDK APB timer1 armed one-shot, on the same 25 MHz clock as
 * the timestamp timer0. Its handler reads timer1 first, so the interrupt latency is the
 * time timer1 has counted since it expired, exact to one timer tick. */
#include <stdint.h>

#include "mps2.h"
#include "rtb/irq.h"
#include "rtb/target.h"

/* The handler reads timer1 at its 2nd instruction and timer0 two instructions later:
 * 2 instructions = 6.4 ticks under icount shift=7. */
#define TIMER0_READ_LAG_TICKS 6u

void rtb_target_irq_setup(uint32_t priority)
{
    TIMER_CTRL(TIMER1_BASE) = 0u;
    TIMER_INTCLEAR(TIMER1_BASE) = 1u;
    NVIC_IPR_BYTE(TIMER1_IRQ) = (uint8_t)priority;
    NVIC_ICPR0 = 1u << TIMER1_IRQ;
    NVIC_ISER0 = 1u << TIMER1_IRQ;
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    TIMER_CTRL(TIMER1_BASE) = 0u;
    TIMER_RELOAD(TIMER1_BASE) = 0xFFFFFFFFu;
    TIMER_VALUE(TIMER1_BASE) = delay_ts;
    TIMER_CTRL(TIMER1_BASE) = TIMER_CTRL_ENABLE | TIMER_CTRL_IRQ_ENABLE;
}

__attribute__((used)) static void timer1_entry(uint32_t timer1_value, uint32_t timer0_value)
{
    TIMER_CTRL(TIMER1_BASE) = 0u;
    TIMER_INTCLEAR(TIMER1_BASE) = 1u;
    /* After expiry timer1 reloads 0xffffffff and keeps counting down. */
    uint32_t since_fire = 0u - timer1_value;
    uint32_t t_entry = ~timer0_value - TIMER0_READ_LAG_TICKS;
    rtb_core_irq(t_entry - since_fire, t_entry);
}

__attribute__((naked)) void Timer1_Handler(void)
{
    __asm__ volatile("ldr r2, =0x40001000\n"
                     "ldr r0, [r2, #4]\n" /* timer1 VALUE */
                     "sub.w r2, r2, #0x1000\n"
                     "ldr r1, [r2, #4]\n" /* timer0 VALUE */
                     "b timer1_entry\n"
                     ".ltorg\n");
}
