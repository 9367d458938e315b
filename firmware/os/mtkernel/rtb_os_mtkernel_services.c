/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's optional services on µT-Kernel: event flags (tk_set_flg / tk_wai_flg), one-shot
 * timers, which are µT-Kernel's alarm handlers (tk_sta_alm / tk_stp_alm), run by the kernel in
 * its tick interrupt, and the heap, a variable-size memory pool (tk_get_mpl / tk_rel_mpl). Built
 * into the image of the benchmarks that use them (RTB_WITH_SERVICES). */
#include "rtb/os.h"
#include "rtb_mtk.h"
#include "rtb_port_limits.h"
#include "rtb_port_services.h"

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "µT-Kernel tk_sus_tsk/tk_rsm_tsk (another task); a task suspends itself with tk_slp_tsk and is "
               "resumed with tk_wup_tsk, which an interrupt may call";
    case RTB_SERVICE_FLAGS:
        return "µT-Kernel event flags (TA_TPRI | TA_WMUL): tk_set_flg / tk_wai_flg (TWF_ORW or TWF_ANDW with "
               "TWF_BITCLR, which clears the bits that satisfied the wait)";
    case RTB_SERVICE_TIMERS:
        return "µT-Kernel alarm handlers (tk_sta_alm/tk_stp_alm), run in its tick interrupt";
    case RTB_SERVICE_QUEUE_PTR:
        return "µT-Kernel message buffers copy messages: the pointer is a message of 4 bytes";
    case RTB_SERVICE_YIELD:
        return "µT-Kernel tk_rot_rdq(TPRI_RUN): rotates the ready queue of the caller's priority, a no-op "
               "switch when it is alone";
    case RTB_SERVICE_CREATE:
        return "µT-Kernel tk_cre_sem, tk_cre_mtx, tk_cre_mbf (on the port's buffer, TA_USERBUF), tk_cre_alm "
               "take a control block from the kernel's free list of each kind; the matching tk_del_ gives "
               "it back";
    case RTB_SERVICE_HEAP:
        return "µT-Kernel variable-size memory pool (TA_USERBUF): tk_get_mpl/tk_rel_mpl (a free area of the "
               "best size from a size-ordered free list, 8-byte units, free neighbours merged on release); "
               "free bytes from tk_ref_mpl";
    case RTB_SERVICE_SEND_WAIT:
        return "µT-Kernel tk_snd_mbf: a send to a full message buffer waits on its send queue";
    case RTB_SERVICE_TASK_DORMANT:
        return "µT-Kernel tk_cre_tsk (the task is created dormant), started by tk_sta_tsk";
    case RTB_SERVICE_RECURSIVE:
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return rtb_port_service_lacking(service);
    }
    return "";
}

const char *rtb_port_service_lacking(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_RECURSIVE:
        return "µT-Kernel's mutexes are not recursive: tk_loc_mtx by the owner fails with E_ILUSE";
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "µT-Kernel's message buffers wake their receivers in the order they waited (TA_TPRI orders only "
               "the senders), and it has no call to put the most urgent first";
    default:
        return NULL;
    }
}

#ifdef RTB_WITH_SERVICES

struct rtb_flags {
    ID id;
    bool used;
};
struct rtb_timer {
    ID id;
    uint32_t ticks;
    rtb_timer_fn fn;
    void *arg;
    bool used;
};

static struct rtb_flags flag_groups[RTB_PORT_MAX_FLAGS];
static struct rtb_timer timers[RTB_PORT_MAX_TIMERS];

const char *rtb_os_service_unsupported(rtb_service service) { return rtb_port_service_lacking(service); }

/* The heap: one variable-size memory pool on the port's region (USE_IMALLOC 0 wants TA_USERBUF),
 * whose size the kernel wants a multiple of its 8-byte unit. */
#define HEAP_BYTES 8192u

struct rtb_heap {
    ID id;
    bool used;
};

static struct rtb_heap heap;
static uint64_t heap_area[HEAP_BYTES / sizeof(uint64_t)];

rtb_heap *rtb_os_heap_create(size_t bytes)
{
    size_t size = (bytes + 7u) & ~(size_t)7u;
    if (heap.used || bytes == 0u || size > HEAP_BYTES)
        return NULL;
    T_CMPL cmpl = {.mplatr = TA_TFIFO | TA_USERBUF, .mplsz = (SZ)size, .bufptr = heap_area};
    ID id = tk_cre_mpl(&cmpl);
    if (id < E_OK)
        return NULL;
    heap.id = id;
    heap.used = true;
    return &heap;
}

void rtb_os_heap_delete(rtb_heap *h)
{
    if (h && h->used) {
        (void)tk_del_mpl(h->id);
        h->used = false;
    }
}

void *rtb_os_heap_alloc(rtb_heap *h, size_t size)
{
    void *block = NULL;
    return tk_get_mpl(h->id, (SZ)size, &block, TMO_POL) == E_OK ? block : NULL;
}

void rtb_os_heap_free(rtb_heap *h, void *block) { (void)tk_rel_mpl(h->id, block); }

size_t rtb_os_heap_available(const rtb_heap *h)
{
    T_RMPL rmpl;
    return tk_ref_mpl(h->id, &rmpl) == E_OK ? (size_t)rmpl.frsz : 0u;
}

rtb_flags *rtb_os_flags_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_FLAGS; i++) {
        rtb_flags *flags = &flag_groups[i];
        if (flags->used)
            continue;
        T_CFLG cflg = {.flgatr = TA_TPRI | TA_WMUL, .iflgptn = 0u};
        ID id = tk_cre_flg(&cflg);
        if (id < E_OK)
            return NULL;
        flags->id = id;
        flags->used = true;
        return flags;
    }
    return NULL;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (flags && flags->used) {
        (void)tk_del_flg(flags->id);
        flags->used = false;
    }
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    return tk_set_flg(flags->id, (UINT)bits) == E_OK ? RTB_OK : RTB_ERROR;
}

/* TWF_BITCLR clears the waited bits once the wait is satisfied: those of them that were set are
 * the bits that satisfied it, the others were clear already. */
rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    UINT pattern = 0u;
    UINT mode = (all ? TWF_ANDW : TWF_ORW) | TWF_BITCLR;
    if (tk_wai_flg(flags->id, (UINT)bits, mode, &pattern, rtb_mtk_tmo(timeout)) != E_OK) {
        *seen = 0u;
        return RTB_TIMEOUT;
    }
    *seen = (uint32_t)pattern & bits;
    return RTB_OK;
}

static void alarm_handler(void *exinf)
{
    struct rtb_timer *timer = exinf;
    timer->fn(timer->arg);
}

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    if (ticks == 0u)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TIMERS; i++) {
        rtb_timer *timer = &timers[i];
        if (timer->used)
            continue;
        T_CALM calm = {.exinf = timer, .almatr = TA_HLNG, .almhdr = (FP)alarm_handler};
        ID id = tk_cre_alm(&calm);
        if (id < E_OK)
            return NULL;
        timer->id = id;
        timer->fn = fn;
        timer->arg = arg;
        timer->ticks = ticks;
        timer->used = true;
        return timer;
    }
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer)
{
    if (timer && timer->used) {
        (void)tk_del_alm(timer->id);
        timer->used = false;
    }
}

/* `ticks` from now as a delay counts them (rtb_mtk.h): an alarm's time counts from the next tick,
 * and 0 ms runs the handler at once, so a one-tick timer runs at the second tick. */
rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    return tk_sta_alm(timer->id, (RELTIM)rtb_mtk_tmo(timer->ticks)) == E_OK ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer) { return tk_stp_alm(timer->id) == E_OK ? RTB_OK : RTB_ERROR; }

#endif

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    (void)timer;
    (void)expiry_ts;
    return false; /* alarms expire in the tick interrupt (rtb_tick_entries) */
}
