/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt: CMSDK APB timer1 armed one-shot, on the same clock as the
 * timestamp timer0. Its handler reads timer1 first, so the interrupt latency is the
 * time timer1 has counted since it expired, exact to one timer tick. */
#include <stdint.h>

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

__attribute__((used)) static void timer1_entry(uint32_t timer1_value, uint32_t timer0_value)
{
    TIMER_CTRL(CM_TIMER1_BASE) = 0u;
    TIMER_INTCLEAR(CM_TIMER1_BASE) = 1u;
    /* After expiry timer1 reloads 0xffffffff and keeps counting down. */
    uint32_t since_fire = 0u - timer1_value;
    /* The handler reads timer0 two instructions after timer1 (CM_TIMER0_READ_LAG_TICKS). */
    uint32_t t_entry = ~timer0_value - CM_TIMER0_READ_LAG_TICKS;
    rtb_core_irq(t_entry - since_fire, t_entry);
}

/* timer0 sits 0x1000 below timer1 on every CMSDK board here. */
_Static_assert(CM_TIMER1_BASE - CM_TIMER0_BASE == 0x1000u, "timer0 must be 0x1000 below timer1");

__attribute__((naked)) void BenchTimer_Handler(void)
{
    __asm__ volatile("ldr r2, =" CM_STR(CM_TIMER1_BASE) "\n"
                     "ldr r0, [r2, #4]\n" /* timer1 VALUE */
                     "sub.w r2, r2, #0x1000\n"
                     "ldr r1, [r2, #4]\n" /* timer0 VALUE */
                     "b timer1_entry\n"
                     ".ltorg\n");
}
