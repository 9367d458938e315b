/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt on QEMU 7.2's STM32F405 (a stand-in board), whose timer model
 * (hw/timer/stm32f2xx_timer.c) is not the silicon's: its counter is the virtual clock in ns less
 * an offset, which reset, PSC, CNT and EGR writes set, and which never wraps at ARR; and a write
 * to ARR arms the update interrupt at now + (ARR + offset) x (PSC + 1) ns, then every such period
 * while it stays enabled. The machine starts with the offset 0 and a prescaler of 1, so this
 * driver never writes those registers: a write of ARR then arms the interrupt ARR ns after the
 * write. Rounded up to whole instructions (RTB_TS_SCALE_DEN ns under -icount), the fire time is
 * the timestamp read just before that write, plus one instruction, plus the delay: exact. */
#include <stdint.h>

#include "rtb/irq.h"
#include "rtb/target.h"
#include "rtb_cm_board.h"
#include "stm32f4.h"

#define TIMER TIM_BASE(RTB_BOARD_IRQ_TIMER)
#define TS_COUNTER (TIM_BASE(RTB_BOARD_TS_TIMER) + 0x24u)
#define NS_PER_INSN (RTB_TS_SCALE_DEN / RTB_TS_SCALE_NUM)
_Static_assert(RTB_BOARD_TS_TIMER != 0 && RTB_BOARD_TS_HZ == RTB_BOARD_TIMER_HZ && RTB_TS_SCALE_NUM == 1,
               "QEMU's timers: the timestamps come from another TIM, at the same rate");

/* The armed interrupt's fire time, in timestamp ticks: read by the handler's assembly. */
__attribute__((used)) volatile uint32_t rtb_stm32_irq_fire;

void rtb_target_irq_setup(uint32_t priority)
{
    TIM_CR1(TIMER) = 0u; /* a pending alarm of QEMU's then raises nothing, nor arms another */
    TIM_DIER(TIMER) = TIM_DIER_UIE;
    TIM_SR(TIMER) = 0u;
    cm_nvic_priority(CM_TIMER1_IRQ, (uint8_t)priority);
    cm_nvic_unpend(CM_TIMER1_IRQ);
    cm_nvic_enable(CM_TIMER1_IRQ);
}

void rtb_target_irq_trigger(uint32_t delay_ts)
{
    uint32_t ns = (delay_ts + NS_PER_INSN - 1u) / NS_PER_INSN * NS_PER_INSN;
    uint32_t now;
    if (ns == 0u)
        ns = NS_PER_INSN;
    TIM_CR1(TIMER) = TIM_CR1_CEN;
    /* The read and the write one instruction apart, with no interrupt between them. */
    __asm__ volatile("mrs r3, primask\n"
                     "cpsid i\n"
                     "ldr %0, [%1]\n"
                     "str %2, [%3]\n"
                     "msr primask, r3\n"
                     : "=&r"(now)
                     : "r"(TS_COUNTER), "r"(ns), "r"(TIMER + 0x2Cu)
                     : "r3", "memory");
    rtb_stm32_irq_fire = now + NS_PER_INSN + ns;
}

/* The two addresses as the assembler takes them (no C suffixes). */
#define TIM_ASM_2 "0x40000000"
#define TIM_ASM_3 "0x40000400"
#define TIM_ASM_4 "0x40000800"
#define TIM_ASM_5 "0x40000C00"
#define TIM_ASM_(n) TIM_ASM_##n
#define TIM_ASM(n) TIM_ASM_(n)
#define TIM_IRQ_ASM_2 "28"
#define TIM_IRQ_ASM_3 "29"
#define TIM_IRQ_ASM_4 "30"
#define TIM_IRQ_ASM_5 "50"
#define TIM_IRQ_ASM_(n) TIM_IRQ_ASM_##n
#define TIM_IRQ_ASM(n) TIM_IRQ_ASM_(n)
#define IRQ_ASM TIM_IRQ_ASM(RTB_BOARD_IRQ_TIMER)

/* Assembly, so that the entry timestamp is the handler's second instruction, as on the CMSDK
 * boards (qemu-m3, qemu-m4f, qemu-m7). Stopping the timer ends QEMU's periodic re-arming; a
 * re-arm that fired before the stop (a delay shorter than the handler's first instructions) is
 * taken back from the NVIC, so that one trigger is one interrupt. */
__attribute__((naked)) void BenchTimer_Handler(void)
{
    __asm__ volatile("ldr r2, =" TIM_ASM(RTB_BOARD_TS_TIMER) "\n"
                     "ldr r1, [r2, #0x24]\n" /* t_entry: the timestamp timer's CNT */
                     "ldr r2, =" TIM_ASM(RTB_BOARD_IRQ_TIMER) "\n"
                     "movs r3, #0\n"
                     "str r3, [r2, #0]\n"    /* CR1: stop */
                     "str r3, [r2, #0x10]\n" /* SR: clear the update flag */
                     "ldr r2, =0xE000E280 + 4 * (" IRQ_ASM " / 32)\n"
                     "ldr r3, =1 << (" IRQ_ASM " % 32)\n"
                     "str r3, [r2]\n" /* NVIC ICPR: not pending */
                     "ldr r2, =rtb_stm32_irq_fire\n"
                     "ldr r0, [r2]\n" /* t_fire */
                     "b rtb_core_irq\n"
                     ".ltorg\n");
}
