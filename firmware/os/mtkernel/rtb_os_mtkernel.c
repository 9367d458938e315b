/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's OS-abstraction API on µT-Kernel 3.0 (IEEE 2050-2018).
 *
 * µT-Kernel creates its objects at run time (tk_cre_*) in control blocks it allocates statically;
 * every buffer is the port's (TA_USERBUF: task stacks, message buffers, pools), the kernel's own
 * allocator is left out (USE_IMALLOC 0). Priorities: µT-Kernel's 1 (most urgent) to 32; rtbench's
 * 1..30 are levels 31..2, level 1 is the initial task's, which creates the runner and exits.
 * Semaphores and mutexes queue their waiters by priority (TA_TPRI; TA_TFIFO is the other choice
 * µT-Kernel offers), mutexes inherit priority (TA_INHERIT), queues are message buffers (tk_snd_mbf
 * / tk_rcv_mbf copy each message; senders wait by priority, receivers in FIFO order, as the
 * kernel does it), pools are fixed-size memory pools (tk_get_mpf / tk_rel_mpf). Time: the kernel's
 * tick is rtbench's (10 ms), and its relative times count from the next tick (rtb_mtk.h);
 * periodic releases come from cyclic handlers. */
#include "rtb/boot.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/text.h"
#include "rtb_mtk.h"
#include "rtb_port_limits.h"
#include "rtb_port_period.h"

/* µT-Kernel's level of an abstract priority. */
#define LEVEL(prio) ((PRI)(RTB_PRIO_MAX + 2u - (prio)))
_Static_assert(RTB_PRIO_MAX + 1u < CNF_MAX_TSKPRI, "rtbench's priorities fit below the initial task's");

#ifdef __ARM_FP
#define TASK_ATTR (TA_HLNG | TA_RNG0 | TA_USERBUF | TA_FPU) /* its FPU context saved (USE_FPU) */
#else
#define TASK_ATTR (TA_HLNG | TA_RNG0 | TA_USERBUF)
#endif

struct rtb_task {
    ID id;
    rtb_task_fn fn;
    void *arg;
    volatile bool parked;    /* waiting in tk_slp_tsk (suspended itself) */
    volatile bool suspended; /* suspended by another task (tk_sus_tsk) */
    volatile bool exited;    /* ended and deleted itself (rtb_os_task_exit) */
    bool used;
    /* Periodic releases: the task's cyclic handler, and what it has released. */
    ID cyc;
    volatile uint32_t released;
    volatile bool waiting; /* in rtb_os_period_wait */
    volatile bool stopped; /* the handler stopped itself: no one waited for two periods */
    uint8_t idle;
};
struct rtb_sem {
    ID id;
    bool used;
};
struct rtb_mutex {
    ID id;
    bool used;
};
/* A message takes its size rounded to a word plus a one-word header in the buffer. */
#define MBF_SLOT (((RTB_QUEUE_MAX_ITEM + 3u) & ~3u) + sizeof(INT))
struct rtb_queue {
    ID id;
    size_t item_size;
    uint32_t buffer[MBF_SLOT * RTB_QUEUE_MAX_DEPTH / sizeof(uint32_t)];
    bool used;
};
struct rtb_pool {
    ID id;
    uint32_t arena[RTB_PORT_POOL_ARENA_BYTES / sizeof(uint32_t)];
    bool used;
};

static struct rtb_task tasks[RTB_PORT_MAX_TASKS];
/* Stacks need no zeroing at reset (the kernel initialises each one on tk_sta_tsk). */
static uint64_t stacks[RTB_PORT_MAX_TASKS][RTB_PORT_TASK_STACK_WORDS / 2u] RTB_NOINIT;
static struct rtb_sem sems[RTB_PORT_MAX_SEMS];
static struct rtb_mutex mutexes[RTB_PORT_MAX_MUTEXES];
static struct rtb_queue queues[RTB_PORT_MAX_QUEUES];
static struct rtb_pool pools[RTB_PORT_MAX_POOLS];

static struct {
    rtb_task_fn fn;
    void *arg;
} first_task;

/* µT-Kernel passes a task its start code and extended information: the task slot's index. */
static void task_entry(INT stacd, void *exinf)
{
    (void)stacd;
    struct rtb_task *task = &tasks[(uintptr_t)exinf];
    task->fn(task->arg);
    rtb_os_task_exit(); /* a task function never returns (rtb/os.h): this only keeps the kernel sound */
}

void rtb_mtk_board_start(void); /* mps2/rtb_mtk_board.c */
void rtb_mtk_define_interrupts(void);
INT knl_main(void); /* the kernel's main() (sysinit.c), renamed (mps2/rtb_mtk_machine.h) */

_Noreturn void rtb_os_start(rtb_task_fn first, void *arg)
{
    first_task.fn = first;
    first_task.arg = arg;
    rtb_mtk_board_start();
    knl_main(); /* the kernel's start-up (sysinit.c): its objects, the timer, the initial task */
    for (;;) {
    }
}

/* The user's entry, which the kernel's initial task calls once the kernel runs: the runner is
 * created here, and the initial task ends (tk_ext_tsk, so the kernel's shutdown never runs). */
INT usermain(void)
{
    rtb_boot_kernel_initialised();
    rtb_mtk_define_interrupts();
    rtb_os_task_create("runner", first_task.fn, first_task.arg, RTB_PRIO_RUNNER);
    rtb_boot_objects_created();
    tk_ext_tsk();
    return 0;
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[RTB_TEXT_U32_LEN];
    emit("kernel.name", "µT-Kernel");
    emit("kernel.version", RTB_MTK_VERSION);
    emit("kernel.profile", RTB_PROFILE_NAME);
    emit("kernel.port", RTB_MTK_PORT_NAME);
    emit("config.tick_hz", rtb_text_u32(buf, RTB_MTK_TICK_HZ));
    emit("config.preemption", "1");
    emit("config.time_slicing", "0"); /* µT-Kernel has none */
    emit("config.max_priorities", rtb_text_u32(buf, CNF_MAX_TSKPRI));
    emit("config.asserts", CHK_PAR || CHK_ID || CHK_CTX || CHK_RSATR || CHK_NOSPT ? "1" : "0");
    emit("config.stack_overflow_check", "0"); /* µT-Kernel has none */
    emit("config.trace_facility", USE_DBGSPT ? "1" : "0");
    emit("config.static_allocation", USE_IMALLOC ? "0" : "1");
    emit("config.mutex_protocol", "inheritance");
    emit("config.wait_queues", "priority (TA_TPRI)");
    emit("config.pool", "tk_get_mpf/tk_rel_mpf fixed-size memory pools");
    emit("config.queue", "tk_snd_mbf/tk_rcv_mbf message buffers");
    emit("config.task_stack_bytes", rtb_text_u32(buf, sizeof stacks[0]));
}

/* Inlined into both creations, so that rtb_os_task_create's code stays what it was. */
static inline __attribute__((always_inline)) rtb_task *task_create(rtb_task_fn fn, void *arg, unsigned prio,
                                                                   bool start)
{
    if (RTB_PORT_PRIO_INVALID(prio))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++) {
        rtb_task *task = &tasks[i];
        if (task->used)
            continue;
        T_CTSK ctsk = {
            .exinf = (void *)(uintptr_t)i,
            .tskatr = TASK_ATTR,
            .task = (FP)task_entry,
            .itskpri = LEVEL(prio),
            .stksz = (SZ)sizeof stacks[i],
            .bufptr = stacks[i],
        };
        ID id = tk_cre_tsk(&ctsk);
        if (id < E_OK)
            return NULL;
        task->id = id;
        task->fn = fn;
        task->arg = arg;
        task->parked = false;
        task->suspended = false;
        task->exited = false;
        task->used = true;
        if (start && tk_sta_tsk(id, 0) != E_OK) {
            (void)tk_del_tsk(id);
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

/* tk_cre_tsk leaves the task dormant; tk_sta_tsk starts it. */
rtb_task *rtb_os_task_create_dormant(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    (void)name;
    return task_create(fn, arg, prio, false);
}

rtb_err rtb_os_task_start(rtb_task *task) { return tk_sta_tsk(task->id, 0) == E_OK ? RTB_OK : RTB_ERROR; }

const char *rtb_os_task_unsupported(unsigned prio)
{
    (void)prio; /* µT-Kernel shares priorities: a failed creation means no room */
    return NULL;
}

void rtb_os_task_delete(rtb_task *task)
{
    if (task && task->used) {
        if (!task->exited) {
            (void)tk_ter_tsk(task->id);
            (void)tk_del_tsk(task->id);
        }
        if (task->cyc > 0) {
            (void)tk_del_cyc(task->cyc);
            task->cyc = 0;
        }
        task->used = false;
    }
}

/* The task ends and deletes itself (tk_exd_tsk), and its slot records that the kernel has deleted
 * it: the creator's rtb_os_task_delete then only gives the slot back, and never deletes an ID the
 * kernel may have handed to another task meanwhile. Not tk_ext_tsk: returning to the dormant state,
 * the kernel writes the task's initial context at the top of the stack it still runs on
 * (knl_make_dormant), over the frames of its own calls unless the task calls it from its very top.
 * The slot is the one whose stack the caller runs on (a search by tk_get_tid would add a walk
 * over the slots to the exit). */
_Noreturn void rtb_os_task_exit(void)
{
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    tasks[(here - (uintptr_t)stacks) / sizeof stacks[0]].exited = true;
    tk_exd_tsk();
    for (;;) {
    }
}

void rtb_os_task_yield(void) { (void)tk_rot_rdq(TPRI_RUN); }

/* A task cannot suspend itself in T-Kernel (tk_sus_tsk of oneself is E_OBJ): it sleeps until
 * woken (tk_slp_tsk), and tk_wup_tsk, which an interrupt may call, resumes it (rtb_port_park.h). */
static struct rtb_task *self_task(void)
{
    ID id = tk_get_tid();
    for (unsigned i = 0; i < RTB_PORT_MAX_TASKS; i++)
        if (tasks[i].used && tasks[i].id == id)
            return &tasks[i];
    return NULL;
}

#define RTB_PARK_SELF() self_task()
#define RTB_PARK_SLEEP() (tk_slp_tsk(TMO_FEVR) == E_OK)
#define RTB_PARK_WAKE(id) (tk_wup_tsk(id) == E_OK)
#define RTB_PARK_SUSPEND(id) (tk_sus_tsk(id) == E_OK)
#define RTB_PARK_RESUME(id) (tk_rsm_tsk(id) == E_OK)
#include "rtb_port_park.h"

void rtb_os_delay_ticks(uint32_t ticks)
{
    if (ticks == 0u)
        (void)tk_rot_rdq(TPRI_RUN);
    else
        (void)tk_dly_tsk((RELTIM)rtb_mtk_tmo(ticks));
}

uint32_t rtb_os_tick_hz(void) { return RTB_MTK_TICK_HZ; }

/* The kernel's time since start-up (tk_get_otm, in milliseconds, advanced by each tick). */
uint32_t rtb_os_tick_count(void)
{
    SYSTIM now;
    (void)tk_get_otm(&now);
    return now.lo / RTB_MTK_TICK_MS;
}

/* Periodic releases come from a cyclic handler of the task's (tk_cre_cyc), the kernel's own
 * periodic service: it runs at every period's tick, on an absolute timeline, and wakes the task
 * (tk_wup_tsk) when it waits. A delay cannot serve: it counts from the next tick, so a release one
 * tick away cannot be waited for (rtb_mtk.h). No call ends a periodic release: the handler stops
 * itself once no one has waited for two periods, clearing a wake-up that no one took, and the next
 * wait starts it again on its phase. */
static void release_handler(void *exinf)
{
    struct rtb_task *task = exinf;
    task->released++;
    if (task->waiting) {
        task->idle = 0;
        (void)tk_wup_tsk(task->id);
    } else if (++task->idle > 2u) {
        task->stopped = true;
        (void)tk_stp_cyc(task->cyc);
        (void)tk_can_wup(task->id);
    }
}

/* `next` holds the task slot's index (high word) and the releases taken (low word). */
rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    uint32_t ticks;
    struct rtb_task *self = self_task();
    if (!rtb_port_period_ticks(period_us, RTB_MTK_TICK_HZ, &ticks))
        return RTB_UNSUPPORTED;
    if (!self)
        return RTB_ERROR;
    if (self->cyc > 0)
        (void)tk_del_cyc(self->cyc);
    (void)tk_dly_tsk(1); /* start right after a tick (the second from now) */
    self->released = 0u;
    self->waiting = false;
    self->stopped = false;
    self->idle = 0;
    /* TA_PHS: the first release one period after this tick (the kernel adds the period to the
     * phase), then every period from it. */
    T_CCYC ccyc = {
        .exinf = self,
        .cycatr = TA_HLNG | TA_PHS,
        .cychdr = (FP)release_handler,
        .cyctim = (RELTIM)(ticks * RTB_MTK_TICK_MS),
        .cycphs = (RELTIM)((ticks - 1u) * RTB_MTK_TICK_MS),
    };
    self->cyc = tk_cre_cyc(&ccyc);
    if (self->cyc < E_OK) {
        self->cyc = 0;
        return RTB_NOMEM;
    }
    (void)tk_sta_cyc(self->cyc);
    period->period = ticks;
    period->next = (uint64_t)(self - tasks) << 32;
    return RTB_OK;
}

void rtb_os_period_wait(rtb_period *period)
{
    struct rtb_task *task = &tasks[period->next >> 32];
    uint32_t due = (uint32_t)period->next + 1u;
    task->waiting = true;
    if (task->stopped) {
        task->stopped = false;
        task->idle = 0;
        (void)tk_sta_cyc(task->cyc);
    }
    while ((int32_t)(task->released - due) < 0)
        (void)tk_slp_tsk(TMO_FEVR);
    task->waiting = false;
    period->next = (period->next & ~(uint64_t)UINT32_MAX) | due;
}

bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts)
{
    (void)period;
    (void)release_ts;
    return false; /* releases happen on tick interrupts, not at a timestamp the kernel knows */
}

rtb_sem *rtb_os_sem_create(uint32_t initial, uint32_t max)
{
    if (initial > max || max == 0u || max > INT32_MAX)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_SEMS; i++) {
        rtb_sem *sem = &sems[i];
        if (sem->used)
            continue;
        T_CSEM csem = {.sematr = TA_TPRI | TA_FIRST, .isemcnt = (INT)initial, .maxsem = (INT)max};
        ID id = tk_cre_sem(&csem);
        if (id < E_OK)
            return NULL;
        sem->id = id;
        sem->used = true;
        return sem;
    }
    return NULL;
}

void rtb_os_sem_delete(rtb_sem *sem)
{
    if (sem && sem->used) {
        (void)tk_del_sem(sem->id);
        sem->used = false;
    }
}

rtb_err rtb_os_sem_take(rtb_sem *sem, uint32_t timeout)
{
    return tk_wai_sem(sem->id, 1, rtb_mtk_tmo(timeout)) == E_OK ? RTB_OK : RTB_TIMEOUT;
}

/* The kernel keeps the maximum itself (E_QOVR above it). */
rtb_err rtb_os_sem_give(rtb_sem *sem) { return tk_sig_sem(sem->id, 1) == E_OK ? RTB_OK : RTB_FULL; }

rtb_err rtb_os_sem_give_from_isr(rtb_sem *sem, bool *switch_needed)
{
    *switch_needed = false; /* the kernel pends its dispatcher (PendSV) itself */
    return tk_sig_sem(sem->id, 1) == E_OK ? RTB_OK : RTB_FULL;
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
    for (unsigned i = 0; i < RTB_PORT_MAX_MUTEXES; i++) {
        rtb_mutex *mutex = &mutexes[i];
        if (mutex->used)
            continue;
        T_CMTX cmtx = {.mtxatr = TA_INHERIT};
        ID id = tk_cre_mtx(&cmtx);
        if (id < E_OK)
            return NULL;
        mutex->id = id;
        mutex->used = true;
        return mutex;
    }
    return NULL;
}

void rtb_os_mutex_delete(rtb_mutex *mutex)
{
    if (mutex && mutex->used) {
        (void)tk_del_mtx(mutex->id);
        mutex->used = false;
    }
}

rtb_err rtb_os_mutex_lock(rtb_mutex *mutex, uint32_t timeout)
{
    return tk_loc_mtx(mutex->id, rtb_mtk_tmo(timeout)) == E_OK ? RTB_OK : RTB_TIMEOUT;
}

rtb_err rtb_os_mutex_unlock(rtb_mutex *mutex) { return tk_unl_mtx(mutex->id) == E_OK ? RTB_OK : RTB_ERROR; }

const char *rtb_os_mutex_protocol(void) { return "inheritance"; }

#include "rtb_port_no_recursive_mutex.h"

/* A message buffer that holds exactly `depth` messages of `item_size` bytes. */
rtb_queue *rtb_os_queue_create(size_t item_size, size_t depth)
{
    if (RTB_PORT_QUEUE_INVALID(item_size, depth))
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_QUEUES; i++) {
        rtb_queue *queue = &queues[i];
        if (queue->used)
            continue;
        size_t slot = ((item_size + 3u) & ~(size_t)3u) + sizeof(INT);
        T_CMBF cmbf = {
            .mbfatr = TA_TPRI | TA_USERBUF,
            .bufsz = (SZ)(slot * depth),
            .maxmsz = (INT)item_size,
            .bufptr = queue->buffer,
        };
        ID id = tk_cre_mbf(&cmbf);
        if (id < E_OK)
            return NULL;
        queue->id = id;
        queue->item_size = item_size;
        queue->used = true;
        return queue;
    }
    return NULL;
}

void rtb_os_queue_delete(rtb_queue *queue)
{
    if (queue && queue->used) {
        (void)tk_del_mbf(queue->id);
        queue->used = false;
    }
}

rtb_err rtb_os_queue_send(rtb_queue *queue, const void *item, uint32_t timeout)
{
    return tk_snd_mbf(queue->id, item, (INT)queue->item_size, rtb_mtk_tmo(timeout)) == E_OK ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv(rtb_queue *queue, void *item, uint32_t timeout)
{
    return tk_rcv_mbf(queue->id, item, rtb_mtk_tmo(timeout)) >= 0 ? RTB_OK : RTB_TIMEOUT;
}

const char *rtb_os_queue_kind(size_t item_size)
{
    (void)item_size;
    return "µT-Kernel message buffer (tk_snd_mbf/tk_rcv_mbf): the kernel copies the item in and out, each "
           "message with a one-word size header in the buffer";
}

/* A pointer is a message of pointer size, copied like any other. */
rtb_err rtb_os_queue_send_ptr(rtb_queue *queue, void *ptr, uint32_t timeout)
{
    return tk_snd_mbf(queue->id, &ptr, (INT)sizeof ptr, rtb_mtk_tmo(timeout)) == E_OK ? RTB_OK : RTB_FULL;
}

rtb_err rtb_os_queue_recv_ptr(rtb_queue *queue, void **ptr, uint32_t timeout)
{
    return tk_rcv_mbf(queue->id, ptr, rtb_mtk_tmo(timeout)) >= 0 ? RTB_OK : RTB_TIMEOUT;
}

rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    /* Blocks are whole pointers (the kernel links free blocks through them). */
    size_t size = (block_size + sizeof(void *) - 1u) & ~(sizeof(void *) - 1u);
    if (block_size == 0u || blocks == 0u || size * blocks > RTB_PORT_POOL_ARENA_BYTES)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_POOLS; i++) {
        rtb_pool *pool = &pools[i];
        if (pool->used)
            continue;
        T_CMPF cmpf = {
            .mpfatr = TA_TFIFO | TA_USERBUF,
            .mpfcnt = (SZ)blocks,
            .blfsz = (SZ)size,
            .bufptr = pool->arena,
        };
        ID id = tk_cre_mpf(&cmpf);
        if (id < E_OK)
            return NULL;
        pool->id = id;
        pool->used = true;
        return pool;
    }
    return NULL;
}

void rtb_os_pool_delete(rtb_pool *pool)
{
    if (pool && pool->used) {
        (void)tk_del_mpf(pool->id);
        pool->used = false;
    }
}

void *rtb_os_pool_alloc(rtb_pool *pool)
{
    void *block = NULL;
    return tk_get_mpf(pool->id, &block, TMO_POL) == E_OK ? block : NULL;
}

void rtb_os_pool_free(rtb_pool *pool, void *block) { (void)tk_rel_mpf(pool->id, block); }

const char *rtb_os_pool_kind(void) { return "µT-Kernel fixed-size memory pool: tk_get_mpf/tk_rel_mpf"; }
