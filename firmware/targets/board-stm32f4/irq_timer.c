/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt on silicon: a general-purpose timer (TIM2..TIM5) counts from 0 up to
 * the delay, and its overflow (the update event) raises the interrupt. It keeps counting from 0
 * after the overflow, so the handler reads how long ago it fired: the fire time is the entry
 * timestamp less that count, exact to one timer tick (the timer counts at RTB_BOARD_TIMER_HZ,
 * the timestamps at an integral multiple of it). */
#include <stdint.h>

#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb_cm_board.h"
#include "stm32f4.h"

#define TIMER TIM_BASE(RTB_BOARD_IRQ_TIMER)
#define TS_PER_TICK (RTB_BOARD_TS_HZ / RTB_BOARD_TIMER_HZ)
_Static_assert(RTB_BOARD_TS_HZ % RTB_BOARD_TIMER_HZ == 0, "timestamps must tick a whole number of times per timer tick");

void rtb_target_irq_setup(uint32_t priority)
{
    RCC_APB1ENR |= RCC_APB1ENR_TIM(RTB_BOARD_IRQ_TIMER);
    /* Only the overflow raises the update interrupt (URS); UG loads the prescaler now. */
    TIM_CR1(TIMER) = TIM_CR1_URS;
    TIM_PSC(TIMER) = 0u;
    TIM_EGR(TIMER) = TIM_EGR_UG;
    TIM_SR(TIMER) = 0u;
    TIM_DIER(TIMER) = TIM_DIER_UIE;
    cm_nvic_priority(CM_TIMER1_IRQ, (uint8_t)priority);
    cm_nvic_unpend(CM_TIMER1_IRQ);
    cm_nvic_enable(CM_TIMER1_IRQ);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    uint32_t ticks = delay_ts / TS_PER_TICK;
    TIM_CR1(TIMER) = TIM_CR1_URS;
    TIM_CNT(TIMER) = 0u;
    TIM_ARR(TIMER) = ticks > 1u ? ticks - 1u : 1u; /* 0 would stop the counter */
    TIM_SR(TIMER) = 0u;
    TIM_CR1(TIMER) = TIM_CR1_URS | TIM_CR1_CEN;
}

void BenchTimer_Handler(void)
{
    uint32_t t_entry = rtb_target_ts();
    uint32_t since_fire = TIM_CNT(TIMER);
    TIM_CR1(TIMER) = TIM_CR1_URS;
    TIM_SR(TIMER) = 0u;
    (void)TIM_SR(TIMER); /* the flag is clear before the handler returns, so it does not fire again */
    rtb_core_irq(t_entry - since_fire * TS_PER_TICK, t_entry);
}
