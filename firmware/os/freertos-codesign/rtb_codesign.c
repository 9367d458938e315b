/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* freertos-codesign: hands out the SoC's per-task slots. A task gets a free slot, bound to its
 * TCB pointer, when the kernel adds it, and returns it when its TCB is deleted; the slot number
 * lives in the task's thread-local storage pointer RTB_CODESIGN_SLOT_TLS. Also holds the list
 * of tasks sleeping on their slot's counter. */
#include "FreeRTOS.h"
#include "task.h"

#include "rtb_codesign_kernel.h"

#define SLOTS 64u

List_t xRtbCdDelayedList;
static uint32_t used[SLOTS / 32u];
static int list_ready;

void rtb_codesign_bind(void *tcb)
{
    taskENTER_CRITICAL();
    if (!list_ready) {
        vListInitialise(&xRtbCdDelayedList);
        list_ready = 1;
    }
    uint32_t slot = SLOTS;
    for (uint32_t word = 0; word < SLOTS / 32u && slot == SLOTS; word++)
        if (~used[word] != 0u)
            slot = word * 32u + (uint32_t)__builtin_ctz(~used[word]);
    if (slot == SLOTS)
        __builtin_trap(); /* more live tasks than the hardware has slots: reported as a fault */
    used[slot / 32u] |= 1u << (slot % 32u);
    RTB_CD_REG(TCB) = (uint32_t)(uintptr_t)tcb;
    RTB_CD_REG(BIND) = slot;
    vTaskSetThreadLocalStoragePointer((TaskHandle_t)tcb, RTB_CODESIGN_SLOT_TLS, (void *)(uintptr_t)slot);
    taskEXIT_CRITICAL();
}

void rtb_codesign_unbind(uint32_t slot)
{
    taskENTER_CRITICAL();
    RTB_CD_REG(LEAVE) = slot;
    used[slot / 32u] &= ~(1u << (slot % 32u));
    taskEXIT_CRITICAL();
}
