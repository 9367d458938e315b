/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The OS-abstraction API: the only kernel interface benchmarks and the core may use.
 * Each kernel port (firmware/os/<kernel>/) implements it with the kernel's native services.
 * Objects come from fixed pools inside the port, so nothing here allocates dynamically. */
#ifndef RTB_OS_H
#define RTB_OS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtb/noreturn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Abstract priorities: 1 (lowest usable) .. RTB_PRIO_MAX (most urgent); ports map them. A port
 * whose kernel cannot share a priority but has levels to spare raises RTB_PRIO_MAX (uC/OS-II:
 * 40), so that experiments giving every task a priority of its own fit; kernels that share
 * priorities keep 30 and let such tasks share once the levels run out. */
#ifndef RTB_PRIO_MAX
#define RTB_PRIO_MAX 30u
#endif
#define RTB_PRIO_RUNNER RTB_PRIO_MAX
#define RTB_WAIT_FOREVER UINT32_MAX
#define RTB_NO_WAIT 0u

typedef enum {
    RTB_OK = 0,
    RTB_TIMEOUT,     /* blocking call timed out, or a non-blocking call found nothing */
    RTB_FULL,        /* non-blocking send to a full queue, give of a full semaphore */
    RTB_NOMEM,       /* the port's object pool or the kernel's heap is exhausted */
    RTB_UNSUPPORTED, /* the kernel has no such service */
    RTB_ERROR,
} rtb_err;

typedef struct rtb_task rtb_task;
typedef struct rtb_sem rtb_sem;
typedef struct rtb_mutex rtb_mutex;
typedef struct rtb_queue rtb_queue;
typedef struct rtb_pool rtb_pool;
typedef struct rtb_flags rtb_flags;
typedef struct rtb_timer rtb_timer;
typedef void (*rtb_task_fn)(void *arg);
/* Runs where the kernel runs timer callbacks: a timer task, or the tick interrupt (ThreadX). It
 * must not block, and should only record what it needs. */
typedef void (*rtb_timer_fn)(void *arg);

/* Services a kernel may lack, or a port may leave out of an image because they cost the other
 * benchmarks (a timer task, a tick hook): rtb_os_service_unsupported says which and why. */
typedef enum {
    RTB_SERVICE_TASK_SUSPEND, /* rtb_os_task_suspend: one task suspends another */
    RTB_SERVICE_FLAGS,        /* event flags */
    RTB_SERVICE_TIMERS,       /* software timers */
    RTB_SERVICE_QUEUE_PTR,    /* rtb_os_queue_send_ptr / recv_ptr */
    RTB_SERVICE_YIELD,        /* rtb_os_task_yield hands over to an equal-priority task */
    RTB_SERVICE_CREATE,       /* semaphores, mutexes, queues, timers created and deleted at run time */
    RTB_SERVICE_HEAP,         /* a variable-size heap: rtb_os_heap_* */
    RTB_SERVICE_RECURSIVE,    /* recursive mutexes: rtb_os_mutex_create_recursive */
    RTB_SERVICE_SEND_WAIT,    /* rtb_os_queue_send waits on a full queue */
    RTB_SERVICE_QUEUE_WAKE_ORDER, /* a queue's most urgent receiver is woken first (or can be put first) */
    RTB_SERVICE_TASK_DORMANT, /* a task created dormant, started later: rtb_os_task_create_dormant */
} rtb_service;

/* Periodic release state; ports interpret `next` in their own time base. */
typedef struct {
    uint64_t next;
    uint32_t period;
} rtb_period;

/* NULL when this image offers `service`; otherwise why not: the kernel has no such service, or
 * rtbench builds it only into the image of the benchmarks that use it (RTB_SERVICES, rtb/bench.h). */
const char *rtb_os_service_unsupported(rtb_service service);
/* How the port provides `service` (the kernel's call, an emulation, where callbacks run), for the
 * results' notes. */
const char *rtb_os_service_kind(rtb_service service);

/* Kernel lifecycle. rtb_os_start creates `first` at RTB_PRIO_RUNNER and never returns. */
RTB_NORETURN void rtb_os_start(rtb_task_fn first, void *arg);
/* Reports the kernel's name, version and configuration as key/value pairs. */
void rtb_os_describe(void (*emit)(const char *key, const char *value));

/* Tasks. A task function must never return (rtb_os_task_exit ends one); rtb_os_task_delete is
 * never called on oneself. */
rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio);
/* After rtb_os_task_create returned NULL: why the kernel itself cannot create a task at
 * `prio` (e.g. it allows one task per priority), or NULL when it merely ran out of room.
 * A benchmark that asks for what the kernel cannot express then reports `unsupported`. */
const char *rtb_os_task_unsupported(unsigned prio);
/* Creation apart from the start (RTB_SERVICE_TASK_DORMANT): the task exists but is not ready and
 * does not run until rtb_os_task_start, once, makes it ready at `prio`. Only where the kernel has
 * a dormant state of its own: NULL and RTB_UNSUPPORTED where a created task is ready at once (a
 * creation followed by a suspend is not this service). Deleted with rtb_os_task_delete, started
 * or not. */
rtb_task *rtb_os_task_create_dormant(const char *name, rtb_task_fn fn, void *arg, unsigned prio);
rtb_err rtb_os_task_start(rtb_task *task);
void rtb_os_task_delete(rtb_task *task);
/* The calling task ends itself, the kernel's own way (a self-deletion, a termination, an exit).
 * Its creator still calls rtb_os_task_delete on it afterwards, which then only gives back what
 * the kernel had not (ThreadX deletes the terminated thread). A task ends itself only after its
 * creation returned (the port records it then). FreeRTOS frees a task that deleted
 * itself in its idle task: create no task in its place before the idle task had time to (a
 * creator that sleeps two ticks gives it at least one whole tick). */
RTB_NORETURN void rtb_os_task_exit(void);
void rtb_os_task_yield(void);
rtb_err rtb_os_task_suspend_self(void);
/* Suspends another task (RTB_SERVICE_TASK_SUSPEND; RTB_UNSUPPORTED where the kernel cannot). */
rtb_err rtb_os_task_suspend(rtb_task *task);
rtb_err rtb_os_task_resume(rtb_task *task);
/* From an interrupt handler: resumes a suspended task directly (no semaphore); `switch_needed`
 * as for rtb_os_sem_give_from_isr. A task that was not suspended stays as it was (RTB_ERROR where
 * the kernel says so; FreeRTOS does not). */
rtb_err rtb_os_task_resume_from_isr(rtb_task *task, bool *switch_needed);
void rtb_os_delay_ticks(uint32_t ticks);
/* The unit of timeouts and delays; on a tickless kernel a nominal rate. */
uint32_t rtb_os_tick_hz(void);
/* The kernel's own tick counter, as its API reads it (wraps); on a tickless kernel the
 * nominal ticks elapsed on its monotonic clock. */
uint32_t rtb_os_tick_count(void);
/* NULL when the port reports every tick interrupt to rtb_core_tick_observed (rtb/tick.h);
 * otherwise why it cannot, and benchmarks that capture ticks report `unsupported`. */
const char *rtb_os_tick_unobservable(void);
/* NULL when the port reports every context-switch decision to rtb/sched.h from the kernel's
 * trace hooks; otherwise why it cannot, and sched_decision reports `unsupported`. */
const char *rtb_os_sched_unobservable(void);

/* Periodic release with an absolute time base (no drift). */
rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us);
void rtb_os_period_wait(rtb_period *period);
/* The release time the last rtb_os_period_wait was programmed for, in rtb_now()'s time base,
 * when the kernel's timers run on the timestamp clock; false when they do not (a tick-driven
 * kernel), and lateness can only be measured against the first release. */
bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts);

/* Counting semaphores. timeout is in ticks: RTB_NO_WAIT polls, RTB_WAIT_FOREVER blocks. */
rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max);
void rtb_os_sem_delete(rtb_sem *sem);
rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout);
rtb_err rtb_os_sem_give(rtb_sem *sem);
rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed);

/* Wake order. A kernel that queues waiters in FIFO order (ThreadX) has a call that moves the most
 * urgent waiter to the front; made right before a give or send, the next waiter woken is the most
 * urgent. rtb_os_wake_order_fifo says what that call is, or NULL where the kernel always wakes the
 * most urgent waiter first (then the prioritize calls return RTB_OK and do nothing). */
const char *rtb_os_wake_order_fifo(void);
rtb_err rtb_os_sem_prioritize(rtb_sem *sem);
rtb_err rtb_os_queue_prioritize(rtb_queue *queue);

/* Mutexes with the kernel's priority-inversion avoidance. */
rtb_mutex *rtb_os_mutex_create(void);
void rtb_os_mutex_delete(rtb_mutex *mutex);
rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout);
rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex);
/* "inheritance", "ceiling" or "none": how the kernel bounds priority inversion. */
const char *rtb_os_mutex_protocol(void);
/* Recursive mutexes (RTB_SERVICE_RECURSIVE): the owner may lock again, each lock needs its unlock;
 * deleted with rtb_os_mutex_delete. NULL and RTB_UNSUPPORTED where the kernel has none. */
rtb_mutex *rtb_os_mutex_create_recursive(void);
rtb_err rtb_os_mutex_lock_recursive(rtb_mutex *mutex, uint32_t timeout);
rtb_err rtb_os_mutex_unlock_recursive(rtb_mutex *mutex);

/* Message queues of fixed-size items (copied). */
#define RTB_QUEUE_MAX_ITEM 16u
#define RTB_QUEUE_MAX_DEPTH 16u
rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth);
void rtb_os_queue_delete(rtb_queue *queue);
rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout);
rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout);
/* How an item of `item_size` bytes travels through the port and the kernel (what the port adds
 * to the kernel's own cost shows in the results' notes). */
const char *rtb_os_queue_kind(size_t item_size);
/* Items that are one pointer, on a queue created with item_size sizeof(void *): the kernel's own
 * message where it carries pointers (uC/OS-II), its copy of a pointer-sized item elsewhere. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout);
rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout);

/* Fixed-size block allocation: the kernel's native pool where it has one. */
rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks);
void rtb_os_pool_delete(rtb_pool *pool);
void *rtb_os_pool_alloc(rtb_pool *pool);
void rtb_os_pool_free(rtb_pool *pool, void *block);
/* Which allocator serves the pool, for the result's notes. */
const char *rtb_os_pool_kind(void);

/* A variable-size heap (RTB_SERVICE_HEAP): the kernel's own, or one of `bytes` it manages in a
 * region of the port's; one at a time. NULL where the kernel has none. `available` is its free
 * bytes as the kernel counts them, for checking that frees give back what allocations took. */
typedef struct rtb_heap rtb_heap;
rtb_heap *rtb_os_heap_create(size_t bytes);
void rtb_os_heap_delete(rtb_heap *heap);
void *rtb_os_heap_alloc(rtb_heap *heap, size_t size);
void rtb_os_heap_free(rtb_heap *heap, void *block);
size_t rtb_os_heap_available(const rtb_heap *heap);

/* Event flags (RTB_SERVICE_FLAGS): a group of RTB_FLAGS_BITS bits. */
#define RTB_FLAGS_BITS 16u
rtb_flags *rtb_os_flags_create(void);
void rtb_os_flags_delete(rtb_flags *flags);
rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits);
/* Waits until any of `bits` is set (all of them when `all`), then clears the bits that satisfied
 * the wait and returns them in `seen`. RTB_NO_WAIT polls. */
rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen);

/* One-shot software timers (RTB_SERVICE_TIMERS): `fn` runs `ticks` ticks after each start. Start a
 * timer only while it is stopped or has expired. */
rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg);
void rtb_os_timer_delete(rtb_timer *timer);
rtb_err rtb_os_timer_start(rtb_timer *timer);
rtb_err rtb_os_timer_stop(rtb_timer *timer);
/* The time the last start programmed the expiry for, in rtb_now()'s time base, where the kernel
 * programs a clock (posix); false on a tick-driven kernel, whose timers expire in a tick interrupt
 * (rtb_tick_entries, rtb/tick.h). */
bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts);

/* Interrupts that use kernel services: the priority they must run at, and the exit path
 * that performs a context switch the handler made necessary. */
uint32_t rtb_os_isr_priority(void);
void rtb_os_isr_exit(bool switch_needed);

#ifdef __cplusplus
}
#endif

#endif
