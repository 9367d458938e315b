/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's OS-abstraction API on ThreadX, with statically allocated kernel objects.
 *
 * Priorities: ThreadX's 0 is the most urgent; rtbench's abstract 1..30 map to 30..1.
 * Threads never time-slice (TX_NO_TIME_SLICE); a yield is tx_thread_relinquish.
 * Queues carry messages of whole 32-bit words: an item is sent from and received into
 * the caller's buffer directly when it is word-sized and word-aligned, through a local
 * word buffer otherwise. Mutexes use priority inheritance (TX_INHERIT). */
#include <string.h>

#include "tx_api.h"

#include "rtb/boot.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_port_limits.h"
#include "rtb_port_period.h"

#define WORDS(bytes) (((bytes) + sizeof(ULONG) - 1u) / sizeof(ULONG))

struct rtb_task {
    TX_THREAD thread;
    rtb_task_fn fn;
    void *arg;
    bool used;
};
struct rtb_sem {
    TX_SEMAPHORE semaphore;
    uint32_t max;
    bool used;
};
struct rtb_mutex {
    TX_MUTEX mutex;
    bool used;
};
struct rtb_queue {
    TX_QUEUE queue;
    ULONG storage[WORDS(RTB_QUEUE_MAX_ITEM) * RTB_QUEUE_MAX_DEPTH];
    size_t item_size;
    bool direct; /* whole words: no bounce buffer needed for aligned items */
    bool used;
};
struct rtb_pool {
    TX_BLOCK_POOL pool;
    ULONG arena[RTB_PORT_POOL_ARENA_BYTES / sizeof(ULONG)];
    bool used;
};

static struct rtb_task tasks[RTB_PORT_MAX_TASKS];
/* Stacks need no zeroing at reset (the kernel initialises each one on thread creation). */
static ULONG stacks[RTB_PORT_MAX_TASKS][RTB_PORT_TASK_STACK_WORDS] RTB_NOINIT;
static struct rtb_sem sems[RTB_PORT_MAX_SEMS];
static struct rtb_mutex mutexes[RTB_PORT_MAX_MUTEXES];
static struct rtb_queue queues[RTB_PORT_MAX_QUEUES];
static struct rtb_pool pools[RTB_PORT_MAX_POOLS];

static struct {
    rtb_task_fn fn;
    void *arg;
} first_task;

static UINT thread_prio(unsigned prio) { return (UINT)(RTB_PRIO_MAX + 1u - prio); }

/* ThreadX passes its thread entry one ULONG: the index of the task slot. */
static VOID thread_entry(ULONG index) { tasks[index].fn(tasks[index].arg); }

_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    first_task.fn = first;
    first_task.arg = arg;
    tx_kernel_enter(); /* low-level init, tx_application_define, then the scheduler */
    for (;;) {
    }
}

VOID tx_application_define(VOID *first_unused_memory)
{
    (void)first_unused_memory;
    rtb_boot_kernel_initialised(); /* tx_kernel_enter has initialised the kernel */
    rtb_os_task_create("runner", first_task.fn, first_task.arg, RTB_PRIO_RUNNER);
    rtb_boot_objects_created();
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN], version[24];
    char *at = version;
    *at++ = 'V';
    at += strlen(rtb_text_u32(at, THREADX_MAJOR_VERSION));
    *at++ = '.';
    at += strlen(rtb_text_u32(at, THREADX_MINOR_VERSION));
    *at++ = '.';
    rtb_text_u32(at, THREADX_PATCH_VERSION);
    emit("kernel.name", "ThreadX");
    emit("kernel.version", version);
    emit("kernel.profile", RTB_PROFILE_NAME);
    emit("kernel.port", RTB_THREADX_PORT_NAME);
    emit("config.tick_hz", rtb_text_u32(buf, TX_TIMER_TICKS_PER_SECOND));
    emit("config.preemption", "1");
    emit("config.time_slicing", "0"); /* every thread is created with TX_NO_TIME_SLICE */
    emit("config.max_priorities", rtb_text_u32(buf, TX_MAX_PRIORITIES));
#if defined(TX_DISABLE_ERROR_CHECKING)
    emit("config.asserts", "0");
#else
    emit("config.asserts", "1");
#endif
#if defined(TX_ENABLE_STACK_CHECKING)
    emit("config.stack_overflow_check", "1");
#else
    emit("config.stack_overflow_check", "0");
#endif
#if defined(TX_ENABLE_EVENT_TRACE)
    emit("config.trace_facility", "1");
#else
    emit("config.trace_facility", "0");
#endif
#if defined(TX_DISABLE_PREEMPTION_THRESHOLD)
    emit("config.preemption_threshold", "0");
#else
    emit("config.preemption_threshold", "1");
#endif
#if defined(TX_TIMER_PROCESS_IN_ISR)
    emit("config.timers_in_isr", "1");
#else
    emit("config.timers_in_isr", "0");
#endif
    emit("config.static_allocation", "1");
    emit("config.mutex_protocol", "inheritance");
    emit("config.pool", "tx_block_allocate/tx_block_release block pools");
    emit("config.queue", "tx_queue_send/tx_queue_receive, messages in 32-bit words");
    emit("config.task_stack_bytes", rtb_text_u32(buf, RTB_PORT_TASK_STACK_WORDS * sizeof(ULONG)));
}

/* Inlined into both creations, so that rtb_os_task_create's code stays what it was. */
static inline __attribute__((always_inline)) rtb_task *thread_create(const char *name, rtb_task_fn fn, void *arg,
                                                                     unsigned prio, UINT start)
{
    if (RTB_PORT_PRIO_INVALID(prio))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++) {
        rtb_task *task = &tasks[i];
        if (task->used)
            continue;
        task->fn = fn;
        task->arg = arg;
        UINT p = thread_prio(prio);
        if (tx_thread_create(&task->thread, (CHAR *)name, thread_entry, i, stacks[i], sizeof stacks[i], p, p,
                             TX_NO_TIME_SLICE, start) != TX_SUCCESS)
            return NULL;
        task->used = true;
        return task;
    }
    return NULL;
}

rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    return thread_create(name, fn, arg, prio, TX_AUTO_START);
}

/* Created suspended (TX_DONT_START): the thread is not ready until tx_thread_resume. */
rtb_task *rtb_os_task_create_dormant(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    return thread_create(name, fn, arg, prio, TX_DONT_START);
}

rtb_err rtb_os_task_start(rtb_task *task)
{
    return tx_thread_resume(&task->thread) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_task_unsupported(unsigned prio)
{
    (void)prio; /* ThreadX shares priorities: a failed creation means no room */
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (task && task->used) {
        tx_thread_terminate(&task->thread);
        tx_thread_delete(&task->thread);
        task->used = false;
    }
}

/* A thread cannot delete itself: it terminates, and the creator's rtb_os_task_delete deletes it. */
_Noreturn void rtb_os_task_exit(void)
{
    tx_thread_terminate(tx_thread_identify());
    for (;;) {
    }
}

void rtb_os_task_yield(void) { tx_thread_relinquish(); }

rtb_err rtb_os_task_suspend_self(void)
{
    return tx_thread_suspend(tx_thread_identify()) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_suspend(rtb_task *task)
{
    return tx_thread_suspend(&task->thread) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_resume(rtb_task *task)
{
    UINT status = tx_thread_resume(&task->thread);
    return status == TX_SUCCESS || status == TX_SUSPEND_LIFTED ? RTB_OK : RTB_ERROR;
}

/* tx_thread_resume may be called from an interrupt; the kernel pends the switch itself. */
rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed)
{
    *switch_needed = false;
    UINT status = tx_thread_resume(&task->thread);
    return status == TX_SUCCESS || status == TX_SUSPEND_LIFTED ? RTB_OK : RTB_ERROR;
}

void rtb_os_delay_ticks(uint32_t ticks) { tx_thread_sleep((ULONG)ticks); }

uint32_t rtb_os_tick_hz(void) { return TX_TIMER_TICKS_PER_SECOND; }

uint32_t rtb_os_tick_count(void) { return (uint32_t)tx_time_get(); }

rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    if (!rtb_port_period_ticks(period_us, TX_TIMER_TICKS_PER_SECOND, &period->period))
        return RTB_UNSUPPORTED;
    tx_thread_sleep(1u); /* start on a tick boundary */
    period->next = tx_time_get();
    return RTB_OK;
}

/* ThreadX has no sleep-until: the release time is kept absolute, and the thread sleeps
 * for what remains of it. */
void rtb_os_period_wait(rtb_period *period)
{
    ULONG next = (ULONG)period->next + period->period;
    ULONG left = rtb_port_ticks_until(next, tx_time_get(), period->period);
    if (left != 0u)
        tx_thread_sleep(left);
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
    if (initial > max)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_SEMS; i++) {
        rtb_sem *sem = &sems[i];
        if (sem->used)
            continue;
        if (tx_semaphore_create(&sem->semaphore, (CHAR *)"rtb", initial) != TX_SUCCESS)
            return NULL;
        sem->max = max;
        sem->used = true;
        return sem;
    }
    return NULL;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    if (sem && sem->used) {
        tx_semaphore_delete(&sem->semaphore);
        sem->used = false;
    }
}

/* rtbench's RTB_NO_WAIT and RTB_WAIT_FOREVER are ThreadX's TX_NO_WAIT and TX_WAIT_FOREVER. */
rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    return tx_semaphore_get(&sem->semaphore, timeout) == TX_SUCCESS ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_sem_give(rtb_sem *sem)
{
    /* ThreadX semaphores count without bound; rtbench's also honour their maximum. */
    if (sem->semaphore.tx_semaphore_count >= sem->max)
        return RTB_FULL;
    return tx_semaphore_put(&sem->semaphore) == TX_SUCCESS ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    /* The port switches on the way out when the put readied a more urgent thread (PendSV on
     * Cortex-M, _tx_thread_context_restore on RISC-V). */
    *switch_needed = false;
    return rtb_os_sem_give(sem);
}

void rtb_os_isr_exit(bool switch_needed) { (void)switch_needed; }

/* ThreadX wakes suspended threads in the order they suspended; tx_*_prioritize moves the most
 * urgent to the front (mutexes with TX_INHERIT do it in tx_mutex_put). */
const char *rtb_os_wake_order_fifo(void)
{
    return "ThreadX wakes waiters in the order they blocked (FIFO): tx_semaphore_prioritize / "
           "tx_queue_prioritize before each put or send moves the most urgent to the front, timed with it";
}

rtb_err rtb_os_sem_prioritize(rtb_sem *sem)
{
    return tx_semaphore_prioritize(&sem->semaphore) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

rtb_mutex *rtb_os_mutex_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->used)
            continue;
        if (tx_mutex_create(&mutex->mutex, (CHAR *)"rtb", TX_INHERIT) != TX_SUCCESS)
            return NULL;
        mutex->used = true;
        return mutex;
    }
    return NULL;
}

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    if (mutex && mutex->used) {
        tx_mutex_delete(&mutex->mutex);
        mutex->used = false;
    }
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    return tx_mutex_get(&mutex->mutex, timeout) == TX_SUCCESS ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex)
{
    return tx_mutex_put(&mutex->mutex) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_mutex_protocol(void) { return "inheritance"; }

/* ThreadX mutexes are recursive: tx_mutex_get by the owner counts, tx_mutex_put counts down. */
rtb_mutex *rtb_os_mutex_create_recursive(void) { return rtb_os_mutex_create(); }

rtb_err rtb_os_mutex_lock_recursive(rtb_mutex *mutex, uint32_t timeout) { return rtb_os_mutex_lock(mutex, timeout); }

rtb_err rtb_os_mutex_unlock_recursive(rtb_mutex *mutex) { return rtb_os_mutex_unlock(mutex); }

rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth)
{
    if (RTB_PORT_QUEUE_INVALID(item_size, depth))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_QUEUES; i++) {
        rtb_queue *queue = &queues[i];
        if (queue->used)
            continue;
        UINT words = (UINT)WORDS(item_size);
        if (tx_queue_create(&queue->queue, (CHAR *)"rtb", words, queue->storage,
                            (ULONG)(words * sizeof(ULONG) * depth)) != TX_SUCCESS)
            return NULL;
        queue->item_size = item_size;
        queue->direct = item_size % sizeof(ULONG) == 0u;
        queue->used = true;
        return queue;
    }
    return NULL;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    if (queue && queue->used) {
        tx_queue_delete(&queue->queue);
        queue->used = false;
    }
}

static bool word_aligned(const void *p) { return ((uintptr_t)p & (sizeof(ULONG) - 1u)) == 0u; }

/* Items that are not whole aligned words go through a word buffer. Out of line, so that the
 * direct path (a message of whole words, as tm_message's) carries no buffer in its frame. */
static __attribute__((noinline)) rtb_err queue_send_buffered(rtb_queue *queue, const void *item, uint32_t timeout)
{
    ULONG words[WORDS(RTB_QUEUE_MAX_ITEM)];
    memcpy(words, item, queue->item_size);
    return tx_queue_send(&queue->queue, words, timeout) == TX_SUCCESS ? RTB_OK : RTB_FULL;
}

static __attribute__((noinline)) rtb_err queue_recv_buffered(rtb_queue *queue, void *item, uint32_t timeout)
{
    ULONG words[WORDS(RTB_QUEUE_MAX_ITEM)];
    if (tx_queue_receive(&queue->queue, words, timeout) != TX_SUCCESS)
        return RTB_TIMEOUT;
    memcpy(item, words, queue->item_size);
    return RTB_OK;
}

rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    if (!queue->direct || !word_aligned(item))
        return queue_send_buffered(queue, item, timeout);
    return tx_queue_send(&queue->queue, (VOID *)item, timeout) == TX_SUCCESS ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    if (!queue->direct || !word_aligned(item))
        return queue_recv_buffered(queue, item, timeout);
    return tx_queue_receive(&queue->queue, item, timeout) == TX_SUCCESS ? RTB_OK : RTB_TIMEOUT;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    if (item_size % sizeof(ULONG) == 0u)
        return "ThreadX queue of 32-bit words: tx_queue_send/tx_queue_receive copy the item's words in and out";
    return "ThreadX queue of 32-bit words: an item that is not whole words goes through a word buffer in the "
           "port (one more copy each way)";
}

rtb_err rtb_os_queue_prioritize(rtb_queue *queue)
{
    return tx_queue_prioritize(&queue->queue) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

/* A pointer is a one-word message (TX_1_ULONG on a 32-bit target). */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    return tx_queue_send(&queue->queue, &ptr, timeout) == TX_SUCCESS ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    return tx_queue_receive(&queue->queue, ptr, timeout) == TX_SUCCESS ? RTB_OK : RTB_TIMEOUT;
}

rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    /* Every block carries one pointer of the kernel's bookkeeping. */
    size_t size = (block_size + sizeof(ULONG) - 1u) & ~(sizeof(ULONG) - 1u);
    size_t bytes = (size + sizeof(VOID *)) * blocks;
    if (block_size == 0u || blocks == 0u || bytes > RTB_PORT_POOL_ARENA_BYTES)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_POOLS; i++) {
        rtb_pool *pool = &pools[i];
        if (pool->used)
            continue;
        if (tx_block_pool_create(&pool->pool, (CHAR *)"rtb", (ULONG)size, pool->arena, (ULONG)bytes) != TX_SUCCESS)
            return NULL;
        pool->used = true;
        return pool;
    }
    return NULL;
}

void rtb_os_pool_delete(rtb_pool *pool)
{
    if (pool && pool->used) {
        tx_block_pool_delete(&pool->pool);
        pool->used = false;
    }
}

void *rtb_os_pool_alloc(rtb_pool *pool)
{
    VOID *block = TX_NULL;
    return tx_block_allocate(&pool->pool, &block, TX_NO_WAIT) == TX_SUCCESS ? block : NULL;
}

void rtb_os_pool_free(rtb_pool *pool, void *block)
{
    (void)pool;
    tx_block_release(block);
}

const char *rtb_os_pool_kind(void) { return "ThreadX fixed-block pool: tx_block_allocate/tx_block_release"; }
