/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The suite's porting layer (tm_api.h) on ThreadX, with the kernel's own calls: the suite's
 * priorities are ThreadX's (0 most urgent), threads are created not started (TX_DONT_START),
 * without time slices; 16-byte messages are four ULONGs; the pool is a fixed-block pool. A
 * ThreadX service needs no interrupt prologue or epilogue on Cortex-M. */
#include "tx_api.h"

#include "tm_api.h"
#include "tm_port.h"

#define THREADS 6
#define STACK_BYTES 1024u
#define QUEUE_DEPTH 10u
#define BLOCK_BYTES 128u
#define BLOCKS 4u

static TX_THREAD threads[THREADS];
static ULONG stacks[THREADS][STACK_BYTES / sizeof(ULONG)];
static void (*entries[THREADS])(void);
static TX_QUEUE queue;
static ULONG queue_area[QUEUE_DEPTH * TX_4_ULONG];
static TX_SEMAPHORE semaphore;
static TX_BLOCK_POOL pool;
/* Each block carries the pool's pointer in front of it. */
static ULONG pool_area[BLOCKS * (BLOCK_BYTES + sizeof(void *)) / sizeof(ULONG)];
static void (*test_init)(void);

extern uint32_t rtb_os_isr_priority(void);

const char *tm_port_kernel_name(void) { return "ThreadX"; }

uint32_t tm_port_isr_priority(void) { return rtb_os_isr_priority(); }

void tm_port_isr_enter(void) {}

void tm_port_isr_exit(void) {}

static void thread_entry(ULONG id) { entries[id](); }

void tm_initialize(void (*test_initialization_function)(void))
{
    test_init = test_initialization_function;
    tx_kernel_enter(); /* the low-level set-up, tx_application_define, then the scheduler */
}

VOID tx_application_define(VOID *first_unused_memory)
{
    (void)first_unused_memory;
    test_init();
}

int tm_thread_create(int thread_id, int priority, void (*entry_function)(void))
{
    if (thread_id < 0 || thread_id >= THREADS)
        return TM_ERROR;
    entries[thread_id] = entry_function;
    UINT status = tx_thread_create(&threads[thread_id], "tm", thread_entry, (ULONG)thread_id,
                                   stacks[thread_id], STACK_BYTES, (UINT)priority, (UINT)priority,
                                   TX_NO_TIME_SLICE, TX_DONT_START);
    return status == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_thread_resume(int thread_id)
{
    return tx_thread_resume(&threads[thread_id]) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_thread_suspend(int thread_id)
{
    return tx_thread_suspend(&threads[thread_id]) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

void tm_thread_relinquish(void) { tx_thread_relinquish(); }

void tm_thread_sleep(int seconds)
{
    tm_port_count_sleep();
    tx_thread_sleep((ULONG)seconds * TX_TIMER_TICKS_PER_SECOND);
}

int tm_queue_create(int queue_id)
{
    (void)queue_id;
    return tx_queue_create(&queue, "tm", TX_4_ULONG, queue_area, sizeof queue_area) == TX_SUCCESS ? TM_SUCCESS
                                                                                               : TM_ERROR;
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    (void)queue_id;
    return tx_queue_send(&queue, message_ptr, TX_WAIT_FOREVER) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    (void)queue_id;
    return tx_queue_receive(&queue, message_ptr, TX_WAIT_FOREVER) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_create(int semaphore_id)
{
    (void)semaphore_id;
    return tx_semaphore_create(&semaphore, "tm", 1) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_get(int semaphore_id)
{
    (void)semaphore_id;
    return tx_semaphore_get(&semaphore, TX_WAIT_FOREVER) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_put(int semaphore_id)
{
    (void)semaphore_id;
    return tx_semaphore_put(&semaphore) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_create(int pool_id)
{
    (void)pool_id;
    return tx_block_pool_create(&pool, "tm", BLOCK_BYTES, pool_area, sizeof pool_area) == TX_SUCCESS ? TM_SUCCESS
                                                                                                   : TM_ERROR;
}

int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    (void)pool_id;
    return tx_block_allocate(&pool, (VOID **)memory_ptr, TX_NO_WAIT) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    (void)pool_id;
    return tx_block_release(memory_ptr) == TX_SUCCESS ? TM_SUCCESS : TM_ERROR;
}
