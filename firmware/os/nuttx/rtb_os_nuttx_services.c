/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's optional services on NuttX: event objects (nxevent, CONFIG_SCHED_EVENTS), watchdog
 * timers (wd_start), the kernel's one-shot timers, whose callbacks run in the tick interrupt, and a
 * heap of NuttX's own allocator (mm) over a region of the port's. None costs the other benchmarks
 * anything (no timer task, no tick hook, a region nobody zeroes), so every image has them. */
#include <nuttx/config.h>

#include <malloc.h>

#include <nuttx/event.h>
#include <nuttx/mm/mm.h>
#include <nuttx/wdog.h>

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb_port_limits.h"
#include "rtb_port_services.h"

/* The largest heap rtb_os_heap_create sets up (heap_alloc_free asks for 4 KiB). */
#define HEAP_REGION_BYTES 8192u

const char *rtb_port_service_lacking(rtb_service service)
{
    if (service == RTB_SERVICE_TASK_SUSPEND)
        return "NuttX cannot suspend one thread of a task: SIGSTOP stops the whole task group, and no "
               "call suspends a single thread";
    /* A reason travels in one stream line (docs/protocol.md): this one is near what the line holds. */
    if (service == RTB_SERVICE_TASK_DORMANT)
        return "the port's tasks are POSIX threads, which pthread_create starts at once; NuttX's creation "
               "apart from the start (nxtask_init, nxtask_activate) is internal, for task groups";
    return NULL;
}

const char *rtb_os_service_unsupported(rtb_service service) { return rtb_port_service_lacking(service); }

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "a task that suspends itself waits on a POSIX semaphore of its own; a resume posts it";
    case RTB_SERVICE_FLAGS:
        return "NuttX event objects: nxevent_post/nxevent_tickwait (CONFIG_SCHED_EVENTS)";
    case RTB_SERVICE_TIMERS:
        return "NuttX watchdog timers: wd_start/wd_cancel, callbacks in the tick interrupt";
    case RTB_SERVICE_QUEUE_PTR:
        return "POSIX message queues carry bytes: the pointer is a 4-byte message that mq_send copies in "
               "and mq_receive copies out";
    case RTB_SERVICE_YIELD:
        return "sched_yield: to the back of the caller's SCHED_FIFO priority";
    case RTB_SERVICE_CREATE:
        return "sem_init, pthread_mutex_init, mq_open, a watchdog in the port's slots; sem_destroy, "
               "pthread_mutex_destroy, mq_close, wd_cancel";
    case RTB_SERVICE_HEAP:
        return "NuttX's heap allocator (mm: mm_malloc/mm_free, free chunks kept in size-ordered lists), a "
               "heap of its own that mm_initialize sets up in a region of the port's; free bytes from "
               "mm_mallinfo";
    case RTB_SERVICE_RECURSIVE:
        return "NuttX's recursive mutex (nxrmutex_lock/nxrmutex_unlock: an owner and a count over its mutex, "
               "priority inheritance); pthread's PTHREAD_MUTEX_RECURSIVE needs CONFIG_PTHREAD_MUTEX_TYPES, "
               "which would make every pthread mutex recursive-capable";
    case RTB_SERVICE_SEND_WAIT:
        return "mq_send on the blocking descriptor: a send to a full queue waits";
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "NuttX's message queues keep their receivers in priority order: a send wakes the most urgent";
    case RTB_SERVICE_TASK_DORMANT:
        return rtb_port_service_lacking(service);
    }
    return "";
}

struct rtb_flags {
    nxevent_t event;
    bool used;
};
struct rtb_timer {
    struct wdog_s wdog;
    uint32_t ticks;
    rtb_timer_fn fn;
    void *arg;
    bool used;
};

static struct rtb_flags flag_groups[RTB_PORT_MAX_FLAGS];
static struct rtb_timer timers[RTB_PORT_MAX_TIMERS];

rtb_flags *rtb_os_flags_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_FLAGS; i++) {
        rtb_flags *flags = &flag_groups[i];
        if (flags->used)
            continue;
        nxevent_init(&flags->event, 0);
        flags->used = true;
        return flags;
    }
    return NULL;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (flags && flags->used) {
        (void)nxevent_destroy(&flags->event);
        flags->used = false;
    }
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    return nxevent_post(&flags->event, bits, NXEVENT_POST_SET) == 0 ? RTB_OK : RTB_ERROR;
}

/* The bits that satisfied a wait are cleared on the way out (NuttX's default). */
rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    nxevent_flags_t how = all ? NXEVENT_WAIT_ALL : 0;
    nxevent_mask_t got;
    if (timeout == RTB_NO_WAIT)
        got = nxevent_trywait(&flags->event, bits, how);
    else if (timeout == RTB_WAIT_FOREVER)
        got = nxevent_wait(&flags->event, bits, how);
    else
        got = nxevent_tickwait(&flags->event, bits, how, timeout);
    *seen = (uint32_t)got & bits;
    return *seen ? RTB_OK : RTB_TIMEOUT;
}

static void expired(wdparm_t arg)
{
    struct rtb_timer *timer = (struct rtb_timer *)arg;
    timer->fn(timer->arg);
}

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_TIMERS; i++) {
        rtb_timer *timer = &timers[i];
        if (timer->used)
            continue;
        *timer = (rtb_timer){.ticks = ticks, .fn = fn, .arg = arg, .used = true};
        return timer;
    }
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer)
{
    if (timer && timer->used) {
        (void)wd_cancel(&timer->wdog);
        timer->used = false;
    }
}

rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    return wd_start(&timer->wdog, timer->ticks, expired, (wdparm_t)timer) == 0 ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer) { return wd_cancel(&timer->wdog) == 0 ? RTB_OK : RTB_ERROR; }

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    (void)timer;
    (void)expiry_ts;
    return false; /* watchdogs expire in the tick interrupt */
}

/* One heap at a time, managed by NuttX's allocator in a region nobody zeroes at reset (mm_initialize
 * writes its own header and free chunk into it). */
struct rtb_heap {
    struct mm_heap_s *mm;
};

static struct rtb_heap heap;
static uint64_t heap_region[HEAP_REGION_BYTES / sizeof(uint64_t)] RTB_NOINIT;

rtb_heap *rtb_os_heap_create(size_t bytes)
{
    if (heap.mm || bytes > sizeof heap_region)
        return NULL;
    heap.mm = mm_initialize("rtb", heap_region, bytes);
    return heap.mm ? &heap : NULL;
}

void rtb_os_heap_delete(rtb_heap *h)
{
    if (h && h->mm) {
        mm_uninitialize(h->mm);
        h->mm = NULL;
    }
}

void *rtb_os_heap_alloc(rtb_heap *h, size_t size) { return mm_malloc(h->mm, size); }

void rtb_os_heap_free(rtb_heap *h, void *block) { mm_free(h->mm, block); }

size_t rtb_os_heap_available(const rtb_heap *h) { return (size_t)mm_mallinfo(h->mm).fordblks; }
