/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* freertos-hw: task delays on the SoC's timer bank (soc/timer_bank.py) instead of the kernel's
 * delayed list. A sleeping task holds one of the bank's 32 down-counters and waits on its task
 * notification, on the kernel's suspended list, which the tick never looks at. The kernel's
 * tick hook steps the bank once per tick, so counters and xTickCount advance together, and
 * notifies the tasks whose counters reached zero: the tick no longer walks or sorts a list.
 * A delay the bank cannot hold (all counters busy, or longer than 24 bits) falls back to the
 * kernel's own vTaskDelay. */
#include "FreeRTOS.h"
#include "task.h"

#include "rtb_freertos_delay.h"
#include "rtb_port_period.h"
#include "rtb_soc_regs.h"

#define BANK_SLOTS 32u
#define BANK_MAX_TICKS 0xffffffu /* the counters are 24 bits wide */
#define BANK_REG(addr) (*(volatile uint32_t *)(addr))

/* Written in critical sections by tasks and in the tick interrupt (one interrupt level). */
static uint32_t armed_slots;
static TaskHandle_t sleeper[BANK_SLOTS];

void rtb_freertos_delay(TickType_t ticks)
{
    if (ticks == 0u || ticks > BANK_MAX_TICKS) {
        vTaskDelay(ticks); /* 0 is a yield */
        return;
    }
    taskENTER_CRITICAL();
    uint32_t free_slots = ~armed_slots;
    if (free_slots == 0u) {
        taskEXIT_CRITICAL();
        vTaskDelay(ticks);
        return;
    }
    uint32_t slot = (uint32_t)__builtin_ctz(free_slots);
    armed_slots |= 1u << slot;
    sleeper[slot] = xTaskGetCurrentTaskHandle();
    BANK_REG(RTB_CSR_HWTIMERS_LOAD) = slot | (uint32_t)ticks << 8;
    taskEXIT_CRITICAL();
    /* An expiry before this call leaves the notification pending: nothing is lost. */
    (void)ulTaskNotifyTake(pdTRUE, portMAX_DELAY);
}

/* xTaskDelayUntil's contract: wake at *last_wake + period unless that time has passed. */
void rtb_freertos_delay_until(TickType_t *last_wake, TickType_t period)
{
    TickType_t next = *last_wake + period;
    TickType_t left = rtb_port_ticks_until(next, xTaskGetTickCount(), period);
    *last_wake = next;
    if (left != 0u)
        rtb_freertos_delay(left);
}

void rtb_freertos_forget_task(TaskHandle_t handle)
{
    taskENTER_CRITICAL();
    for (uint32_t slot = 0; slot < BANK_SLOTS; slot++) {
        uint32_t bit = 1u << slot;
        if ((armed_slots & bit) && sleeper[slot] == handle) {
            BANK_REG(RTB_CSR_HWTIMERS_LOAD) = slot; /* 0 ticks: stopped */
            BANK_REG(RTB_CSR_HWTIMERS_ACK) = bit;
            armed_slots &= ~bit;
        }
    }
    taskEXIT_CRITICAL();
}

/* Called by xTaskIncrementTick once per tick interrupt, also while the scheduler is suspended
 * (a woken task then waits on the pending-ready list, as the kernel's own wake-ups do). A
 * notified task of higher priority sets the kernel's yield-pending flag, which makes the tick
 * interrupt switch to it. */
void vApplicationTickHook(void)
{
    if (armed_slots == 0u)
        return; /* every counter is stopped: nothing to step */
    BANK_REG(RTB_CSR_HWTIMERS_TICK) = 1u;
    uint32_t expired = BANK_REG(RTB_CSR_HWTIMERS_EXPIRED); /* set by the tick just written */
    if (expired == 0u)
        return;
    BANK_REG(RTB_CSR_HWTIMERS_ACK) = expired;
    armed_slots &= ~expired;
    do {
        vTaskNotifyGiveFromISR(sleeper[__builtin_ctz(expired)], NULL);
        expired &= expired - 1u;
    } while (expired != 0u);
}
