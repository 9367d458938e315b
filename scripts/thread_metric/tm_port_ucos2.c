/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The suite's porting layer (tm_api.h) on uC/OS-II, with the kernel's own calls. The suite's
 * priority p is uC/OS-II's 10 + p; uC/OS-II allows one task per priority, so the cooperative
 * test (five threads at one priority) cannot be created. Its queues carry pointers: a 16-byte
 * message is copied into a slot of a ring whose address is posted, and out again on receipt,
 * as rtbench's port does. The pool is a memory partition. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ucos_ii.h"

#include "rtb_target_config.h"
#include "tm_api.h"
#include "tm_port.h"

#define THREADS 6
#define STACK_WORDS 256u
#define PRIO_BASE 10
#define QUEUE_DEPTH 10u
#define MESSAGE_WORDS 4u
#define BLOCK_BYTES 128u
#define BLOCKS 4u

static OS_STK stacks[THREADS][STACK_WORDS];
static INT8U prios[THREADS];
static void (*entries[THREADS])(void);
static bool starting;
static bool resumed_at_start[THREADS];
static OS_EVENT *queue;
static void *queue_entries[QUEUE_DEPTH];
static unsigned long slots[QUEUE_DEPTH + 2u][MESSAGE_WORDS];
static unsigned next_slot;
static OS_EVENT *semaphore;
static OS_MEM *pool;
static uint32_t pool_area[BLOCKS][BLOCK_BYTES / sizeof(uint32_t)];

const char *tm_port_kernel_name(void) { return "uC/OS-II"; }

uint32_t tm_port_isr_priority(void)
{
    /* One level less urgent than the kernel-aware boundary (the tick's level), as rtbench's. */
    return (CPU_CFG_KA_IPL_BOUNDARY + 1u) << (8u - CPU_CFG_NVIC_PRIO_BITS);
}

void tm_port_isr_enter(void) { OSIntEnter(); }

void tm_port_isr_exit(void) { OSIntExit(); }

/* A created thread is suspended until resumed; before OSStart it suspends itself when it first
 * runs unless the test resumed it already. */
static void thread_entry(void *arg)
{
    int id = (int)(intptr_t)arg;
    if (!resumed_at_start[id])
        OSTaskSuspend(OS_PRIO_SELF);
    entries[id]();
}

void tm_initialize(void (*test_initialization_function)(void))
{
    OSInit();
    starting = true;
    test_initialization_function();
    starting = false;
    OS_CPU_SysTickInitFreq(RTB_TARGET_CPU_HZ);
    OSStart();
}

int tm_thread_create(int thread_id, int priority, void (*entry_function)(void))
{
    if (thread_id < 0 || thread_id >= THREADS)
        return TM_ERROR;
    entries[thread_id] = entry_function;
    prios[thread_id] = (INT8U)(PRIO_BASE + priority);
    INT8U err = OSTaskCreate(thread_entry, (void *)(intptr_t)thread_id, &stacks[thread_id][STACK_WORDS - 1u],
                             prios[thread_id]);
    return err == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

int tm_thread_resume(int thread_id)
{
    if (starting) {
        resumed_at_start[thread_id] = true;
        return TM_SUCCESS;
    }
    return OSTaskResume(prios[thread_id]) == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

int tm_thread_suspend(int thread_id)
{
    return OSTaskSuspend(prios[thread_id]) == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

void tm_thread_relinquish(void) {} /* no equal-priority tasks to yield to */

void tm_thread_sleep(int seconds)
{
    tm_port_count_sleep();
    OSTimeDly((INT32U)seconds * OS_TICKS_PER_SEC);
}

int tm_queue_create(int queue_id)
{
    (void)queue_id;
    queue = OSQCreate(queue_entries, QUEUE_DEPTH);
    return queue ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    (void)queue_id;
    unsigned long *slot = slots[next_slot];
    next_slot = (next_slot + 1u) % (QUEUE_DEPTH + 2u);
    memcpy(slot, message_ptr, sizeof slots[0]);
    return OSQPost(queue, slot) == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    (void)queue_id;
    INT8U err;
    unsigned long *slot = OSQPend(queue, 0u, &err);
    if (err != OS_ERR_NONE)
        return TM_ERROR;
    memcpy(message_ptr, slot, sizeof slots[0]);
    return TM_SUCCESS;
}

int tm_semaphore_create(int semaphore_id)
{
    (void)semaphore_id;
    semaphore = OSSemCreate(1u);
    return semaphore ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_get(int semaphore_id)
{
    (void)semaphore_id;
    INT8U err;
    OSSemPend(semaphore, 0u, &err);
    return err == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_put(int semaphore_id)
{
    (void)semaphore_id;
    return OSSemPost(semaphore) == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_create(int pool_id)
{
    (void)pool_id;
    INT8U err;
    pool = OSMemCreate(pool_area, BLOCKS, BLOCK_BYTES, &err);
    return err == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    (void)pool_id;
    INT8U err;
    *memory_ptr = OSMemGet(pool, &err);
    return err == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    (void)pool_id;
    return OSMemPut(pool, memory_ptr) == OS_ERR_NONE ? TM_SUCCESS : TM_ERROR;
}
