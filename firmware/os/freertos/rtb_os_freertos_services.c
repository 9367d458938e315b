/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's optional services on FreeRTOS: event groups and software timers. They exist only in
 * the image built with RTB_WITH_SERVICES (os.toml's services_define), which runs the benchmarks
 * that use them: the timer task they need is created when the scheduler starts, which every other
 * image's boot_time would pay for. */
#include "FreeRTOS.h"
#include "task.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb_port_limits.h"
#include "rtb_port_services.h"

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "FreeRTOS vTaskSuspend/vTaskResume";
    case RTB_SERVICE_FLAGS:
        return "FreeRTOS event groups: xEventGroupSetBits/xEventGroupWaitBits (set with the scheduler "
               "suspended, waiters checked in turn)";
    case RTB_SERVICE_TIMERS:
        return "FreeRTOS software timers: start and stop are commands queued to the timer task (priority "
               "configMAX_PRIORITIES - 1, above every task, so it runs them at once); callbacks run in "
               "the timer task, woken by the tick";
    case RTB_SERVICE_QUEUE_PTR:
        return "FreeRTOS has no pointer messages: the pointer is a 4-byte item that xQueueSend copies in "
               "and xQueueReceive copies out";
    case RTB_SERVICE_YIELD:
        return "FreeRTOS taskYIELD: a context-switch request (the port's software interrupt) that the kernel "
               "serves even when no other task is ready";
    case RTB_SERVICE_CREATE:
        return "FreeRTOS static creation in the port's slots: xSemaphoreCreateCountingStatic, "
               "xSemaphoreCreateMutexStatic, xQueueCreateStatic, xTimerCreateStatic; vSemaphoreDelete, "
               "vQueueDelete, xTimerDelete (a command to the timer task)";
    case RTB_SERVICE_HEAP:
        return "FreeRTOS heap_4: pvPortMalloc/vPortFree (first fit, neighbouring free blocks merged), the "
               "kernel's one heap of configTOTAL_HEAP_SIZE bytes";
    case RTB_SERVICE_RECURSIVE:
        return "FreeRTOS recursive mutexes: xSemaphoreTakeRecursive/xSemaphoreGiveRecursive (the owner's "
               "nesting count)";
    case RTB_SERVICE_SEND_WAIT:
        return "FreeRTOS xQueueSend: a send to a full queue waits on the queue's list of senders";
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "FreeRTOS queues keep their receivers in priority order: a send wakes the most urgent";
    case RTB_SERVICE_TASK_DORMANT:
        return rtb_port_service_lacking(service);
    }
    return "";
}

const char *rtb_port_service_lacking(rtb_service service)
{
#if !configUSE_RECURSIVE_MUTEXES
    if (service == RTB_SERVICE_RECURSIVE)
        return "this image was built without recursive mutexes (configUSE_RECURSIVE_MUTEXES): rtbench builds "
               "them only into the image of the benchmarks that use them (RTB_WITH_SERVICES)";
#endif
    if (service == RTB_SERVICE_TASK_DORMANT)
        return "FreeRTOS readies a task when it creates it (xTaskCreateStatic adds it to the ready list): it has "
               "no dormant state, no creation apart from the start";
    return NULL;
}

#ifdef RTB_WITH_SERVICES

#include "event_groups.h"
#include "timers.h"
#include "rtb_freertos_api.h"

struct rtb_flags {
    StaticEventGroup_t storage;
    EventGroupHandle_t handle;
};
struct rtb_timer {
    StaticTimer_t storage;
    TimerHandle_t handle;
    rtb_timer_fn fn;
    void *arg;
};

static struct rtb_flags flag_groups[RTB_PORT_MAX_FLAGS];
static struct rtb_timer timers[RTB_PORT_MAX_TIMERS];
static StaticTask_t timer_task_tcb;
static StackType_t timer_task_stack[configTIMER_TASK_STACK_DEPTH] RTB_NOINIT;

void vApplicationGetTimerTaskMemory(StaticTask_t **tcb, StackType_t **stack, rtb_freertos_stack_words_t *words)
{
    *tcb = &timer_task_tcb;
    *stack = timer_task_stack;
    *words = configTIMER_TASK_STACK_DEPTH;
}

static TickType_t to_ticks(uint32_t timeout)
{
    return timeout == RTB_WAIT_FOREVER ? portMAX_DELAY : (TickType_t)timeout;
}

const char *rtb_os_service_unsupported(rtb_service service) { return rtb_port_service_lacking(service); }

/* The kernel's one heap: heap_4 behind pvPortMalloc, which the pools share. */
struct rtb_heap {
    bool used;
};

static struct rtb_heap heap;

rtb_heap *rtb_os_heap_create(size_t bytes)
{
    if (heap.used || bytes > configTOTAL_HEAP_SIZE / 2u)
        return NULL;
    /* heap_4 sets itself up on its first allocation, and counts no free bytes before. */
    if (xPortGetFreeHeapSize() == 0u)
        vPortFree(pvPortMalloc(1u));
    heap.used = true;
    return &heap;
}

void rtb_os_heap_delete(rtb_heap *h) { h->used = false; }

void *rtb_os_heap_alloc(rtb_heap *h, size_t size)
{
    (void)h;
    return pvPortMalloc(size);
}

void rtb_os_heap_free(rtb_heap *h, void *block)
{
    (void)h;
    vPortFree(block);
}

size_t rtb_os_heap_available(const rtb_heap *h)
{
    (void)h;
    return xPortGetFreeHeapSize();
}

rtb_flags *rtb_os_flags_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_FLAGS; i++) {
        rtb_flags *flags = &flag_groups[i];
        if (flags->handle)
            continue;
        flags->handle = xEventGroupCreateStatic(&flags->storage);
        return flags->handle ? flags : NULL;
    }
    return NULL;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (flags && flags->handle) {
        vEventGroupDelete(flags->handle);
        flags->handle = NULL;
    }
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    (void)xEventGroupSetBits(flags->handle, (EventBits_t)bits);
    return RTB_OK;
}

rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    /* The value returned is the group's as the wait ended, before the bits were cleared. */
    EventBits_t value = xEventGroupWaitBits(flags->handle, (EventBits_t)bits, pdTRUE, all ? pdTRUE : pdFALSE,
                                            to_ticks(timeout));
    uint32_t got = (uint32_t)value & bits;
    *seen = got;
    return (all ? got == bits : got != 0u) ? RTB_OK : RTB_TIMEOUT;
}

static void timer_expired(TimerHandle_t handle)
{
    rtb_timer *timer = pvTimerGetTimerID(handle);
    timer->fn(timer->arg);
}

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    if (ticks == 0u)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TIMERS; i++) {
        rtb_timer *timer = &timers[i];
        if (timer->handle)
            continue;
        timer->fn = fn;
        timer->arg = arg;
        timer->handle = xTimerCreateStatic("rtb", (TickType_t)ticks, pdFALSE, timer, timer_expired, &timer->storage);
        return timer->handle ? timer : NULL;
    }
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer)
{
    if (timer && timer->handle) {
        (void)xTimerDelete(timer->handle, portMAX_DELAY);
        timer->handle = NULL;
    }
}

/* Blocks only while the timer command queue is full (never here: the timer task runs each
 * command at once). */
rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    return xTimerStart(timer->handle, portMAX_DELAY) == pdPASS ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer)
{
    return xTimerStop(timer->handle, portMAX_DELAY) == pdPASS ? RTB_OK : RTB_ERROR;
}

#endif

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    (void)timer;
    (void)expiry_ts;
    return false; /* timers expire in the tick interrupt, not at a timestamp the kernel knows */
}
