/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's OS-abstraction API on Apache NuttX, through the interfaces a NuttX application uses.
 *
 * rtbench runs as NuttX's init task (CONFIG_INIT_ENTRYPOINT) in its flat build: that task is the
 * runner, and every other rtbench task is a POSIX thread of it (pthread_create, SCHED_FIFO, a
 * stack from the port's pool), so that all of them share the task group's message-queue
 * descriptors. Priorities: rtbench's 1..30 are NuttX's 101..130.
 * Semaphores are POSIX semaphores without priority inheritance (SEM_PRIO_NONE: they signal);
 * mutexes are pthread mutexes with PTHREAD_PRIO_INHERIT, recursive ones NuttX's own recursive mutex
 * (nxrmutex: see rtb_os_mutex_create_recursive); queues are POSIX message queues; pools
 * are NuttX's heap (it has no fixed-block allocator for applications). A semaphore's timeout is
 * NuttX's relative tick wait (nxsem_tickwait); the others become absolute CLOCK_REALTIME times,
 * as POSIX's timed calls take them.
 * NuttX cannot suspend one thread of a task (SIGSTOP stops the whole task group): a thread that
 * suspends itself waits on a semaphore of its own, which a resume posts. */
#include <nuttx/config.h>

#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nuttx/clock.h>
#include <nuttx/init.h>
#include <nuttx/irq.h>
#include <nuttx/mutex.h>
#include <nuttx/semaphore.h>
#include <nuttx/version.h>

#include "rtb/boot.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_port_limits.h"
#include "rtb_port_no_dormant.h"
#include "rtb_port_period.h"
#include RTB_PROFILE_HEADER
#include RTB_NUTTX_ARCH_HEADER

#define PRIO_BASE 100
#define TICK_HZ (1000000u / CONFIG_USEC_PER_TICK)
#define STACK_BYTES (RTB_PORT_TASK_STACK_WORDS * 4u)

struct rtb_task {
    pthread_t thread;
    rtb_task_fn fn;
    void *arg;
    sem_t parked;            /* where a task that suspended itself waits */
    volatile bool suspended; /* waiting there */
    bool exited;             /* it ended itself (pthread_exit): nothing left to cancel */
    bool used;
};
struct rtb_sem {
    sem_t sem;
    uint32_t max;
    bool used;
};
struct rtb_mutex {
    pthread_mutex_t mutex;
    rmutex_t rmutex; /* a recursive one's */
    bool recursive;
    bool used;
};
struct rtb_queue {
    mqd_t blocking;    /* O_RDWR */
    mqd_t nonblocking; /* O_RDWR | O_NONBLOCK: RTB_NO_WAIT */
    size_t item_size;
    bool used;
};
struct rtb_pool {
    size_t block_size;
    bool used;
};

static struct rtb_task tasks[RTB_PORT_MAX_TASKS];
/* Stacks need no zeroing at reset (pthread_create initialises each one). */
static uint64_t stacks[RTB_PORT_MAX_TASKS][STACK_BYTES / sizeof(uint64_t)] RTB_NOINIT;
static struct rtb_sem sems[RTB_PORT_MAX_SEMS];
static struct rtb_mutex mutexes[RTB_PORT_MAX_MUTEXES];
static struct rtb_queue queues[RTB_PORT_MAX_QUEUES];
static struct rtb_pool pools[RTB_PORT_MAX_POOLS];
static rtb_task_fn first_fn;
static void *first_arg;

/* ---- start-up: from rtbench's reset handler into NuttX ---- */

/* Where NuttX's start-up leaves the idle thread's stack (its mps_start.c, from the linker
 * script's _ebss: mps2/rtb_nuttx.ld puts that above everything rtbench's image places in RAM). */
extern const uintptr_t g_idle_topstack;
void arm_fpuconfig(void);

/* The heap: from the idle stack's top to the end of the data RAM (CONFIG_RAM_START/SIZE). The
 * chip's own placement (mps_allocateheap.c) assumes the kernel's linker script, not rtbench's. */
void up_allocate_heap(void **heap_start, size_t *heap_size)
{
    *heap_start = (void *)g_idle_topstack;
    *heap_size = (size_t)(CONFIG_RAM_START + CONFIG_RAM_SIZE - g_idle_topstack);
}

#ifdef CONFIG_BOARD_LATE_INITIALIZE
/* The board's late initialisation, before the init task: nothing to bring up. */
void board_late_initialize(void) {}
#endif

_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    first_fn = first;
    first_arg = arg;
    /* What NuttX's own start-up (mps_start.c's __start) does before nx_start, once rtbench's has
     * copied .data and zeroed .bss: the FPU's context saving, then the idle stack. */
#ifdef CONFIG_ARCH_FPU
    arm_fpuconfig();
#endif
    __asm__ volatile("msr msp, %0\n"
                     "b nx_start\n"
                     :
                     : "r"(g_idle_topstack)
                     : "memory");
    __builtin_unreachable();
}

static void *thread_entry(void *arg)
{
    struct rtb_task *task = arg;
    task->fn(task->arg);
    return NULL;
}

/* NuttX's init task (CONFIG_INIT_ENTRYPOINT): the kernel is up; this task becomes the runner. */
int rtb_nuttx_main(int argc, char *argv[])
{
    (void)argc;
    (void)argv;
    rtb_nuttx_arch_attach();
    rtb_boot_kernel_initialised();
    struct sched_param param = {.sched_priority = PRIO_BASE + (int)RTB_PRIO_RUNNER};
    (void)sched_setscheduler(0, SCHED_FIFO, &param);
    tasks[0].thread = pthread_self();
    tasks[0].fn = first_fn;
    tasks[0].arg = first_arg;
    (void)sem_init(&tasks[0].parked, 0, 0);
    (void)sem_setprotocol(&tasks[0].parked, SEM_PRIO_NONE);
    tasks[0].used = true;
    rtb_boot_objects_created();
    first_fn(first_arg);
    for (;;) {
    }
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN];
    emit("kernel.name", "Apache NuttX");
    emit("kernel.version", CONFIG_VERSION_STRING);
    emit("kernel.build", CONFIG_VERSION_BUILD);
    emit("kernel.profile", RTB_PROFILE_NAME);
    emit("kernel.port", "arch/arm/src/mps (" RTB_NUTTX_CHIP ") + rtbench's board");
    emit("config.tick_hz", rtb_text_u32(buf, TICK_HZ));
    emit("config.usec_per_tick", rtb_text_u32(buf, CONFIG_USEC_PER_TICK));
    emit("config.preemption", "1");
    emit("config.time_slicing", rtb_text_u32(buf, CONFIG_RR_INTERVAL > 0 ? 1u : 0u));
    emit("config.rr_interval_ms", rtb_text_u32(buf, CONFIG_RR_INTERVAL));
#ifdef CONFIG_SCHED_TICKLESS
    emit("config.tickless", "1");
#else
    emit("config.tickless", "0");
#endif
    emit("config.max_priorities", "255");
#ifdef CONFIG_DEBUG_ASSERTIONS
    emit("config.asserts", "1");
#else
    emit("config.asserts", "0");
#endif
#if defined(CONFIG_STACK_COLORATION) || defined(CONFIG_ARMV7M_STACKCHECK) || defined(CONFIG_STACK_CANARIES)
    emit("config.stack_overflow_check", "1");
#else
    emit("config.stack_overflow_check", "0");
#endif
#ifdef CONFIG_SCHED_INSTRUMENTATION
    emit("config.trace_facility", "1");
#else
    emit("config.trace_facility", "0");
#endif
#ifdef CONFIG_PRIORITY_INHERITANCE
    emit("config.priority_inheritance", "1");
#else
    emit("config.priority_inheritance", "0");
#endif
#ifdef CONFIG_ARCH_FPU
    emit("config.fpu", "1");
#else
    emit("config.fpu", "0");
#endif
    emit("config.build", "flat (CONFIG_BUILD_FLAT): rtbench runs as the init task and its threads");
    emit("config.mutex_protocol", "inheritance");
    emit("config.pool", "malloc/free (NuttX's mm heap)");
    emit("config.queue", "POSIX message queues (mq_send/mq_receive)");
    emit("config.task_stack_bytes", rtb_text_u32(buf, STACK_BYTES));
}

/* ---- tasks ---- */

rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    (void)name;
    if (RTB_PORT_PRIO_INVALID(prio))
        return NULL;
    for (unsigned i = 1; i < RTB_PORT_MAX_TASKS; i++) {
        rtb_task *task = &tasks[i];
        if (task->used)
            continue;
        task->fn = fn;
        task->arg = arg;
        task->suspended = false;
        task->exited = false;
        (void)sem_init(&task->parked, 0, 0);
        (void)sem_setprotocol(&task->parked, SEM_PRIO_NONE);
        pthread_attr_t attr;
        struct sched_param param = {.sched_priority = PRIO_BASE + (int)prio};
        (void)pthread_attr_init(&attr);
        (void)pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
        (void)pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
        (void)pthread_attr_setschedparam(&attr, &param);
        (void)pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        (void)pthread_attr_setstack(&attr, stacks[i], sizeof stacks[i]);
        task->used = true;
        int ret = pthread_create(&task->thread, &attr, thread_entry, task);
        (void)pthread_attr_destroy(&attr);
        if (ret != 0) {
            task->used = false;
            return NULL;
        }
        return task;
    }
    return NULL;
}

const char *rtb_os_task_unsupported(unsigned prio)
{
    (void)prio; /* NuttX shares priorities: a failed creation means no room */
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (task && task->used) {
        if (!task->exited)
            (void)pthread_cancel(task->thread); /* no cancellation points here: at once */
        (void)sem_destroy(&task->parked);
        task->used = false;
    }
}

void rtb_os_task_yield(void) { (void)sched_yield(); }

static struct rtb_task *self(void)
{
    pthread_t me = pthread_self();
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++)
        if (tasks[i].used && tasks[i].thread == me)
            return &tasks[i];
    return NULL;
}

/* The thread is detached: NuttX frees its TCB as it exits (its stack is the port's). The slot is
 * marked so that the creator's rtb_os_task_delete cancels no thread id NuttX may give again. */
_Noreturn void rtb_os_task_exit(void)
{
    struct rtb_task *me = self();
    if (me)
        me->exited = true;
    pthread_exit(NULL);
}

rtb_err rtb_os_task_suspend_self(void)
{
    struct rtb_task *me = self();
    if (!me)
        return RTB_ERROR;
    me->suspended = true;
    while (sem_wait(&me->parked) != 0) {
    }
    return RTB_OK;
}

rtb_err rtb_os_task_suspend(rtb_task *task)
{
    (void)task;
    return RTB_UNSUPPORTED;
}

rtb_err rtb_os_task_resume(rtb_task *task)
{
    if (!task->suspended)
        return RTB_ERROR;
    task->suspended = false;
    return sem_post(&task->parked) == 0 ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed)
{
    *switch_needed = false; /* NuttX switches on the interrupt's return by itself */
    if (!task->suspended)
        return RTB_ERROR;
    task->suspended = false;
    return sem_post(&task->parked) == 0 ? RTB_OK : RTB_ERROR;
}

void rtb_os_delay_ticks(uint32_t ticks)
{
    if (ticks == 0u) {
        (void)sched_yield();
        return;
    }
    uint64_t us = (uint64_t)ticks * CONFIG_USEC_PER_TICK;
    struct timespec ts = {.tv_sec = (time_t)(us / 1000000u), .tv_nsec = (long)(us % 1000000u) * 1000};
    while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) != 0) {
    }
}

uint32_t rtb_os_tick_hz(void) { return TICK_HZ; }

uint32_t rtb_os_tick_count(void) { return (uint32_t)clock_systime_ticks(); }

const char *rtb_os_sched_unobservable(void)
{
    return "NuttX reports scheduling decisions only through its instrumentation build "
           "(CONFIG_SCHED_INSTRUMENTATION), which rtbench's board does not enable";
}

/* ---- periodic release: absolute CLOCK_MONOTONIC times, clock_nanosleep(TIMER_ABSTIME) ---- */

static uint64_t now_ns(void)
{
    struct timespec ts;
    (void)clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    uint32_t ticks;
    if (!rtb_port_period_ticks(period_us, TICK_HZ, &ticks))
        return RTB_UNSUPPORTED;
    rtb_os_delay_ticks(1); /* start on a tick boundary */
    period->period = period_us;
    period->next = now_ns();
    return RTB_OK;
}

void rtb_os_period_wait(rtb_period *period)
{
    period->next += (uint64_t)period->period * 1000u;
    struct timespec ts = {.tv_sec = (time_t)(period->next / 1000000000u),
                          .tv_nsec = (long)(period->next % 1000000000u)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0) {
    }
}

bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts)
{
    (void)period;
    (void)release_ts;
    return false; /* releases happen on tick interrupts */
}

/* ---- timeouts: n ticks from now on CLOCK_REALTIME, as POSIX's timed calls take them ---- */

static struct timespec deadline(uint32_t ticks)
{
    struct timespec ts;
    (void)clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t ns = (uint64_t)ts.tv_nsec + (uint64_t)ticks * CONFIG_USEC_PER_TICK * 1000u;
    ts.tv_sec += (time_t)(ns / 1000000000u);
    ts.tv_nsec = (long)(ns % 1000000000u);
    return ts;
}

/* ---- semaphores ---- */

rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_SEMS; i++) {
        rtb_sem *sem = &sems[i];
        if (sem->used)
            continue;
        if (sem_init(&sem->sem, 0, initial) != 0)
            return NULL;
        (void)sem_setprotocol(&sem->sem, SEM_PRIO_NONE);
        sem->max = max < SEM_VALUE_MAX ? max : SEM_VALUE_MAX;
        sem->used = true;
        return sem;
    }
    return NULL;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    if (sem && sem->used) {
        (void)sem_destroy(&sem->sem);
        sem->used = false;
    }
}

rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    if (timeout == RTB_WAIT_FOREVER) {
        while (sem_wait(&sem->sem) != 0) {
        }
        return RTB_OK;
    }
    if (timeout == RTB_NO_WAIT)
        return sem_trywait(&sem->sem) == 0 ? RTB_OK : RTB_TIMEOUT;
    /* NuttX's own relative wait, as the other kernels' takes: POSIX's sem_timedwait takes an
     * absolute time, which costs a clock read and 64-bit arithmetic before the task blocks. */
    return nxsem_tickwait(&sem->sem, timeout) == 0 ? RTB_OK : RTB_TIMEOUT;
}

/* The port keeps rtbench's maximum: NuttX's sem_post takes a fast path (an atomic increment) that
 * checks no maximum, not even SEM_VALUE_MAX, past which the count would turn negative. The count
 * is read where sem_getvalue reads it (the public sem_t's semcount), without its call. */
static rtb_err give(rtb_sem *sem)
{
    if (sem->sem.val.semcount >= (int32_t)sem->max)
        return RTB_FULL;
    return sem_post(&sem->sem) == 0 ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_sem_give(rtb_sem *sem) { return give(sem); }

rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    *switch_needed = false; /* NuttX switches on the interrupt's return by itself */
    return give(sem);
}

/* NuttX keeps waiters in priority order: the most urgent wakes first. */
const char *rtb_os_wake_order_fifo(void) { return NULL; }

rtb_err rtb_os_sem_prioritize(rtb_sem *sem)
{
    (void)sem;
    return RTB_OK;
}

/* ---- mutexes ---- */

rtb_mutex *rtb_os_mutex_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->used)
            continue;
        pthread_mutexattr_t attr;
        (void)pthread_mutexattr_init(&attr);
        (void)pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
        int ret = pthread_mutex_init(&mutex->mutex, &attr);
        (void)pthread_mutexattr_destroy(&attr);
        if (ret != 0)
            return NULL;
        mutex->recursive = false;
        mutex->used = true;
        return mutex;
    }
    return NULL;
}

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    if (mutex && mutex->used) {
        if (mutex->recursive)
            (void)nxrmutex_destroy(&mutex->rmutex);
        else
            (void)pthread_mutex_destroy(&mutex->mutex);
        mutex->used = false;
    }
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    if (timeout == RTB_WAIT_FOREVER)
        return pthread_mutex_lock(&mutex->mutex) == 0 ? RTB_OK : RTB_ERROR;
    if (timeout == RTB_NO_WAIT)
        return pthread_mutex_trylock(&mutex->mutex) == 0 ? RTB_OK : RTB_TIMEOUT;
    struct timespec until = deadline(timeout);
    return pthread_mutex_timedlock(&mutex->mutex, &until) == 0 ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex)
{
    return pthread_mutex_unlock(&mutex->mutex) == 0 ? RTB_OK : RTB_ERROR;
}

const char *rtb_os_mutex_protocol(void) { return "inheritance"; }

/* NuttX's recursive mutex (nxrmutex: its mutex_t, priority inheritance included, with an owner and
 * a count), the one pthread's recursive type is built on. That type needs CONFIG_PTHREAD_MUTEX_TYPES,
 * which turns every pthread mutex into an nxrmutex and would move the other mutex benchmarks. */
rtb_mutex *rtb_os_mutex_create_recursive(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->used)
            continue;
        if (nxrmutex_init(&mutex->rmutex) < 0)
            return NULL;
        mutex->recursive = true;
        mutex->used = true;
        return mutex;
    }
    return NULL;
}

rtb_err rtb_os_mutex_lock_recursive(rtb_mutex *mutex, uint32_t timeout)
{
    if (timeout == RTB_WAIT_FOREVER)
        return nxrmutex_lock(&mutex->rmutex) == 0 ? RTB_OK : RTB_ERROR;
    if (timeout == RTB_NO_WAIT)
        return nxrmutex_trylock(&mutex->rmutex) == 0 ? RTB_OK : RTB_TIMEOUT;
    return nxrmutex_ticklock(&mutex->rmutex, timeout) == 0 ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock_recursive(rtb_mutex *mutex)
{
    return nxrmutex_unlock(&mutex->rmutex) == 0 ? RTB_OK : RTB_ERROR;
}

/* ---- message queues ---- */

rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth)
{
    if (RTB_PORT_QUEUE_INVALID(item_size, depth))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_QUEUES; i++) {
        rtb_queue *queue = &queues[i];
        if (queue->used)
            continue;
        char name[] = "/rtbq0";
        name[5] = (char)('0' + i);
        struct mq_attr attr = {.mq_maxmsg = (long)depth, .mq_msgsize = (long)item_size};
        (void)mq_unlink(name);
        queue->blocking = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
        if (queue->blocking == (mqd_t)-1)
            return NULL;
        queue->nonblocking = mq_open(name, O_RDWR | O_NONBLOCK);
        if (queue->nonblocking == (mqd_t)-1) {
            (void)mq_close(queue->blocking);
            (void)mq_unlink(name);
            return NULL;
        }
        (void)mq_unlink(name); /* the queue lives on while its descriptors are open */
        queue->item_size = item_size;
        queue->used = true;
        return queue;
    }
    return NULL;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    if (queue && queue->used) {
        (void)mq_close(queue->nonblocking);
        (void)mq_close(queue->blocking);
        queue->used = false;
    }
}

rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return mq_send(queue->nonblocking, item, queue->item_size, 0) == 0 ? RTB_OK : RTB_FULL;
    if (timeout == RTB_WAIT_FOREVER)
        return mq_send(queue->blocking, item, queue->item_size, 0) == 0 ? RTB_OK : RTB_ERROR;
    struct timespec until = deadline(timeout);
    return mq_timedsend(queue->blocking, item, queue->item_size, 0, &until) == 0 ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    if (timeout == RTB_NO_WAIT)
        return mq_receive(queue->nonblocking, item, queue->item_size, NULL) >= 0 ? RTB_OK : RTB_TIMEOUT;
    if (timeout == RTB_WAIT_FOREVER)
        return mq_receive(queue->blocking, item, queue->item_size, NULL) >= 0 ? RTB_OK : RTB_ERROR;
    struct timespec until = deadline(timeout);
    return mq_timedreceive(queue->blocking, item, queue->item_size, NULL, &until) >= 0 ? RTB_OK : RTB_TIMEOUT;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    (void)item_size;
    return "NuttX POSIX message queue: mq_send copies the item into a message from the kernel's free list, "
           "mq_receive copies it out";
}

rtb_err rtb_os_queue_prioritize(rtb_queue *queue)
{
    (void)queue;
    return RTB_OK;
}

/* POSIX message queues carry bytes: a pointer is a 4-byte message, copied like any other. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    return rtb_os_queue_send(queue, &ptr, timeout);
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    return rtb_os_queue_recv(queue, ptr, timeout);
}

/* ---- pools ---- */

rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    (void)blocks; /* the heap is shared */
    for (unsigned i = 0; i < RTB_PORT_MAX_POOLS; i++) {
        if (!pools[i].used) {
            pools[i] = (rtb_pool){.block_size = block_size, .used = true};
            return &pools[i];
        }
    }
    return NULL;
}

void rtb_os_pool_delete(rtb_pool *pool) { pool->used = false; }

void *rtb_os_pool_alloc(rtb_pool *pool) { return malloc(pool->block_size); }

void rtb_os_pool_free(rtb_pool *pool, void *block)
{
    (void)pool;
    free(block);
}

const char *rtb_os_pool_kind(void)
{
    return "NuttX has no fixed-block allocator for applications: malloc/free on its heap (mm)";
}

/* ---- interrupts ---- */

/* NuttX switches to a task an interrupt made ready by itself: its dispatcher (exception_direct)
 * pends a PendSV when the running task changed. */
void rtb_os_isr_exit(bool switch_needed) { (void)switch_needed; }
