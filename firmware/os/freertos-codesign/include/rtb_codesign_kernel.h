/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* freertos-codesign: what the patched tasks.c calls (the semantic patches in patches/ insert
 * the calls). Macros, because they use tasks.c's own statics (the TCB type, the ready lists,
 * pxCurrentTCB); each is one or two stores to the SoC's per-task slots (soc/task_scheduler.py)
 * on the common path. */
#ifndef RTB_CODESIGN_KERNEL_H
#define RTB_CODESIGN_KERNEL_H

#include <stdint.h>

#include "rtb_soc_regs.h"

#define RTB_CD_REG(name) (*(volatile uint32_t *)(RTB_CSR_XTASKS_##name))
#define RTB_CD_MAX_TICKS 0xffffffu /* the counters' 24 bits */
#define RTB_CD_SLOT(tcb) ((uint32_t)(uintptr_t)(tcb)->pvThreadLocalStoragePointers[RTB_CODESIGN_SLOT_TLS])

/* Tasks that sleep on their slot's counter, in no order: the tick never reads this list. */
extern List_t xRtbCdDelayedList;
void rtb_codesign_bind(void *tcb);
void rtb_codesign_unbind(uint32_t slot);

#define RTB_CD_BIND(tcb) rtb_codesign_bind(tcb)
#define RTB_CD_UNBIND(tcb) rtb_codesign_unbind(RTB_CD_SLOT(tcb))
/* Entered a ready list: ready at its priority, behind its equals. */
#define RTB_CD_READY(tcb) (RTB_CD_REG(READY) = RTB_CD_SLOT(tcb) | (uint32_t)(tcb)->uxPriority << 8)
/* Leaving its state list (ready, delayed or suspended): not ready, counter stopped. */
#define RTB_CD_LEAVE(tcb) (RTB_CD_REG(LEAVE) = RTB_CD_SLOT(tcb))
#define RTB_CD_LEAVE_LIST(tcb) (RTB_CD_LEAVE(tcb), uxListRemove(&((tcb)->xStateListItem)))
#define RTB_CD_PRIO(tcb) (RTB_CD_REG(PRIO) = RTB_CD_SLOT(tcb) | (uint32_t)(tcb)->uxPriority << 8)

/* The scheduler starts: the hardware learns which slot runs first. */
#define RTB_CD_RUNNING(tcb) (RTB_CD_REG(RUN) = RTB_CD_SLOT(tcb))

/* One load: the hardware's choice runs next, and the task switched away from goes behind its
 * equals if it is still ready (FreeRTOS's round robin). A task its counter woke still sits on
 * xRtbCdDelayedList (and maybe an object's event list): it is moved to its ready list now, so
 * that the kernel's lists agree with the hardware before the task runs. */
#define RTB_CD_SELECT()                                                                         \
    do {                                                                                        \
        pxCurrentTCB = (TCB_t *)RTB_CD_REG(SELECT);                                             \
        if (listLIST_ITEM_CONTAINER(&pxCurrentTCB->xStateListItem) == &xRtbCdDelayedList)      \
            RTB_CD_WOKEN(pxCurrentTCB);                                                         \
    } while (0)

#define RTB_CD_WOKEN(tcb)                                                                       \
    do {                                                                                        \
        listREMOVE_ITEM(&(tcb)->xStateListItem);                                                \
        if (listLIST_ITEM_CONTAINER(&(tcb)->xEventListItem) != NULL)                           \
            listREMOVE_ITEM(&(tcb)->xEventListItem);                                            \
        taskRECORD_READY_PRIORITY((tcb)->uxPriority);                                           \
        listINSERT_END(&pxReadyTasksLists[(tcb)->uxPriority], &(tcb)->xStateListItem);          \
    } while (0)

/* The running task blocks for `ticks` (> 0, within the counter's range): on its slot's counter
 * and the unsorted list; anything else goes to the kernel's own delayed or suspended lists.
 * A wait for ever (portMAX_DELAY) is out of range. */
#if (INCLUDE_xTaskAbortDelay == 1)
#define RTB_CD_NOT_ABORTED() (pxCurrentTCB->ucDelayAborted = (uint8_t)pdFALSE)
#else
#define RTB_CD_NOT_ABORTED() ((void)0)
#endif
#define RTB_CD_DELAY_CURRENT(ticks, forever)                                                    \
    do {                                                                                        \
        TickType_t rtb_cd_ticks = (ticks);                                                      \
        if (rtb_cd_ticks - 1u < RTB_CD_MAX_TICKS) {                                             \
            RTB_CD_NOT_ABORTED();                                                               \
            if (uxListRemove(&pxCurrentTCB->xStateListItem) == 0u)                              \
                portRESET_READY_PRIORITY(pxCurrentTCB->uxPriority, uxTopReadyPriority);         \
            listINSERT_END(&xRtbCdDelayedList, &pxCurrentTCB->xStateListItem);                  \
            RTB_CD_REG(DELAY) = RTB_CD_SLOT(pxCurrentTCB) | (uint32_t)rtb_cd_ticks << 8;        \
        } else {                                                                                \
            prvAddCurrentTaskToDelayedList(rtb_cd_ticks, (forever));                            \
        }                                                                                       \
    } while (0)

/* One tick for the counters, in step with xTickCount; a counter reaching zero has made its
 * task ready in hardware, and a switch is due when the hardware's choice now outranks the
 * running task (FreeRTOS preempts only for a higher priority on a wake; time slicing among
 * equals stays the kernel's own test, off in rtbench's profiles). */
#define RTB_CD_TOP_PRIO(top) (((top) >> 8) & 0x1fu)
#define RTB_CD_TICK(switch_required)                                                            \
    do {                                                                                        \
        RTB_CD_REG(TICK) = 1u;                                                                  \
        if (RTB_CD_TOP_PRIO(RTB_CD_REG(TOP)) > pxCurrentTCB->uxPriority)                        \
            (switch_required) = pdTRUE;                                                         \
    } while (0)

#endif
