/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's OS-abstraction API on uC/OS-II, with statically allocated kernel objects.
 *
 * Priorities: uC/OS-II allows one task per priority (0 most urgent). rtbench's abstract
 * priorities 1..40 (RTB_PRIO_MAX, set in os.cmake) map to 49..10; 2..9 stay free as the
 * ceilings of the mutexes (one
 * reserved priority per mutex, above every task that may lock it, the runner included).
 * Asking for a second task at a taken priority is reported as unsupported.
 * Queues: uC/OS-II queues carry pointers. Items that fit a pointer travel in it by value;
 * larger items are copied into a ring of slots the port owns, and the queue carries the
 * slot's address. Either way the caller's item is copied, as rtb_os_queue_* promise. */
#include <string.h>

#include "ucos_ii.h"

#include "rtb/boot.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_port_limits.h"
#include "rtb_port_no_dormant.h"
#include "rtb_port_period.h"

/* A queue slot is in use while queued, while being written (claimed) and while being read. */
#define QUEUE_SLOTS (RTB_QUEUE_MAX_DEPTH + 2u)

#define PRIO_CEILING_FIRST 2u
#define PRIO_TASK_BASE (PRIO_CEILING_FIRST + RTB_PORT_MAX_MUTEXES + RTB_PRIO_MAX)

struct rtb_task {
    INT8U prio;
    bool used;
};
struct rtb_sem {
    OS_EVENT *event;
    uint32_t max;
};
struct rtb_mutex {
    OS_EVENT *event;
};
struct rtb_queue {
    OS_EVENT *event;
    void *entries[RTB_QUEUE_MAX_DEPTH];
    uint32_t slots[QUEUE_SLOTS][RTB_QUEUE_MAX_ITEM / sizeof(uint32_t)];
    size_t item_size;
    size_t depth;
    unsigned next_slot;
    unsigned claimed;
};
struct rtb_pool {
    OS_MEM *partition; /* uC/OS-II cannot delete a partition: an idle one is reused */
    INT32U block_size;
    INT32U blocks;
    bool used;
    uint64_t arena[RTB_PORT_POOL_ARENA_BYTES / sizeof(uint64_t)];
};

static struct rtb_task tasks[RTB_PORT_MAX_TASKS];
/* Stacks need no zeroing at reset (the kernel initialises each one on task creation). */
static OS_STK stacks[RTB_PORT_MAX_TASKS][RTB_PORT_TASK_STACK_WORDS] RTB_NOINIT;
static struct rtb_sem sems[RTB_PORT_MAX_SEMS];
static struct rtb_mutex mutexes[RTB_PORT_MAX_MUTEXES];
static struct rtb_queue queues[RTB_PORT_MAX_QUEUES];
static struct rtb_pool pools[RTB_PORT_MAX_POOLS];
static bool isr_entered;

void rtb_ucos2_tick_start(void);

static INT8U task_prio(unsigned prio) { return (INT8U)(PRIO_TASK_BASE - prio); }

/* uC/OS-II waits forever on 0 and has separate non-blocking calls (Accept). */
static INT32U to_ticks(uint32_t timeout) { return timeout == RTB_WAIT_FOREVER ? 0u : (INT32U)timeout; }

_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    OSInit(); /* also creates the idle task */
    rtb_boot_kernel_initialised();
    rtb_os_task_create("runner", first, arg, RTB_PRIO_RUNNER);
    rtb_boot_objects_created();
    rtb_ucos2_tick_start();
    OSStart();
    for (;;) {
    }
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN], version[16];
    /* OS_VERSION is Vx.yy.zz times 10000. */
    char *at = version;
    *at++ = 'V';
    at += strlen(rtb_text_u32(at, OS_VERSION / 10000u));
    *at++ = '.';
    *at++ = (char)('0' + OS_VERSION / 1000u % 10u);
    *at++ = (char)('0' + OS_VERSION / 100u % 10u);
    *at++ = '.';
    *at++ = (char)('0' + OS_VERSION / 10u % 10u);
    *at++ = (char)('0' + OS_VERSION % 10u);
    *at = '\0';
    emit("kernel.name", "uC/OS-II");
    emit("kernel.version", version);
    emit("kernel.profile", RTB_PROFILE_NAME);
    emit("kernel.port", RTB_UCOS2_PORT_NAME);
    emit("config.tick_hz", rtb_text_u32(buf, OS_TICKS_PER_SEC));
    emit("config.preemption", "1");
    emit("config.time_slicing", "0"); /* uC/OS-II has none: one task per priority */
    emit("config.max_priorities", rtb_text_u32(buf, OS_LOWEST_PRIO + 1u));
    emit("config.asserts", rtb_text_u32(buf, OS_ARG_CHK_EN));
    emit("config.stack_overflow_check", "0");
    emit("config.trace_facility", rtb_text_u32(buf, OS_TRACE_EN));
    emit("config.debug_variables", rtb_text_u32(buf, OS_DEBUG_EN));
    emit("config.statistics_task", rtb_text_u32(buf, OS_TASK_STAT_EN));
    emit("config.static_allocation", "1");
    emit("config.mutex_protocol", "ceiling");
    emit("config.pool", "OSMemGet/OSMemPut partitions");
    emit("config.queue", "OSQPost/OSQPend pointers; items over 4 bytes copied through port-owned slots");
    emit("config.task_stack_bytes", rtb_text_u32(buf, RTB_PORT_TASK_STACK_WORDS * sizeof(OS_STK)));
}

rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    (void)name;
    if (RTB_PORT_PRIO_INVALID(prio))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++) {
        rtb_task *task = &tasks[i];
        if (task->used)
            continue;
        INT8U p = task_prio(prio);
        if (OSTaskCreate(fn, arg, &stacks[i][RTB_PORT_TASK_STACK_WORDS - 1u], p) != OS_ERR_NONE)
            return NULL;
        *task = (rtb_task){.prio = p, .used = true};
        return task;
    }
    return NULL;
}

const char *rtb_os_task_unsupported(unsigned prio)
{
    if (!RTB_PORT_PRIO_INVALID(prio) && OSTCBPrioTbl[task_prio(prio)] != (OS_TCB *)0)
        return "uC/OS-II allows one task per priority: equal-priority tasks cannot be expressed";
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (task && task->used) {
        (void)OSTaskDel(task->prio);
        task->used = false;
    }
}

/* The slot stays used until the creator's rtb_os_task_delete, whose OSTaskDel then finds no task. */
_Noreturn void rtb_os_task_exit(void)
{
    (void)OSTaskDel(OS_PRIO_SELF);
    for (;;) {
    }
}

/* Every task has a priority of its own, so there is never an equal-priority task to yield to. */
void rtb_os_task_yield(void) {}

rtb_err rtb_os_task_suspend_self(void)
{
    return OSTaskSuspend(OS_PRIO_SELF) == OS_ERR_NONE ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_suspend(rtb_task *task)
{
    return OSTaskSuspend(task->prio) == OS_ERR_NONE ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_resume(rtb_task *task)
{
    return OSTaskResume(task->prio) == OS_ERR_NONE ? RTB_OK : RTB_ERROR;
}

void rtb_os_delay_ticks(uint32_t ticks) { OSTimeDly((INT32U)ticks); }

uint32_t rtb_os_tick_hz(void) { return OS_TICKS_PER_SEC; }

uint32_t rtb_os_tick_count(void) { return (uint32_t)OSTimeGet(); }

rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    if (!rtb_port_period_ticks(period_us, OS_TICKS_PER_SEC, &period->period))
        return RTB_UNSUPPORTED;
    OSTimeDly(1u); /* start on a tick boundary */
    period->next = OSTimeGet();
    return RTB_OK;
}

/* uC/OS-II has no delay-until: the release time is kept absolute, and the task sleeps
 * for what remains of it. */
void rtb_os_period_wait(rtb_period *period)
{
    INT32U next = (INT32U)period->next + period->period;
    INT32U left = rtb_port_ticks_until(next, OSTimeGet(), period->period);
    if (left != 0u)
        OSTimeDly(left);
    period->next = next;
}

bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts)
{
    (void)period;
    (void)release_ts;
    return false; /* releases happen on tick interrupts, not at a timestamp the kernel knows */
}

rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max)
{
    if (initial > max || max > 0xFFFFu) /* OSSemCreate counts in 16 bits */
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_SEMS; i++) {
        rtb_sem *sem = &sems[i];
        if (sem->event)
            continue;
        sem->event = OSSemCreate((INT16U)initial);
        sem->max = max;
        return sem->event ? sem : NULL;
    }
    return NULL;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    INT8U err;
    if (sem && sem->event) {
        (void)OSSemDel(sem->event, OS_DEL_ALWAYS, &err);
        sem->event = NULL;
    }
}

rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return OSSemAccept(sem->event) > 0u ? RTB_OK : RTB_TIMEOUT;
    INT8U err;
    OSSemPend(sem->event, to_ticks(timeout), &err);
    return err == OS_ERR_NONE ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_sem_give(rtb_sem *sem)
{
    /* uC/OS-II counts up to 65535; rtbench's semaphores also honour their maximum. */
    if (sem->event->OSEventCnt >= sem->max)
        return RTB_FULL;
    return OSSemPost(sem->event) == OS_ERR_NONE ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    /* The kernel's interrupt prologue: the post then leaves the switch to OSIntExit. */
    if (!isr_entered) {
        OSIntEnter();
        isr_entered = true;
    }
    *switch_needed = true;
    return rtb_os_sem_give(sem);
}

rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed)
{
    /* Inside OSIntEnter/OSIntExit, OSTaskResume leaves the switch to OSIntExit. */
    if (!isr_entered) {
        OSIntEnter();
        isr_entered = true;
    }
    *switch_needed = true;
    return OSTaskResume(task->prio) == OS_ERR_NONE ? RTB_OK : RTB_ERROR;
}

void rtb_os_isr_exit(bool switch_needed)
{
    (void)switch_needed;
    if (isr_entered) {
        isr_entered = false;
        OSIntExit(); /* switches to the most urgent ready task */
    }
}

/* A post readies the most urgent waiter (the event's wait table is a priority bitmap). */
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
        if (mutex->event)
            continue;
        INT8U err;
        mutex->event = OSMutexCreate((INT8U)(PRIO_CEILING_FIRST + i), &err);
        return mutex->event ? mutex : NULL;
    }
    return NULL;
}

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    INT8U err;
    if (mutex && mutex->event) {
        (void)OSMutexDel(mutex->event, OS_DEL_ALWAYS, &err);
        mutex->event = NULL;
    }
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    INT8U err;
    if (timeout == RTB_NO_WAIT)
        return OSMutexAccept(mutex->event, &err) == OS_TRUE ? RTB_OK : RTB_TIMEOUT;
    OSMutexPend(mutex->event, to_ticks(timeout), &err);
    return err == OS_ERR_NONE ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex)
{
    return OSMutexPost(mutex->event) == OS_ERR_NONE ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_mutex_protocol(void) { return "ceiling"; }

#include "rtb_port_no_recursive_mutex.h"

rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth)
{
    if (RTB_PORT_QUEUE_INVALID(item_size, depth))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_QUEUES; i++) {
        rtb_queue *queue = &queues[i];
        if (queue->event)
            continue;
        queue->event = OSQCreate(queue->entries, (INT16U)depth);
        queue->item_size = item_size;
        queue->depth = depth;
        queue->next_slot = 0;
        queue->claimed = 0;
        return queue->event ? queue : NULL;
    }
    return NULL;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    INT8U err;
    if (queue && queue->event) {
        (void)OSQDel(queue->event, OS_DEL_ALWAYS, &err);
        queue->event = NULL;
    }
}

/* A slot for a large item, claimed only while the queue has room for it: the queued, the
 * claimed and the one being read never exceed QUEUE_SLOTS. */
static uint32_t *claim_slot(rtb_queue *queue)
{
#if OS_CRITICAL_METHOD == 3u
    OS_CPU_SR cpu_sr;
#endif
    uint32_t *slot = NULL;
    OS_ENTER_CRITICAL();
    if (((OS_Q *)queue->event->OSEventPtr)->OSQEntries + queue->claimed < queue->depth) {
        slot = queue->slots[queue->next_slot];
        queue->next_slot = (queue->next_slot + 1u) % QUEUE_SLOTS;
        queue->claimed++;
    }
    OS_EXIT_CRITICAL();
    return slot;
}

static INT8U post_slot(rtb_queue *queue, uint32_t *slot)
{
#if OS_CRITICAL_METHOD == 3u
    OS_CPU_SR cpu_sr;
#endif
    OS_ENTER_CRITICAL(); /* posted and unclaimed at once, so the room check stays exact */
    queue->claimed--;
    INT8U err = OSQPost(queue->event, slot);
    OS_EXIT_CRITICAL();
    return err;
}

/* OSQPost never blocks: a full queue is reported as RTB_FULL whatever the timeout. */
rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    (void)timeout;
    if (queue->item_size <= sizeof(void *)) {
        void *message = NULL;
        memcpy(&message, item, queue->item_size);
        return OSQPost(queue->event, message) == OS_ERR_NONE ? RTB_OK : RTB_FULL;
    }
    uint32_t *slot = claim_slot(queue);
    if (!slot)
        return RTB_FULL;
    memcpy(slot, item, queue->item_size);
    return post_slot(queue, slot) == OS_ERR_NONE ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    INT8U err;
    void *message = timeout == RTB_NO_WAIT ? OSQAccept(queue->event, &err)
                                           : OSQPend(queue->event, to_ticks(timeout), &err);
    if (err != OS_ERR_NONE)
        return RTB_TIMEOUT;
    if (queue->item_size <= sizeof(void *))
        memcpy(item, &message, queue->item_size);
    else
        memcpy(item, message, queue->item_size);
    return RTB_OK;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    if (item_size <= sizeof(void *))
        return "uC/OS-II queue of pointers (OSQPost/OSQPend): an item of up to 4 bytes travels inside the "
               "pointer, which the port fills and empties (a copy each way)";
    return "uC/OS-II queue of pointers (OSQPost/OSQPend): the port copies each item into a 16-byte slot of a "
           "ring it owns (claimed in a critical section) and posts the slot's address; the receiver copies "
           "it out. The copies and the claim are the port's, not the kernel's (queue_send_ptr shows the "
           "kernel alone)";
}

rtb_err rtb_os_queue_prioritize(rtb_queue *queue)
{
    (void)queue;
    return RTB_OK;
}

/* A pointer is uC/OS-II's own message: posted and received as it is. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    (void)timeout; /* OSQPost never blocks */
    return OSQPost(queue->event, ptr) == OS_ERR_NONE ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    INT8U err;
    *ptr = timeout == RTB_NO_WAIT ? OSQAccept(queue->event, &err) : OSQPend(queue->event, to_ticks(timeout), &err);
    return err == OS_ERR_NONE ? RTB_OK : RTB_TIMEOUT;
}

rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    /* A partition needs at least two blocks of at least a pointer each. */
    INT32U size = (INT32U)((block_size + 7u) & ~(size_t)7u);
    INT32U count = blocks < 2u ? 2u : (INT32U)blocks;
    if (block_size == 0u || (uint64_t)size * count > RTB_PORT_POOL_ARENA_BYTES)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_POOLS; i++) {
        rtb_pool *pool = &pools[i];
        if (pool->used)
            continue;
        bool reusable = pool->partition && pool->block_size == size && pool->blocks == count &&
                        pool->partition->OSMemNFree == count;
        if (!reusable) {
            INT8U err;
            OS_MEM *partition = OSMemCreate(pool->arena, count, size, &err);
            if (err != OS_ERR_NONE)
                continue; /* this slot's partition is idle but shaped differently */
            pool->partition = partition;
            pool->block_size = size;
            pool->blocks = count;
        }
        pool->used = true;
        return pool;
    }
    return NULL;
}

void rtb_os_pool_delete(rtb_pool *pool) { pool->used = false; }

void *rtb_os_pool_alloc(rtb_pool *pool)
{
    INT8U err;
    void *block = OSMemGet(pool->partition, &err);
    return err == OS_ERR_NONE ? block : NULL;
}

void rtb_os_pool_free(rtb_pool *pool, void *block) { (void)OSMemPut(pool->partition, block); }

const char *rtb_os_pool_kind(void) { return "uC/OS-II fixed-block memory partition: OSMemGet/OSMemPut"; }
