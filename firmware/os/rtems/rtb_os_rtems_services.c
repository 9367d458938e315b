/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's optional services on RTEMS: event flags over the tasks' events, timers and a region
 * (the Classic API's variable-size heap). None costs the other benchmarks anything (RTEMS's
 * timers expire in the clock tick's watchdogs, no task is added), so they are in every image;
 * the tick wrapper reports every tick's entry (arch/<arch>.c). */
#include <rtems.h>

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb_port_services.h"
#include "rtb_rtems.h"

/* The event a waiting task blocks on for an event flag group. */
#define FLAGS_EVENT RTEMS_EVENT_0
#define HEAP_BYTES 8192u

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "RTEMS rtems_task_suspend/rtems_task_resume";
    case RTB_SERVICE_FLAGS:
        return "an emulation over RTEMS's task events (the Classic API has no event flag groups): the port keeps "
               "the bits with interrupts disabled; a waiter blocks in rtems_event_receive, woken by rtems_event_send";
    case RTB_SERVICE_TIMERS:
        return "RTEMS interval timers: rtems_timer_fire_after, the routine run from the clock tick's watchdogs "
               "(interrupt context); a stop is rtems_timer_cancel";
    case RTB_SERVICE_QUEUE_PTR:
        return "RTEMS has no pointer messages: the pointer is a message of 4 bytes that rtems_message_queue_send "
               "copies in and rtems_message_queue_receive copies out";
    case RTB_SERVICE_YIELD:
        return "RTEMS rtems_task_wake_after(RTEMS_YIELD_PROCESSOR): hands over to a ready task of the same "
               "priority, returns at once when there is none";
    case RTB_SERVICE_CREATE:
        return "RTEMS rtems_semaphore_create, rtems_message_queue_construct (on the port's buffers), "
               "rtems_timer_create: a control block from the object's configured table (confdefs.h), freed "
               "again by the matching _delete";
    case RTB_SERVICE_HEAP:
        return "RTEMS region: rtems_region_get_segment/rtems_region_return_segment (RTEMS's heap: first fit, "
               "free neighbours merged on return)";
    case RTB_SERVICE_RECURSIVE:
        return "RTEMS binary semaphores are recursive: rtems_semaphore_obtain by the owner nests, each needs its "
               "rtems_semaphore_release";
    case RTB_SERVICE_SEND_WAIT:
        return "";
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "RTEMS message queues created with RTEMS_PRIORITY: receivers wait in priority order";
    case RTB_SERVICE_TASK_DORMANT:
        return "RTEMS rtems_task_construct (the task is created dormant), started by rtems_task_start";
    }
    return "";
}

const char *rtb_port_service_lacking(rtb_service service)
{
    if (service == RTB_SERVICE_SEND_WAIT)
        return "RTEMS's Classic message queues never block a sender: rtems_message_queue_send to a full queue "
               "returns RTEMS_TOO_MANY at once";
    return NULL;
}

const char *rtb_os_service_unsupported(rtb_service service) { return rtb_port_service_lacking(service); }

/* ---- event flags ---- */

struct rtb_flags {
    uint32_t pending;
    rtems_id waiter; /* 0: none */
    uint32_t wanted;
    bool all;
    bool used;
};

static struct rtb_flags flag_groups[RTB_PORT_MAX_FLAGS];

rtb_flags *rtb_os_flags_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_FLAGS; i++) {
        if (!flag_groups[i].used) {
            flag_groups[i] = (struct rtb_flags){.used = true};
            return &flag_groups[i];
        }
    }
    return NULL;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (flags)
        flags->used = false;
}

static bool satisfied(uint32_t pending, uint32_t bits, bool all)
{
    return all ? (pending & bits) == bits : (pending & bits) != 0u;
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    rtems_interrupt_level level;
    rtems_interrupt_local_disable(level);
    flags->pending |= bits;
    rtems_id wake = flags->waiter != 0u && satisfied(flags->pending, flags->wanted, flags->all) ? flags->waiter : 0u;
    if (wake != 0u)
        flags->waiter = 0u;
    rtems_interrupt_local_enable(level);
    if (wake != 0u && rtems_event_send(wake, FLAGS_EVENT) != RTEMS_SUCCESSFUL)
        return RTB_ERROR;
    return RTB_OK;
}

/* Takes the satisfying bits, or registers the caller as the waiter; with interrupts disabled. */
static bool take_or_wait(rtb_flags *flags, uint32_t bits, bool all, bool may_wait, uint32_t *seen)
{
    rtems_interrupt_level level;
    rtems_interrupt_local_disable(level);
    bool taken = satisfied(flags->pending, bits, all);
    if (taken) {
        *seen = flags->pending & bits;
        flags->pending &= ~*seen;
    } else if (may_wait) {
        flags->waiter = rtems_task_self();
        flags->wanted = bits;
        flags->all = all;
    }
    rtems_interrupt_local_enable(level);
    return taken;
}

rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    *seen = 0u;
    if (take_or_wait(flags, bits, all, timeout != RTB_NO_WAIT, seen))
        return RTB_OK;
    if (timeout == RTB_NO_WAIT)
        return RTB_TIMEOUT;
    rtems_event_set got = 0u;
    rtems_status_code sc = rtems_event_receive(FLAGS_EVENT, RTEMS_EVENT_ANY | RTEMS_WAIT,
                                               timeout == RTB_WAIT_FOREVER ? RTEMS_NO_TIMEOUT : timeout, &got);
    if (sc != RTEMS_SUCCESSFUL) {
        rtems_interrupt_level level;
        rtems_interrupt_local_disable(level);
        flags->waiter = 0u;
        rtems_interrupt_local_enable(level);
        /* A set between the timeout and here sent an event: drop it, take the bits. */
        (void)rtems_event_receive(FLAGS_EVENT, RTEMS_EVENT_ANY | RTEMS_NO_WAIT, 0u, &got);
    }
    return take_or_wait(flags, bits, all, false, seen) ? RTB_OK : RTB_TIMEOUT;
}

/* ---- timers ---- */

struct rtb_timer {
    rtems_id id;
    rtems_interval ticks;
    rtb_timer_fn fn;
    void *arg;
    bool used;
};

static struct rtb_timer timers[RTB_PORT_MAX_TIMERS];

static rtems_timer_service_routine timer_fired(rtems_id id, void *user)
{
    (void)id;
    struct rtb_timer *timer = user;
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
        if (rtems_timer_create(rtems_build_name('R', 'T', 'M', 'R'), &timer->id) != RTEMS_SUCCESSFUL)
            return NULL;
        timer->ticks = ticks;
        timer->fn = fn;
        timer->arg = arg;
        timer->used = true;
        return timer;
    }
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer)
{
    if (timer && timer->used) {
        (void)rtems_timer_delete(timer->id);
        timer->used = false;
    }
}

rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    rtems_status_code sc = rtems_timer_fire_after(timer->id, timer->ticks, timer_fired, timer);
    return sc == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer)
{
    return rtems_timer_cancel(timer->id) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    (void)timer;
    (void)expiry_ts;
    return false; /* timers expire in the tick interrupt, not at a timestamp the kernel knows */
}

/* ---- heap: one region at a time, over a region of the port's ---- */

struct rtb_heap {
    rtems_id id;
    bool used;
};

static struct rtb_heap heap;
static RTEMS_ALIGNED(CPU_HEAP_ALIGNMENT) char heap_area[HEAP_BYTES] RTB_NOINIT;

rtb_heap *rtb_os_heap_create(size_t bytes)
{
    if (heap.used || bytes > HEAP_BYTES)
        return NULL;
    if (rtems_region_create(rtems_build_name('R', 'H', 'E', 'P'), heap_area, bytes, CPU_HEAP_ALIGNMENT,
                            RTEMS_PRIORITY, &heap.id) != RTEMS_SUCCESSFUL)
        return NULL;
    heap.used = true;
    return &heap;
}

void rtb_os_heap_delete(rtb_heap *h)
{
    (void)rtems_region_delete(h->id);
    h->used = false;
}

void *rtb_os_heap_alloc(rtb_heap *h, size_t size)
{
    void *segment = NULL;
    return rtems_region_get_segment(h->id, size, RTEMS_NO_WAIT, 0u, &segment) == RTEMS_SUCCESSFUL ? segment : NULL;
}

void rtb_os_heap_free(rtb_heap *h, void *block) { (void)rtems_region_return_segment(h->id, block); }

size_t rtb_os_heap_available(const rtb_heap *h)
{
    Heap_Information_block info;
    if (rtems_region_get_free_information(h->id, &info) != RTEMS_SUCCESSFUL)
        return 0u;
    return info.Free.total;
}
