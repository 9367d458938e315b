/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's OS-abstraction API on RTEMS, through its Classic API.
 *
 * rtbench is the application: RTEMS's initialisation task (rtb_rtems_config.c) calls rtbench's
 * entry, whose rtb_os_start creates the runner and ends the initialisation task. Priorities:
 * rtbench's 1..30 are RTEMS's 31..2 (1 is the most urgent there; the initialisation task's).
 * Tasks are constructed on the port's storage (rtems_task_construct: a task's stack is one of the
 * port's, as on the other kernels), preemptible and never time-sliced; created dormant, they
 * start with rtems_task_start. Semaphores are counting semaphores, waiters in priority order;
 * mutexes are binary semaphores with priority inheritance (recursive, as RTEMS's are); queues are
 * message queues constructed on the port's buffers; pools are partitions. */
#include <rtems.h>
#include <rtems/rtems/semimpl.h>
#include <rtems/version.h>
#include <string.h>

#include "rtb/boot.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_port_limits.h"
#include "rtb_port_period.h"
#include "rtb_rtems.h"
#include RTB_PROFILE_HEADER

struct rtb_task {
    rtems_id id;
    rtb_task_fn fn;
    void *arg;
    bool used;
};
struct rtb_sem {
    rtems_id id;
    const volatile uint32_t *count; /* the kernel's own count (the control block's) */
    uint32_t max;
    bool used;
};
struct rtb_mutex {
    rtems_id id;
    bool used;
};
struct rtb_queue {
    rtems_id id;
    size_t item_size;
    bool used;
};
struct rtb_pool {
    rtems_id id;
    uint32_t arena[RTB_PORT_POOL_ARENA_BYTES / sizeof(uint32_t)];
    bool used;
};

static struct rtb_task tasks[RTB_PORT_MAX_TASKS];
/* Task storage (stack and thread-local storage) needs no zeroing at reset: the kernel initialises
 * each task's on construction. */
static RTEMS_ALIGNED(RTEMS_TASK_STORAGE_ALIGNMENT) char storage[RTB_PORT_MAX_TASKS][RTB_RTEMS_TASK_STORAGE_BYTES]
    RTB_NOINIT;
static struct rtb_sem sems[RTB_PORT_MAX_SEMS];
static struct rtb_mutex mutexes[RTB_PORT_MAX_MUTEXES];
static struct rtb_queue queues[RTB_PORT_MAX_QUEUES];
/* Each queue's message buffers, as the kernel lays them out (it initialises them on construction). */
static RTEMS_MESSAGE_QUEUE_BUFFER(RTB_QUEUE_MAX_ITEM) queue_buffers[RTB_PORT_MAX_QUEUES][RTB_QUEUE_MAX_DEPTH]
    RTB_NOINIT;
static struct rtb_pool pools[RTB_PORT_MAX_POOLS];

static rtems_task_priority task_prio(unsigned prio) { return (rtems_task_priority)(RTB_PRIO_MAX + 2u - prio); }

/* The kernel's own count of a semaphore, read where its control block keeps it (RTEMS's Classic
 * API has no directive that reads it): found once, when the semaphore is created. */
static const volatile uint32_t *kernel_count(rtems_id id)
{
    Thread_queue_Context context;
    Semaphore_Control *control = _Semaphore_Get(id, &context);
    _ISR_lock_ISR_enable(&context.Lock_context.Lock_context);
    return &control->Core_control.Semaphore.count;
}

/* Blocking options of a timeout in ticks. */
static rtems_option wait_option(uint32_t timeout) { return timeout == RTB_NO_WAIT ? RTEMS_NO_WAIT : RTEMS_WAIT; }
static rtems_interval wait_ticks(uint32_t timeout) { return timeout == RTB_WAIT_FOREVER ? RTEMS_NO_TIMEOUT : timeout; }

/* RTEMS passes its task entry one argument: the index of the task slot. */
static rtems_task task_entry(rtems_task_argument index) { tasks[index].fn(tasks[index].arg); }

/* Called from RTEMS's initialisation task (rtb_rtems_config.c, by way of rtbench's entry): the
 * kernel runs (its initialisation is boot_time's kernel_init, rtb_rtems_config.c); the runner is
 * created, and the initialisation task, more urgent, ends itself. */
_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    rtb_rtems_arch_attach();
    rtb_os_task_create("runner", first, arg, RTB_PRIO_RUNNER);
    rtb_boot_objects_created();
    rtems_task_exit();
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN];
    emit("kernel.name", "RTEMS");
    emit("kernel.version", rtems_version());
    emit("kernel.profile", RTB_PROFILE_NAME);
    emit("kernel.port", RTB_RTEMS_BSP);
    emit("config.tick_hz", rtb_text_u32(buf, (uint32_t)rtems_clock_get_ticks_per_second()));
    emit("config.preemption", "1");
    emit("config.time_slicing", "0"); /* every task is created with RTEMS_NO_TIMESLICE */
    emit("config.max_priorities", rtb_text_u32(buf, (uint32_t)RTEMS_MAXIMUM_PRIORITY + 1u));
    emit("config.scheduler", "Deterministic Priority Scheduler (CONFIGURE_SCHEDULER_PRIORITY), one processor");
#if defined(RTEMS_DEBUG)
    emit("config.asserts", "1");
#else
    emit("config.asserts", "0");
#endif
    emit("config.stack_overflow_check", "0"); /* no stack checker extension configured */
    emit("config.trace_facility", "0");
    emit("config.static_allocation", "1");
    emit("config.mutex_protocol", "inheritance");
    emit("config.pool", "rtems_partition_get_buffer/rtems_partition_return_buffer partitions");
    emit("config.queue", "rtems_message_queue_send/receive, messages copied into the kernel's buffers");
    emit("config.task_stack_bytes", rtb_text_u32(buf, RTB_RTEMS_STACK_BYTES));
    rtb_rtems_describe_build(emit);
}

/* Inlined into both creations, so that rtb_os_task_create's code stays what it was. */
static inline __attribute__((always_inline)) rtb_task *task_construct(const char *name, rtb_task_fn fn, void *arg,
                                                                      unsigned prio)
{
    (void)name; /* an RTEMS name is four characters: every rtbench task is 'RTSK' */
    if (RTB_PORT_PRIO_INVALID(prio))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++) {
        rtb_task *task = &tasks[i];
        if (task->used)
            continue;
        rtems_task_config config = {
            .name = rtems_build_name('R', 'T', 'S', 'K'),
            .initial_priority = task_prio(prio),
            .storage_area = storage[i],
            .storage_size = sizeof storage[i],
            .maximum_thread_local_storage_size = RTB_RTEMS_TLS_BYTES,
            .initial_modes = RTEMS_PREEMPT | RTEMS_NO_TIMESLICE | RTEMS_INTERRUPT_LEVEL(0),
            .attributes = RTEMS_DEFAULT_ATTRIBUTES,
        };
        if (rtems_task_construct(&config, &task->id) != RTEMS_SUCCESSFUL)
            return NULL;
        task->fn = fn;
        task->arg = arg;
        task->used = true;
        return task;
    }
    return NULL;
}

rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    rtb_task *task = task_construct(name, fn, arg, prio);
    if (task && rtems_task_start(task->id, task_entry, (rtems_task_argument)(task - tasks)) != RTEMS_SUCCESSFUL) {
        rtems_task_delete(task->id);
        task->used = false;
        return NULL;
    }
    return task;
}

/* Constructed, a task is dormant: it is not ready until rtems_task_start. */
rtb_task *rtb_os_task_create_dormant(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    return task_construct(name, fn, arg, prio);
}

rtb_err rtb_os_task_start(rtb_task *task)
{
    rtems_status_code sc = rtems_task_start(task->id, task_entry, (rtems_task_argument)(task - tasks));
    return sc == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_task_unsupported(unsigned prio)
{
    (void)prio; /* RTEMS shares priorities: a failed creation means no room */
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (task && task->used) {
        rtb_rtems_periods_release(task->id);
        (void)rtems_task_delete(task->id); /* RTEMS_INVALID_ID once the task ended itself */
        task->used = false;
    }
}

/* rtems_task_exit deletes the calling task; the creator's delete then only frees the slot. */
_Noreturn void rtb_os_task_exit(void)
{
    rtb_rtems_periods_release(rtems_task_self());
    rtems_task_exit();
}

/* A zero-tick wake-after is RTEMS's yield: the task goes behind the ready tasks of its priority. */
void rtb_os_task_yield(void) { (void)rtems_task_wake_after(RTEMS_YIELD_PROCESSOR); }

rtb_err rtb_os_task_suspend_self(void)
{
    return rtems_task_suspend(RTEMS_SELF) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_suspend(rtb_task *task)
{
    return rtems_task_suspend(task->id) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_resume(rtb_task *task)
{
    return rtems_task_resume(task->id) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

/* rtems_task_resume may be called from an interrupt; the kernel dispatches on the way out. */
rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed)
{
    *switch_needed = false;
    return rtems_task_resume(task->id) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

void rtb_os_delay_ticks(uint32_t ticks)
{
    if (ticks != 0u)
        (void)rtems_task_wake_after(ticks);
}

uint32_t rtb_os_tick_hz(void) { return (uint32_t)rtems_clock_get_ticks_per_second(); }

uint32_t rtb_os_tick_count(void) { return (uint32_t)rtems_clock_get_ticks_since_boot(); }

rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max)
{
    if (initial > max)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_SEMS; i++) {
        rtb_sem *sem = &sems[i];
        if (sem->used)
            continue;
        if (rtems_semaphore_create(rtems_build_name('R', 'S', 'E', 'M'), initial,
                                   RTEMS_COUNTING_SEMAPHORE | RTEMS_PRIORITY, 0, &sem->id) != RTEMS_SUCCESSFUL)
            return NULL;
        sem->count = kernel_count(sem->id);
        sem->max = max;
        sem->used = true;
        return sem;
    }
    return NULL;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    if (sem && sem->used) {
        rtems_semaphore_delete(sem->id);
        sem->used = false;
    }
}

rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    rtems_status_code sc = rtems_semaphore_obtain(sem->id, wait_option(timeout), wait_ticks(timeout));
    return sc == RTEMS_SUCCESSFUL ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_sem_give(rtb_sem *sem)
{
    /* RTEMS's counting semaphores count to UINT32_MAX; rtbench's also honour their maximum. */
    if (*sem->count >= sem->max)
        return RTB_FULL;
    return rtems_semaphore_release(sem->id) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_FULL;
}

/* rtems_semaphore_release may be called from an interrupt; the kernel dispatches on the way out. */
rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    *switch_needed = false;
    return rtb_os_sem_give(sem);
}

/* RTEMS's interrupt exit dispatches when a handler made a more urgent task ready. */
void rtb_os_isr_exit(bool switch_needed) { (void)switch_needed; }

/* Every object here queues its waiters in priority order (RTEMS_PRIORITY). */
const char *rtb_os_wake_order_fifo(void) { return NULL; }

rtb_err rtb_os_sem_prioritize(rtb_sem *sem)
{
    (void)sem;
    return RTB_OK;
}

rtb_err rtb_os_queue_prioritize(rtb_queue *queue)
{
    (void)queue;
    return RTB_OK;
}

rtb_mutex *rtb_os_mutex_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->used)
            continue;
        if (rtems_semaphore_create(rtems_build_name('R', 'M', 'T', 'X'), 1,
                                   RTEMS_BINARY_SEMAPHORE | RTEMS_PRIORITY | RTEMS_INHERIT_PRIORITY, 0,
                                   &mutex->id) != RTEMS_SUCCESSFUL)
            return NULL;
        mutex->used = true;
        return mutex;
    }
    return NULL;
}

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    if (mutex && mutex->used) {
        rtems_semaphore_delete(mutex->id);
        mutex->used = false;
    }
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    rtems_status_code sc = rtems_semaphore_obtain(mutex->id, wait_option(timeout), wait_ticks(timeout));
    return sc == RTEMS_SUCCESSFUL ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex)
{
    return rtems_semaphore_release(mutex->id) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_mutex_protocol(void) { return "inheritance"; }

/* RTEMS's binary semaphores are recursive: the owner obtains again, each obtain needs its release. */
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
        rtems_message_queue_config config = {
            .name = rtems_build_name('R', 'M', 'S', 'G'),
            .maximum_pending_messages = (uint32_t)depth,
            .maximum_message_size = item_size,
            .storage_area = queue_buffers[i],
            /* Exactly what the kernel takes for `depth` messages of `item_size` bytes. */
            .storage_size =
                depth * (RTEMS_ALIGN_UP(item_size, sizeof(uintptr_t)) + sizeof(CORE_message_queue_Buffer)),
            .attributes = RTEMS_PRIORITY,
        };
        if (rtems_message_queue_construct(&config, &queue->id) != RTEMS_SUCCESSFUL)
            return NULL;
        queue->item_size = item_size;
        queue->used = true;
        return queue;
    }
    return NULL;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    if (queue && queue->used) {
        rtems_message_queue_delete(queue->id);
        queue->used = false;
    }
}

/* RTEMS's send never waits: a full queue refuses the message (RTEMS_TOO_MANY). */
rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    (void)timeout;
    return rtems_message_queue_send(queue->id, item, queue->item_size) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    size_t size = 0;
    rtems_status_code sc =
        rtems_message_queue_receive(queue->id, item, &size, wait_option(timeout), wait_ticks(timeout));
    return sc == RTEMS_SUCCESSFUL ? RTB_OK : RTB_TIMEOUT;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    (void)item_size;
    return "RTEMS message queue: rtems_message_queue_send copies the item into a kernel buffer (or straight "
           "to a waiting receiver), rtems_message_queue_receive copies it out";
}

/* A pointer is a message of its own size. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    (void)timeout;
    return rtems_message_queue_send(queue->id, &ptr, sizeof ptr) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    size_t size = 0;
    rtems_status_code sc =
        rtems_message_queue_receive(queue->id, ptr, &size, wait_option(timeout), wait_ticks(timeout));
    return sc == RTEMS_SUCCESSFUL ? RTB_OK : RTB_TIMEOUT;
}

rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    /* Buffers are whole pointers (the free list links through them), at least two. */
    size_t size = block_size < 2u * sizeof(void *) ? 2u * sizeof(void *)
                                                   : (block_size + sizeof(void *) - 1u) & ~(sizeof(void *) - 1u);
    if (block_size == 0u || blocks == 0u || size * blocks > RTB_PORT_POOL_ARENA_BYTES)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_POOLS; i++) {
        rtb_pool *pool = &pools[i];
        if (pool->used)
            continue;
        if (rtems_partition_create(rtems_build_name('R', 'P', 'O', 'L'), pool->arena, size * blocks, size,
                                   RTEMS_LOCAL, &pool->id) != RTEMS_SUCCESSFUL)
            return NULL;
        pool->used = true;
        return pool;
    }
    return NULL;
}

void rtb_os_pool_delete(rtb_pool *pool)
{
    if (pool && pool->used) {
        rtems_partition_delete(pool->id);
        pool->used = false;
    }
}

void *rtb_os_pool_alloc(rtb_pool *pool)
{
    void *block = NULL;
    return rtems_partition_get_buffer(pool->id, &block) == RTEMS_SUCCESSFUL ? block : NULL;
}

void rtb_os_pool_free(rtb_pool *pool, void *block) { (void)rtems_partition_return_buffer(pool->id, block); }

const char *rtb_os_pool_kind(void)
{
    return "RTEMS partition: rtems_partition_get_buffer/rtems_partition_return_buffer";
}
