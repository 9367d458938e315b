/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The suite's porting layer (tm_api.h) on FreeRTOS, with the kernel's own calls and static
 * objects. The suite's priorities (1 most urgent) count down from FreeRTOS's top level. A
 * created thread stays suspended until resumed, as the suite expects. FreeRTOS has no
 * fixed-block pool: the pool test uses heap_4, as rtbench's port does. */
#include "FreeRTOS.h"
#include "queue.h"
#include "semphr.h"
#include "task.h"

#include <stdbool.h>
#include <stdint.h>

#include "tm_api.h"
#include "tm_port.h"

#define THREADS 6
#define STACK_WORDS 256u
#define QUEUE_DEPTH 10u
#define MESSAGE_BYTES 16u

static StaticTask_t tcbs[THREADS];
static StackType_t stacks[THREADS][STACK_WORDS];
static TaskHandle_t threads[THREADS];
static StaticQueue_t queue_state;
static uint8_t queue_storage[QUEUE_DEPTH * MESSAGE_BYTES];
static QueueHandle_t queue;
static StaticSemaphore_t semaphore_state;
static SemaphoreHandle_t semaphore;
static BaseType_t isr_woken;

static StaticTask_t idle_tcb;
static StackType_t idle_stack[configMINIMAL_STACK_SIZE];

void vApplicationGetIdleTaskMemory(StaticTask_t **tcb, StackType_t **stack, configSTACK_DEPTH_TYPE *words)
{
    *tcb = &idle_tcb;
    *stack = idle_stack;
    *words = configMINIMAL_STACK_SIZE;
}

static int in_isr(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    return ipsr != 0u;
}

/* Before the scheduler starts, FreeRTOS cannot suspend and resume tasks (a resume would ask
 * for a switch with no task running): a created thread suspends itself when it first runs,
 * unless the test resumed it before the start. */
static bool starting;
static bool resumed_at_start[THREADS];
static void (*entries[THREADS])(void);

static void thread_entry(void *arg)
{
    int id = (int)(intptr_t)arg;
    if (!resumed_at_start[id])
        vTaskSuspend(NULL);
    entries[id]();
}

const char *tm_port_kernel_name(void) { return "FreeRTOS " tskKERNEL_VERSION_NUMBER; }

uint32_t tm_port_isr_priority(void)
{
    return configMAX_SYSCALL_INTERRUPT_PRIORITY + (1u << (8u - configPRIO_BITS));
}

void tm_port_isr_enter(void) { isr_woken = pdFALSE; }

void tm_port_isr_exit(void) { portYIELD_FROM_ISR(isr_woken); }

void tm_initialize(void (*test_initialization_function)(void))
{
    starting = true;
    test_initialization_function();
    starting = false;
    vTaskStartScheduler();
}

int tm_thread_create(int thread_id, int priority, void (*entry_function)(void))
{
    if (thread_id < 0 || thread_id >= THREADS || priority < 1 || priority >= configMAX_PRIORITIES - 1)
        return TM_ERROR;
    entries[thread_id] = entry_function;
    threads[thread_id] = xTaskCreateStatic(thread_entry, "tm", STACK_WORDS, (void *)(intptr_t)thread_id,
                                           (UBaseType_t)(configMAX_PRIORITIES - 1 - priority),
                                           stacks[thread_id], &tcbs[thread_id]);
    return TM_SUCCESS;
}

int tm_thread_resume(int thread_id)
{
    if (starting) {
        resumed_at_start[thread_id] = true;
    } else if (in_isr()) {
        if (xTaskResumeFromISR(threads[thread_id]) == pdTRUE)
            isr_woken = pdTRUE;
    } else {
        vTaskResume(threads[thread_id]);
    }
    return TM_SUCCESS;
}

int tm_thread_suspend(int thread_id)
{
    vTaskSuspend(threads[thread_id]);
    return TM_SUCCESS;
}

void tm_thread_relinquish(void) { taskYIELD(); }

void tm_thread_sleep(int seconds)
{
    tm_port_count_sleep();
    vTaskDelay((TickType_t)seconds * configTICK_RATE_HZ);
}

int tm_queue_create(int queue_id)
{
    (void)queue_id;
    queue = xQueueCreateStatic(QUEUE_DEPTH, MESSAGE_BYTES, queue_storage, &queue_state);
    return queue ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    (void)queue_id;
    return xQueueSend(queue, message_ptr, portMAX_DELAY) == pdPASS ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    (void)queue_id;
    return xQueueReceive(queue, message_ptr, portMAX_DELAY) == pdPASS ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_create(int semaphore_id)
{
    (void)semaphore_id;
    semaphore = xSemaphoreCreateBinaryStatic(&semaphore_state);
    return semaphore && xSemaphoreGive(semaphore) == pdPASS ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_get(int semaphore_id)
{
    (void)semaphore_id;
    return xSemaphoreTake(semaphore, portMAX_DELAY) == pdPASS ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_put(int semaphore_id)
{
    (void)semaphore_id;
    if (in_isr()) {
        BaseType_t woken = pdFALSE;
        BaseType_t given = xSemaphoreGiveFromISR(semaphore, &woken);
        if (woken)
            isr_woken = pdTRUE;
        return given == pdPASS ? TM_SUCCESS : TM_ERROR;
    }
    return xSemaphoreGive(semaphore) == pdPASS ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_create(int pool_id)
{
    (void)pool_id;
    return TM_SUCCESS; /* heap_4's heap exists from the start */
}

int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    (void)pool_id;
    *memory_ptr = pvPortMalloc(128u);
    return *memory_ptr ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    (void)pool_id;
    vPortFree(memory_ptr);
    return TM_SUCCESS;
}
