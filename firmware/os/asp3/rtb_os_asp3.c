/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's OS-abstraction API on TOPPERS/ASP3 (µITRON 4.0 lineage).
 *
 * ASP3 creates every object statically, from rtb_asp3.cfg: the port's pools are those objects,
 * a create call takes a free one and a delete gives it back (a task: act_tsk, then chg_pri to
 * its priority; ter_tsk. A semaphore, data queue or pool: ini_sem / ini_dtq / ini_mpf).
 * Priorities: ASP3 has 16 levels, which rtbench's 30 abstract ones share (levels[] below).
 * Time: ASP3 counts in microseconds on a high-resolution timer that interrupts only when a time
 * event is due (no periodic tick); rtbench's ticks are a nominal RTB_ASP3_TICK_HZ, so a delay or
 * timeout of n ticks is n * 10000 us at 100 Hz, and periodic releases are absolute microseconds.
 * Semaphores and mutexes queue their waiters by priority (TA_TPRI); a data queue's receivers
 * wait in FIFO order whatever its attribute (µITRON), and ASP3 has no call that reorders them.
 * Mutexes use the priority ceiling (TA_CEILING, ASP3's only protocol without extensions). */
#include <string.h>

#include "kernel.h"
#include "kernel_cfg.h"
#include "sil.h"

#include "rtb/boot.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_asp3_cfg.h"

/* ASP3's level of each abstract priority (index 1..30; level 1 the most urgent). 1..12 and the
 * top four (the runner and the three below it that benchmarks use) have a level of their own;
 * 13..26 share level 5 (ASP3 queues equal priorities FIFO, as FreeRTOS and ThreadX do), which
 * keeps the benchmarks' fixed middle priorities (5 < 10 < 15, 10 < 20) in order. */
static const uint8_t levels[RTB_PRIO_MAX + 1u] = {
    0, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, /* 1..12 */
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,    /* 13..26 */
    4, 3, 2, RTB_ASP3_RUNNER_PRI,                  /* 27..30 */
};
_Static_assert(RTB_PRIO_MAX == 30u, "levels[] maps 30 abstract priorities");

struct rtb_task {
    ID id;
    rtb_task_fn fn;
    void *arg;
    volatile bool parked;    /* waiting in slp_tsk (suspended itself) */
    volatile bool suspended; /* suspended by another task (sus_tsk) */
    bool used;
};
struct rtb_sem {
    ID id;
    uint32_t max; /* enforced by the port when below the object's own maximum */
    bool counting;
    bool used;
};
struct rtb_mutex {
    ID id;
    bool used;
};
struct rtb_queue {
    ID id;
    size_t item_size;
    size_t depth;
    unsigned next_slot;
    unsigned inflight; /* large items: slots claimed and not yet read */
    uint32_t slots[RTB_QUEUE_MAX_DEPTH][RTB_QUEUE_MAX_ITEM / sizeof(uint32_t)];
    bool used;
};
struct rtb_pool {
    ID id;
    bool used;
};

static struct rtb_task tasks[RTB_ASP3_TASKS];
/* The level a task created dormant starts at (rtb_os_task_start); set before it is read. */
static uint8_t dormant_level[RTB_ASP3_TASKS] RTB_NOINIT;
/* Stacks need no zeroing at reset (the kernel initialises each one on activation). */
STK_T rtb_asp3_stacks[RTB_ASP3_TASKS][COUNT_STK_T(RTB_ASP3_STACK_BYTES)] RTB_NOINIT;
static struct rtb_sem sems[RTB_ASP3_SEMS_BINARY + RTB_ASP3_SEMS_COUNTING];
static struct rtb_mutex mutexes[RTB_ASP3_MUTEXES];
static struct rtb_queue queues[RTB_PORT_MAX_QUEUES];
static bool dtq_used[RTB_ASP3_DTQ_CLASSES * RTB_ASP3_DTQS_PER_CLASS];
static struct rtb_pool pools[RTB_ASP3_MPF_CLASSES * RTB_ASP3_MPFS_PER_CLASS];

#define TICK_US ((RELTIM)(1000000u / RTB_ASP3_TICK_HZ))

/* A timeout of n nominal ticks (TMO_POL and TMO_FEVR as they are). */
static TMO to_tmo(uint32_t timeout)
{
    if (timeout == RTB_WAIT_FOREVER)
        return TMO_FEVR;
    return (TMO)(timeout * TICK_US);
}

void rtb_asp3_task_entry(EXINF exinf)
{
    struct rtb_task *task = &tasks[(uintptr_t)exinf];
    task->fn(task->arg);
    ext_tsk();
}

/* The kernel's entry (kernel/startup.c), which its own start.S calls: not in kernel.h. */
void sta_ker(void);

_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    tasks[0].id = RTB_TSK_0;
    tasks[0].fn = first;
    tasks[0].arg = arg;
    tasks[0].used = true;
    __asm__ volatile("cpsid f" ::: "memory"); /* as the kernel's start.S: sta_ker runs locked */
    sta_ker();
    for (;;) {
    }
}

/* Runs once the kernel has initialised its objects, before it dispatches the runner. */
void rtb_asp3_initialised(EXINF exinf)
{
    (void)exinf;
    rtb_boot_kernel_initialised();
    rtb_boot_objects_created(); /* the runner is created statically (TA_ACT) */
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN], version[16];
    char *at = version;
    *at++ = 'V';
    at += strlen(rtb_text_u32(at, (TKERNEL_PRVER >> 12) & 0xFu));
    *at++ = '.';
    at += strlen(rtb_text_u32(at, (TKERNEL_PRVER >> 4) & 0xFFu));
    *at++ = '.';
    rtb_text_u32(at, TKERNEL_PRVER & 0xFu);
    emit("kernel.name", "TOPPERS/ASP3");
    emit("kernel.version", version);
    emit("kernel.profile", RTB_PROFILE_NAME);
    emit("kernel.port", RTB_ASP3_PORT_NAME);
    emit("config.tick_hz", rtb_text_u32(buf, RTB_ASP3_TICK_HZ)); /* nominal: the unit of timeouts */
    emit("config.tickless", "1"); /* a one-shot high-resolution timer (SysTick), no periodic tick */
    emit("config.hrt_step_us", rtb_text_u32(buf, TSTEP_HRTCNT));
    emit("config.preemption", "1");
    emit("config.time_slicing", "0"); /* ASP3 has none */
    emit("config.max_priorities", rtb_text_u32(buf, TMAX_TPRI - TMIN_TPRI + 1));
    emit("config.asserts", "0"); /* NDEBUG; the service calls' error checks are always in ASP3 */
    emit("config.stack_overflow_check", "0");
    emit("config.trace_facility", "0");
    emit("config.static_allocation", "1");
    emit("config.mutex_protocol", "ceiling");
    emit("config.wait_queues", "priority (TA_TPRI)");
    emit("config.pool", "get_mpf/rel_mpf fixed-size memory pools");
    emit("config.queue", "snd_dtq/rcv_dtq data queues of one word");
    emit("config.task_stack_bytes", rtb_text_u32(buf, RTB_ASP3_STACK_BYTES));
}

/* The configurator created every task dormant: a creation takes a free one. Inlined into both
 * creations, so that rtb_os_task_create's code stays what it was. */
static inline __attribute__((always_inline)) rtb_task *task_create(rtb_task_fn fn, void *arg, unsigned prio,
                                                                   bool start)
{
    if (RTB_PORT_PRIO_INVALID(prio))
        return NULL;
    for (unsigned i = 1; i < RTB_ASP3_TASKS; i++) {
        rtb_task *task = &tasks[i];
        if (task->used)
            continue;
        task->id = (ID)(RTB_TSK_0 + (ID)i);
        task->fn = fn;
        task->arg = arg;
        task->parked = false;
        task->suspended = false;
        task->used = true;
        if (!start) {
            dormant_level[i] = levels[prio];
            return task;
        }
        /* Activated at the staging level below every task, so that it runs only once at its own. */
        if (act_tsk(task->id) != E_OK || chg_pri(task->id, levels[prio]) != E_OK) {
            task->used = false;
            return NULL;
        }
        return task;
    }
    return NULL;
}

rtb_task *rtb_os_task_create(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    (void)name;
    return task_create(fn, arg, prio, true);
}

/* The task stays dormant, as the configurator created it, until rtb_os_task_start activates it. */
rtb_task *rtb_os_task_create_dormant(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    (void)name;
    return task_create(fn, arg, prio, false);
}

/* As a creation activates: at the staging level, then the task's own. */
rtb_err rtb_os_task_start(rtb_task *task)
{
    if (act_tsk(task->id) != E_OK || chg_pri(task->id, dormant_level[task - tasks]) != E_OK)
        return RTB_ERROR;
    return RTB_OK;
}

const char *rtb_os_task_unsupported(unsigned prio)
{
    (void)prio; /* ASP3 shares priorities: a failed creation means no room */
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (task && task->used) {
        (void)ter_tsk(task->id);
        task->used = false;
    }
}

/* The task returns to the dormant state; the creator's rtb_os_task_delete gives its slot back. */
_Noreturn void rtb_os_task_exit(void)
{
    (void)ext_tsk();
    for (;;) {
    }
}

void rtb_os_task_yield(void) { (void)rot_rdq(TPRI_SELF); }

/* µITRON's idiom for a task that stops itself is to sleep until woken: slp_tsk, and wup_tsk
 * (callable from an interrupt, unlike rsm_tsk) resumes it (rtb_port_park.h). */
static inline struct rtb_task *self_task(void)
{
    ID id;
    if (get_tid(&id) == E_OK && id >= RTB_TSK_0 && id < RTB_TSK_0 + (ID)RTB_ASP3_TASKS)
        return &tasks[id - RTB_TSK_0];
    return NULL;
}

#define RTB_PARK_SELF() self_task()
#define RTB_PARK_SLEEP() (slp_tsk() == E_OK)
#define RTB_PARK_WAKE(id) (wup_tsk(id) == E_OK)
#define RTB_PARK_SUSPEND(id) (sus_tsk(id) == E_OK)
#define RTB_PARK_RESUME(id) (rsm_tsk(id) == E_OK)
#include "rtb_port_park.h"

/* ASP3 adds its timer's step (TSTEP_HRTCNT, 1 us) to a relative time, so that at least that
 * much time passes: n ticks from now is n * TICK_US less that step. */
void rtb_os_delay_ticks(uint32_t ticks)
{
    if (ticks == 0u)
        (void)rot_rdq(TPRI_SELF);
    else
        (void)dly_tsk((RELTIM)ticks * TICK_US - TSTEP_HRTCNT);
}

uint32_t rtb_os_tick_hz(void) { return RTB_ASP3_TICK_HZ; }

static SYSTIM now_us(void)
{
    SYSTIM now = 0;
    (void)get_tim(&now);
    return now;
}

uint32_t rtb_os_tick_count(void) { return (uint32_t)(now_us() / TICK_US); }

/* Releases in absolute microseconds: ASP3 has no sleep-until, so the task sleeps for what
 * remains until the next one. The kernel's timer is programmed for each release, at any period. */
rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    if (period_us == 0u)
        return RTB_UNSUPPORTED;
    period->period = period_us;
    period->next = now_us();
    return RTB_OK;
}

void rtb_os_period_wait(rtb_period *period)
{
    uint64_t next = period->next + period->period;
    uint64_t now = now_us();
    if (next > now + TSTEP_HRTCNT)
        (void)dly_tsk((RELTIM)(next - now - TSTEP_HRTCNT));
    period->next = next;
}

uint32_t rtb_asp3_systim_ts(SYSTIM systim); /* mps2/target_timer.c */

/* The kernel's clock runs on the timestamp counter (mps2/target_timer.c): the release the last
 * wait asked for, on that counter. ASP3 sleeps for a relative time, so it wakes a microsecond or
 * two after it (the time between reading the clock and dly_tsk reading it again). */
bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts)
{
    *release_ts = rtb_asp3_systim_ts((SYSTIM)period->next);
    return true;
}

rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max)
{
    /* Filled with sig_sem, one call per unit (ASP3 sets a count only to its configured initial). */
    if (initial > max || max == 0u || max > RTB_ASP3_SEM_COUNT_MAX)
        return NULL;
    bool counting = max > 1u;
    unsigned first = counting ? RTB_ASP3_SEMS_BINARY : 0u;
    unsigned last = counting ? RTB_ASP3_SEMS_BINARY + RTB_ASP3_SEMS_COUNTING : RTB_ASP3_SEMS_BINARY;
    for (unsigned i = first; i < last; i++) {
        rtb_sem *sem = &sems[i];
        if (sem->used)
            continue;
        sem->id = (ID)(RTB_SEM_BIN_0 + (ID)i);
        if (ini_sem(sem->id) != E_OK)
            return NULL;
        for (uint32_t n = 0; n < initial; n++)
            (void)sig_sem(sem->id);
        sem->max = max;
        sem->counting = counting && max < RTB_ASP3_SEM_COUNT_MAX;
        sem->used = true;
        return sem;
    }
    return NULL;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    if (sem && sem->used) {
        (void)ini_sem(sem->id);
        sem->used = false;
    }
}

rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    return twai_sem(sem->id, to_tmo(timeout)) == E_OK ? RTB_OK : RTB_TIMEOUT;
}

/* A maximum other than the object's own (1 or RTB_ASP3_SEM_COUNT_MAX) is checked with ref_sem. */
static __attribute__((noinline)) bool sem_at_max(rtb_sem *sem)
{
    T_RSEM rsem;
    return ref_sem(sem->id, &rsem) == E_OK && rsem.semcnt >= sem->max;
}

rtb_err rtb_os_sem_give(rtb_sem *sem)
{
    if (sem->counting && sem_at_max(sem))
        return RTB_FULL;
    return sig_sem(sem->id) == E_OK ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    *switch_needed = false; /* the kernel's interrupt exit dispatches (PendSV) */
    return rtb_os_sem_give(sem);
}

void rtb_os_isr_exit(bool switch_needed) { (void)switch_needed; }


const char *rtb_os_wake_order_fifo(void) { return NULL; } /* TA_TPRI: the most urgent waiter first */

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
    for (unsigned i = 0; i < RTB_ASP3_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->used)
            continue;
        mutex->id = (ID)(RTB_MTX_0 + (ID)i);
        if (ini_mtx(mutex->id) != E_OK)
            return NULL;
        mutex->used = true;
        return mutex;
    }
    return NULL;
}

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    if (mutex && mutex->used) {
        (void)ini_mtx(mutex->id);
        mutex->used = false;
    }
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    return tloc_mtx(mutex->id, to_tmo(timeout)) == E_OK ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex) { return unl_mtx(mutex->id) == E_OK ? RTB_OK : RTB_ERROR; }

const char *rtb_os_mutex_protocol(void) { return "ceiling"; }

#include "rtb_port_no_recursive_mutex.h"

/* The data queue of the class of `depth` (a power of two up to 16). */
static ID take_dtq(size_t depth)
{
    unsigned cls = 0;
    while ((1u << cls) < depth)
        cls++;
    if ((1u << cls) != depth || cls >= RTB_ASP3_DTQ_CLASSES)
        return 0;
    for (unsigned j = 0; j < RTB_ASP3_DTQS_PER_CLASS; j++) {
        unsigned k = cls * RTB_ASP3_DTQS_PER_CLASS + j;
        if (!dtq_used[k]) {
            dtq_used[k] = true;
            return (ID)(RTB_DTQ_0_0 + (ID)k);
        }
    }
    return 0;
}

rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth)
{
    if (RTB_PORT_QUEUE_INVALID(item_size, depth))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_QUEUES; i++) {
        rtb_queue *queue = &queues[i];
        if (queue->used)
            continue;
        ID id = take_dtq(depth);
        if (id == 0)
            return NULL;
        (void)ini_dtq(id);
        queue->id = id;
        queue->item_size = item_size;
        queue->depth = depth;
        queue->next_slot = 0;
        queue->inflight = 0;
        queue->used = true;
        return queue;
    }
    return NULL;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    if (queue && queue->used) {
        (void)ini_dtq(queue->id);
        dtq_used[queue->id - RTB_DTQ_0_0] = false;
        queue->used = false;
    }
}

/* A slot for a large item, claimed only while the queue has room for it. */
static uint32_t *claim_slot(rtb_queue *queue)
{
    uint32_t *slot = NULL;
    SIL_PRE_LOC;
    SIL_LOC_INT();
    if (queue->inflight < queue->depth) {
        slot = queue->slots[queue->next_slot];
        queue->next_slot = (queue->next_slot + 1u) % queue->depth;
        queue->inflight++;
    }
    SIL_UNL_INT();
    return slot;
}

static void release_slot(rtb_queue *queue)
{
    SIL_PRE_LOC;
    SIL_LOC_INT();
    queue->inflight--;
    SIL_UNL_INT();
}

rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    if (queue->item_size <= sizeof(intptr_t)) {
        intptr_t word = 0;
        memcpy(&word, item, queue->item_size);
        return tsnd_dtq(queue->id, word, to_tmo(timeout)) == E_OK ? RTB_OK : RTB_FULL;
    }
    /* Large items: a full queue is reported as RTB_FULL whatever the timeout. */
    uint32_t *slot = claim_slot(queue);
    if (!slot)
        return RTB_FULL;
    memcpy(slot, item, queue->item_size);
    return psnd_dtq(queue->id, (intptr_t)slot) == E_OK ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    intptr_t word;
    if (trcv_dtq(queue->id, &word, to_tmo(timeout)) != E_OK)
        return RTB_TIMEOUT;
    if (queue->item_size <= sizeof(intptr_t)) {
        memcpy(item, &word, queue->item_size);
    } else {
        memcpy(item, (const void *)word, queue->item_size);
        release_slot(queue);
    }
    return RTB_OK;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    if (item_size <= sizeof(intptr_t))
        return "ASP3 data queue of one word (snd_dtq/rcv_dtq): an item of up to 4 bytes travels inside the "
               "word, which the port fills and empties (a copy each way)";
    return "ASP3 data queue of one word (snd_dtq/rcv_dtq): the port copies each item into a 16-byte slot of a "
           "ring it owns (claimed with interrupts locked) and sends the slot's address; the receiver copies "
           "it out. The copies and the claim are the port's, not the kernel's (queue_send_ptr shows the "
           "kernel alone)";
}

/* A pointer is the data queue's own word: no copy. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    return tsnd_dtq(queue->id, (intptr_t)ptr, to_tmo(timeout)) == E_OK ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    intptr_t word;
    if (trcv_dtq(queue->id, &word, to_tmo(timeout)) != E_OK)
        return RTB_TIMEOUT;
    *ptr = (void *)word;
    return RTB_OK;
}

/* A pool of the class of `blocks` (a power of two up to 16), whose blocks hold `block_size`. */
rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    unsigned cls = 0;
    while ((1u << cls) < blocks)
        cls++;
    if (block_size == 0u || (1u << cls) != blocks || cls >= RTB_ASP3_MPF_CLASSES ||
        block_size > RTB_ASP3_POOL_BYTES / blocks)
        return NULL;
    for (unsigned j = 0; j < RTB_ASP3_MPFS_PER_CLASS; j++) {
        rtb_pool *pool = &pools[cls * RTB_ASP3_MPFS_PER_CLASS + j];
        if (pool->used)
            continue;
        pool->id = (ID)(RTB_MPF_0_0 + (ID)(cls * RTB_ASP3_MPFS_PER_CLASS + j));
        if (ini_mpf(pool->id) != E_OK)
            return NULL;
        pool->used = true;
        return pool;
    }
    return NULL;
}

void rtb_os_pool_delete(rtb_pool *pool)
{
    if (pool && pool->used) {
        (void)ini_mpf(pool->id);
        pool->used = false;
    }
}

void *rtb_os_pool_alloc(rtb_pool *pool)
{
    void *block = NULL;
    return pget_mpf(pool->id, &block) == E_OK ? block : NULL;
}

void rtb_os_pool_free(rtb_pool *pool, void *block) { (void)rel_mpf(pool->id, block); }

const char *rtb_os_pool_kind(void) { return "ASP3 fixed-size memory pool: get_mpf/rel_mpf"; }
