/* The OS-abstraction API: the only kernel interface benchmarks and the core may use.
 * Each kernel port (firmware/os/<kernel>/) implements it with the kernel's native services.
 * Objects come from fixed pools inside the port, so nothing here allocates dynamically. */
#ifndef RTB_OS_H
#define RTB_OS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
typedef void (*rtb_task_fn)(void *arg);

/* Periodic release state; ports interpret `next` in their own time base. */
typedef struct {
    uint64_t next;
    uint32_t period;
} rtb_period;

/* Kernel lifecycle. rtb_os_start creates `first` at RTB_PRIO_RUNNER and never returns. */
_Noreturn void rtb_os_start(rtb_task_fn first, void *arg);
/* Reports the kernel's name, version and configuration as key/value pairs. */
void rtb_os_describe(void (*emit)(const char *key, const char *value));

/* Tasks. A task function must never return; rtb_os_task_delete is never called on oneself. */
rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio);
/* After rtb_os_task_create returned NULL: why the kernel itself cannot create a task at
 * `prio` (e.g. it allows one task per priority), or NULL when it merely ran out of room.
 * A benchmark that asks for what the kernel cannot express then reports `unsupported`. */
const char *rtb_os_task_unsupported(unsigned prio);
void rtb_os_task_delete(rtb_task *task);
void rtb_os_task_yield(void);
rtb_err rtb_os_task_suspend_self(void);
rtb_err rtb_os_task_resume(rtb_task *task);
void rtb_os_delay_ticks(uint32_t ticks);
/* The unit of timeouts and delays; on a tickless kernel a nominal rate. */
uint32_t rtb_os_tick_hz(void);
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

/* Mutexes with the kernel's priority-inversion avoidance. */
rtb_mutex *rtb_os_mutex_create(void);
void rtb_os_mutex_delete(rtb_mutex *mutex);
rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout);
rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex);
/* "inheritance", "ceiling" or "none": how the kernel bounds priority inversion. */
const char *rtb_os_mutex_protocol(void);

/* Message queues of fixed-size items (copied). */
#define RTB_QUEUE_MAX_ITEM 16u
#define RTB_QUEUE_MAX_DEPTH 16u
rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth);
void rtb_os_queue_delete(rtb_queue *queue);
rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout);
rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout);

/* Fixed-size block allocation: the kernel's native pool where it has one. */
rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks);
void rtb_os_pool_delete(rtb_pool *pool);
void *rtb_os_pool_alloc(rtb_pool *pool);
void rtb_os_pool_free(rtb_pool *pool, void *block);
/* Which allocator serves the pool, for the result's notes. */
const char *rtb_os_pool_kind(void);

/* Interrupts that use kernel services: the priority they must run at, and the exit path
 * that performs a context switch the handler made necessary. */
uint32_t rtb_os_isr_priority(void);
void rtb_os_isr_exit(bool switch_needed);

#endif
