/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's OS-abstraction API on FreeRTOS, with statically allocated kernel objects. */
#include "FreeRTOS.h"
#include "queue.h"
#include "semphr.h"
#include "task.h"

#include "rtb/boot.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_port_limits.h"
#include "rtb_port_no_dormant.h"
#include "rtb_port_period.h"
/* Angle brackets: a kernel variant's include directory may supply its own (freertos-hw). */
#include <rtb_freertos_delay.h>
#include "rtb_freertos_api.h"

struct rtb_task {
    StaticTask_t tcb;
    TaskHandle_t handle;
};
struct rtb_sem {
    StaticSemaphore_t storage;
    SemaphoreHandle_t handle;
};
struct rtb_mutex {
    StaticSemaphore_t storage;
    SemaphoreHandle_t handle;
};
struct rtb_queue {
    StaticQueue_t storage;
    uint8_t items[RTB_QUEUE_MAX_ITEM * RTB_QUEUE_MAX_DEPTH];
    QueueHandle_t handle;
};
struct rtb_pool {
    size_t block_size;
    bool used;
};

static struct rtb_task tasks[RTB_PORT_MAX_TASKS];
/* Stacks need no zeroing at reset (the kernel initialises each one on task creation). */
static StackType_t stacks[RTB_PORT_MAX_TASKS][RTB_PORT_TASK_STACK_WORDS] RTB_NOINIT;
static struct rtb_sem sems[RTB_PORT_MAX_SEMS];
static struct rtb_mutex mutexes[RTB_PORT_MAX_MUTEXES];
static struct rtb_queue queues[RTB_PORT_MAX_QUEUES];
static struct rtb_pool pools[RTB_PORT_MAX_POOLS];

static StaticTask_t idle_tcb;
static StackType_t idle_stack[configMINIMAL_STACK_SIZE];

void vApplicationGetIdleTaskMemory(StaticTask_t **tcb, StackType_t **stack,
                                   rtb_freertos_stack_words_t *words)
{
    *tcb = &idle_tcb;
    *stack = idle_stack;
    *words = configMINIMAL_STACK_SIZE;
}

#if defined(RTB_ASSERTS)
void rtb_freertos_assert_failed(const char *file, int line)
{
    (void)file;
    (void)line;
    __builtin_trap(); /* reported as a fault, with the PC of the failed assert */
}
#endif

#if configCHECK_FOR_STACK_OVERFLOW
void vApplicationStackOverflowHook(TaskHandle_t task, char *name)
{
    (void)task;
    (void)name;
    __builtin_trap();
}
#endif

static TickType_t to_ticks(uint32_t timeout)
{
    return timeout == RTB_WAIT_FOREVER ? portMAX_DELAY : (TickType_t)timeout;
}

_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    /* FreeRTOS has no initialisation call: its first task creation sets up its lists. */
    rtb_boot_kernel_initialised();
    rtb_os_task_create("runner", first, arg, RTB_PRIO_RUNNER);
    rtb_boot_objects_created();
    vTaskStartScheduler(); /* creates the idle task, starts the tick and the first task */
    for (;;) {
    }
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN];
    emit("kernel.name", "FreeRTOS");
    emit("kernel.version", tskKERNEL_VERSION_NUMBER);
    emit("kernel.profile", RTB_PROFILE_NAME);
    emit("kernel.port", RTB_FREERTOS_PORT_NAME);
    emit("config.tick_hz", rtb_text_u32(buf, configTICK_RATE_HZ));
    emit("config.preemption", rtb_text_u32(buf, configUSE_PREEMPTION));
    emit("config.time_slicing", rtb_text_u32(buf, configUSE_TIME_SLICING));
    emit("config.optimised_task_selection", rtb_text_u32(buf, configUSE_PORT_OPTIMISED_TASK_SELECTION));
#if configUSE_TICKLESS_IDLE
    /* Only when on: one more record would shift every later sample of the default image. */
    emit("config.tickless_idle", rtb_text_u32(buf, configUSE_TICKLESS_IDLE));
#endif
#ifdef RTB_FREERTOS_HW_SCHED
    emit("config.task_selection", "SoC priority selector (freertos-hw)");
    emit("config.task_delays", "SoC timer bank, stepped by the tick hook (freertos-hw)");
#endif
#ifdef RTB_FREERTOS_CODESIGN
    emit("config.task_selection", "SoC per-task slots: top_tcb (freertos-codesign, patched tasks.c)");
    emit("config.task_delays", "SoC per-slot counters wake the task (freertos-codesign)");
#endif
    emit("config.max_priorities", rtb_text_u32(buf, configMAX_PRIORITIES));
#if defined(RTB_ASSERTS)
    emit("config.asserts", "1");
#else
    emit("config.asserts", "0");
#endif
    emit("config.stack_overflow_check", rtb_text_u32(buf, configCHECK_FOR_STACK_OVERFLOW));
    emit("config.trace_facility", rtb_text_u32(buf, configUSE_TRACE_FACILITY));
    emit("config.static_allocation", rtb_text_u32(buf, configSUPPORT_STATIC_ALLOCATION));
    emit("config.heap", "heap_4");
    emit("config.heap_bytes", rtb_text_u32(buf, configTOTAL_HEAP_SIZE));
    emit("config.task_stack_bytes", rtb_text_u32(buf, RTB_PORT_TASK_STACK_WORDS * sizeof(StackType_t)));
}

rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    if (RTB_PORT_PRIO_INVALID(prio))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++) {
        rtb_task *task = &tasks[i];
        if (task->handle)
            continue;
        task->handle = xTaskCreateStatic(fn, name, RTB_PORT_TASK_STACK_WORDS, arg, prio, stacks[i], &task->tcb);
        return task->handle ? task : NULL;
    }
    return NULL;
}

/* traceTASK_SWITCHED_OUT/IN (FreeRTOSConfig.h) report each decision, in the image built for it. */
const char *rtb_os_sched_unobservable(void)
{
#ifdef RTB_TRACE_SCHED
    return NULL;
#else
    return "this image has no trace hooks (they would cost every context switch): rtbench runs the "
           "switch decision in an image built with RTB_TRACE_SCHED";
#endif
}

const char *rtb_os_task_unsupported(unsigned prio)
{
    (void)prio; /* FreeRTOS shares priorities: a failed creation means no room */
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (task && task->handle) {
        rtb_freertos_forget_task(task->handle);
        vTaskDelete(task->handle);
        task->handle = NULL;
    }
}

_Noreturn void rtb_os_task_exit(void)
{
    TaskHandle_t me = xTaskGetCurrentTaskHandle();
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++)
        if (tasks[i].handle == me) {
            rtb_freertos_forget_task(me);
            tasks[i].handle = NULL; /* the idle task frees the TCB before a creation can reuse it */
        }
    vTaskDelete(NULL);
    for (;;) {
    }
}

void rtb_os_task_yield(void) { taskYIELD(); }

rtb_err rtb_os_task_suspend_self(void)
{
    vTaskSuspend(NULL);
    return RTB_OK;
}

rtb_err rtb_os_task_suspend(rtb_task *task)
{
    vTaskSuspend(task->handle);
    return RTB_OK;
}

rtb_err rtb_os_task_resume(rtb_task *task)
{
    vTaskResume(task->handle);
    return RTB_OK;
}

rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed)
{
    *switch_needed = xTaskResumeFromISR(task->handle) == pdTRUE;
    return RTB_OK;
}

void rtb_os_delay_ticks(uint32_t ticks) { rtb_freertos_delay((TickType_t)ticks); }

uint32_t rtb_os_tick_hz(void) { return configTICK_RATE_HZ; }

uint32_t rtb_os_tick_count(void) { return (uint32_t)xTaskGetTickCount(); }

rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    if (!rtb_port_period_ticks(period_us, configTICK_RATE_HZ, &period->period))
        return RTB_UNSUPPORTED;
    rtb_freertos_delay(1); /* start on a tick boundary */
    period->next = xTaskGetTickCount();
    return RTB_OK;
}

void rtb_os_period_wait(rtb_period *period)
{
    TickType_t last = (TickType_t)period->next;
    rtb_freertos_delay_until(&last, (TickType_t)period->period);
    period->next = last;
}

bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts)
{
    (void)period;
    (void)release_ts;
    return false; /* releases happen on tick interrupts, not at a timestamp the kernel knows */
}

rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_SEMS; i++) {
        rtb_sem *sem = &sems[i];
        if (sem->handle)
            continue;
        sem->handle = xSemaphoreCreateCountingStatic(max, initial, &sem->storage);
        return sem->handle ? sem : NULL;
    }
    return NULL;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    if (sem && sem->handle) {
        vSemaphoreDelete(sem->handle);
        sem->handle = NULL;
    }
}

rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    return xSemaphoreTake(sem->handle, to_ticks(timeout)) == pdTRUE ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_sem_give(rtb_sem *sem)
{
    return xSemaphoreGive(sem->handle) == pdTRUE ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    BaseType_t woken = pdFALSE;
    BaseType_t given = xSemaphoreGiveFromISR(sem->handle, &woken);
    *switch_needed = woken == pdTRUE;
    return given == pdTRUE ? RTB_OK : RTB_FULL;
}

/* FreeRTOS event lists are ordered by priority: the most urgent waiter always wakes first. */
const char *rtb_os_wake_order_fifo(void) { return NULL; }

rtb_err rtb_os_sem_prioritize(rtb_sem *sem)
{
    (void)sem;
    return RTB_OK;
}

rtb_mutex *rtb_os_mutex_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->handle)
            continue;
        mutex->handle = xSemaphoreCreateMutexStatic(&mutex->storage);
        return mutex->handle ? mutex : NULL;
    }
    return NULL;
}

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    if (mutex && mutex->handle) {
        vSemaphoreDelete(mutex->handle);
        mutex->handle = NULL;
    }
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    return xSemaphoreTake(mutex->handle, to_ticks(timeout)) == pdTRUE ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex)
{
    return xSemaphoreGive(mutex->handle) == pdTRUE ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_mutex_protocol(void) { return "inheritance"; }

/* Recursive mutexes only in the services image (configUSE_RECURSIVE_MUTEXES, FreeRTOSConfig.h). */
#if configUSE_RECURSIVE_MUTEXES
rtb_mutex *rtb_os_mutex_create_recursive(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->handle)
            continue;
        mutex->handle = xSemaphoreCreateRecursiveMutexStatic(&mutex->storage);
        return mutex->handle ? mutex : NULL;
    }
    return NULL;
}

rtb_err rtb_os_mutex_lock_recursive(rtb_mutex *mutex, uint32_t timeout)
{
    return xSemaphoreTakeRecursive(mutex->handle, to_ticks(timeout)) == pdTRUE ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock_recursive(rtb_mutex *mutex)
{
    return xSemaphoreGiveRecursive(mutex->handle) == pdTRUE ? RTB_OK : RTB_ERROR;
}
#else
#include "rtb_port_no_recursive_mutex.h"
#endif

rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth)
{
    if (RTB_PORT_QUEUE_INVALID(item_size, depth))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_QUEUES; i++) {
        rtb_queue *queue = &queues[i];
        if (queue->handle)
            continue;
        queue->handle = xQueueCreateStatic(depth, item_size, queue->items, &queue->storage);
        return queue->handle ? queue : NULL;
    }
    return NULL;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    if (queue && queue->handle) {
        vQueueDelete(queue->handle);
        queue->handle = NULL;
    }
}

rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    return xQueueSend(queue->handle, item, to_ticks(timeout)) == pdTRUE ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    return xQueueReceive(queue->handle, item, to_ticks(timeout)) == pdTRUE ? RTB_OK : RTB_TIMEOUT;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    (void)item_size;
    return "FreeRTOS queue: xQueueSend/xQueueReceive copy the item into and out of the queue's own storage";
}

rtb_err rtb_os_queue_prioritize(rtb_queue *queue)
{
    (void)queue;
    return RTB_OK;
}

/* FreeRTOS has no pointer messages: a pointer is a 4-byte item, copied like any other. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    return xQueueSend(queue->handle, &ptr, to_ticks(timeout)) == pdTRUE ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    return xQueueReceive(queue->handle, ptr, to_ticks(timeout)) == pdTRUE ? RTB_OK : RTB_TIMEOUT;
}

rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    (void)blocks; /* the heap is shared; its size is configTOTAL_HEAP_SIZE */
    for (unsigned i = 0; i < RTB_PORT_MAX_POOLS; i++) {
        if (!pools[i].used) {
            pools[i] = (rtb_pool){.block_size = block_size, .used = true};
            return &pools[i];
        }
    }
    return NULL;
}

void rtb_os_pool_delete(rtb_pool *pool) { pool->used = false; }

void *rtb_os_pool_alloc(rtb_pool *pool) { return pvPortMalloc(pool->block_size); }

void rtb_os_pool_free(rtb_pool *pool, void *block)
{
    (void)pool;
    vPortFree(block);
}

const char *rtb_os_pool_kind(void)
{
    return "FreeRTOS has no fixed-block allocator: heap_4 pvPortMalloc/vPortFree";
}

void rtb_os_isr_exit(bool switch_needed) { portYIELD_FROM_ISR(switch_needed ? pdTRUE : pdFALSE); }
