/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt: nRF51 TIMER1 (16 bits, as on the silicon) fires on compare 0 and
 * keeps counting. Its handler first captures TIMER1, so the interrupt latency is the count
 * since the compare, exact to one timer tick; then TIMER0 for the entry timestamp. */
#include <stdint.h>

#include "cm_vectors.h"
#include "nrf51.h"
#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb_cm_board.h"

#define CM_STR_(x) #x
#define CM_STR(x) CM_STR_(x)

void rtb_target_irq_setup(uint32_t priority)
{
    NRF_TIMER_STOP(NRF_TIMER1_BASE) = 1u;
    NRF_TIMER_MODE(NRF_TIMER1_BASE) = 0u;
    NRF_TIMER_BITMODE(NRF_TIMER1_BASE) = NRF_TIMER_BITMODE_16;
    NRF_TIMER_PRESCALER(NRF_TIMER1_BASE) = 0u;
    NRF_TIMER_COMPARE_EVENT(NRF_TIMER1_BASE, 0) = 0u;
    NRF_TIMER_INTENSET(NRF_TIMER1_BASE) = NRF_TIMER_INT_COMPARE0;
    cm_nvic_priority(CM_TIMER1_IRQ, (uint8_t)priority);
    cm_nvic_unpend(CM_TIMER1_IRQ);
    cm_nvic_enable(CM_TIMER1_IRQ);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    NRF_TIMER_STOP(NRF_TIMER1_BASE) = 1u;
    NRF_TIMER_CLEAR(NRF_TIMER1_BASE) = 1u;
    NRF_TIMER_COMPARE_EVENT(NRF_TIMER1_BASE, 0) = 0u;
    /* A compare at 0 would wait a whole wrap: the shortest delay is one tick. */
    NRF_TIMER_CC(NRF_TIMER1_BASE, 0) = delay_ts ? (delay_ts & 0xFFFFu) : 1u;
    NRF_TIMER_START(NRF_TIMER1_BASE) = 1u;
}

__attribute__((used)) static void timer1_entry(void)
{
    NRF_TIMER_STOP(NRF_TIMER1_BASE) = 1u;
    NRF_TIMER_COMPARE_EVENT(NRF_TIMER1_BASE, 0) = 0u; /* the interrupt is a level */
    uint32_t since_fire = (NRF_TIMER_CC(NRF_TIMER1_BASE, 1) - NRF_TIMER_CC(NRF_TIMER1_BASE, 0)) & 0xFFFFu;
    uint32_t t_entry = NRF_TIMER_CC(NRF_TIMER0_BASE, 2) - CM_TIMER0_READ_LAG_TICKS;
    rtb_core_irq(t_entry - since_fire, t_entry);
}

/* Thumb-1: capture TIMER1 into its CC[1], two instructions later TIMER0 into its CC[2]. */
__attribute__((naked)) void BenchTimer_Handler(void)
{
    __asm__ volatile("ldr r2, =" CM_STR(NRF_TIMER1_BASE) "\n"
                     "movs r3, #1\n"
                     "str r3, [r2, #0x44]\n" /* TIMER1 TASKS_CAPTURE[1] */
                     "ldr r2, =" CM_STR(NRF_TIMER0_BASE) "\n"
                     "str r3, [r2, #0x48]\n" /* TIMER0 TASKS_CAPTURE[2] */
                     "ldr r3, =timer1_entry\n"
                     "bx r3\n"
                     ".ltorg\n");
}
