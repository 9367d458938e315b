/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's optional services on ThreadX: event flags and application timers. ThreadX has both
 * in every build, and its timers expire in the tick interrupt (TX_TIMER_PROCESS_IN_ISR, tx_user.h),
 * so no task is added; rtbench still builds them only into the image of the benchmarks that use
 * them (RTB_WITH_SERVICES, os.toml's services_define), whose tick wrapper also reports its entry
 * for timer_expiry, so that the other images stay as they were. */
#include "tx_api.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb_port_limits.h"
#include "rtb_port_services.h"

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "ThreadX tx_thread_suspend/tx_thread_resume";
    case RTB_SERVICE_FLAGS:
        return "ThreadX event flags: tx_event_flags_set (TX_OR) / tx_event_flags_get (TX_OR_CLEAR)";
    case RTB_SERVICE_TIMERS:
        return "ThreadX application timers, expired in the tick interrupt (TX_TIMER_PROCESS_IN_ISR): callbacks "
               "run in the interrupt; a start is tx_timer_change + tx_timer_activate (a deactivated timer "
               "otherwise resumes with the ticks it had left), a stop tx_timer_deactivate";
    case RTB_SERVICE_QUEUE_PTR:
        return "ThreadX has no pointer messages: the pointer is a one-word message that tx_queue_send copies "
               "in and tx_queue_receive copies out";
    case RTB_SERVICE_YIELD:
        return "ThreadX tx_thread_relinquish: hands over to a ready thread of the same priority, returns at "
               "once when there is none";
    case RTB_SERVICE_CREATE:
        return "ThreadX tx_semaphore_create, tx_mutex_create, tx_queue_create, tx_timer_create on control "
               "blocks in the port's slots (each links its object on the kernel's created list); the "
               "matching _delete unlinks it";
    case RTB_SERVICE_HEAP:
        return "ThreadX byte pool: tx_byte_allocate/tx_byte_release (first fit from a search pointer, free "
               "neighbours merged while searching)";
    case RTB_SERVICE_RECURSIVE:
        return "ThreadX mutexes are recursive: tx_mutex_get by the owner counts up, tx_mutex_put down";
    case RTB_SERVICE_SEND_WAIT:
        return "ThreadX tx_queue_send: a send to a full queue suspends the sender on the queue";
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "ThreadX queues suspend receivers in FIFO order; tx_queue_prioritize puts the most urgent first";
    case RTB_SERVICE_TASK_DORMANT:
        return "ThreadX tx_thread_create with TX_DONT_START (the thread is created suspended), started by "
               "tx_thread_resume";
    }
    return "";
}

const char *rtb_port_service_lacking(rtb_service service)
{
    (void)service;
    return NULL;
}

#ifdef RTB_WITH_SERVICES

struct rtb_flags {
    TX_EVENT_FLAGS_GROUP group;
    bool used;
};
struct rtb_timer {
    TX_TIMER timer;
    ULONG ticks;
    rtb_timer_fn fn;
    void *arg;
    bool used;
};

static struct rtb_flags flag_groups[RTB_PORT_MAX_FLAGS];
static struct rtb_timer timers[RTB_PORT_MAX_TIMERS];

const char *rtb_os_service_unsupported(rtb_service service) { return rtb_port_service_lacking(service); }

/* One byte pool at a time, over a region of the port's. */
#define HEAP_BYTES 8192u

struct rtb_heap {
    TX_BYTE_POOL pool;
    bool used;
};

static struct rtb_heap heap;
static ULONG heap_area[HEAP_BYTES / sizeof(ULONG)];

rtb_heap *rtb_os_heap_create(size_t bytes)
{
    if (heap.used || bytes > HEAP_BYTES)
        return NULL;
    if (tx_byte_pool_create(&heap.pool, (CHAR *)"rtb", heap_area, (ULONG)bytes) != TX_SUCCESS)
        return NULL;
    heap.used = true;
    return &heap;
}

void rtb_os_heap_delete(rtb_heap *h)
{
    tx_byte_pool_delete(&h->pool);
    h->used = false;
}

void *rtb_os_heap_alloc(rtb_heap *h, size_t size)
{
    void *block = NULL;
    return tx_byte_allocate(&h->pool, &block, (ULONG)size, TX_NO_WAIT) == TX_SUCCESS ? block : NULL;
}

void rtb_os_heap_free(rtb_heap *h, void *block)
{
    (void)h;
    tx_byte_release(block);
}

size_t rtb_os_heap_available(const rtb_heap *h) { return h->pool.tx_byte_pool_available; }

rtb_flags *rtb_os_flags_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_FLAGS; i++) {
        rtb_flags *flags = &flag_groups[i];
        if (flags->used)
            continue;
        if (tx_event_flags_create(&flags->group, (CHAR *)"rtb") != TX_SUCCESS)
            return NULL;
        flags->used = true;
        return flags;
    }
    return NULL;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (flags && flags->used) {
        tx_event_flags_delete(&flags->group);
        flags->used = false;
    }
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    return tx_event_flags_set(&flags->group, (ULONG)bits, TX_OR) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

/* rtbench's RTB_NO_WAIT and RTB_WAIT_FOREVER are ThreadX's TX_NO_WAIT and TX_WAIT_FOREVER. */
rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    ULONG actual = 0u;
    UINT status = tx_event_flags_get(&flags->group, (ULONG)bits, all ? TX_AND_CLEAR : TX_OR_CLEAR, &actual, timeout);
    *seen = status == TX_SUCCESS ? (uint32_t)actual & bits : 0u;
    return status == TX_SUCCESS ? RTB_OK : RTB_TIMEOUT;
}

/* ThreadX passes its timer callback one ULONG: the index of the timer slot. */
static VOID timer_expired(ULONG index) { timers[index].fn(timers[index].arg); }

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    if (ticks == 0u)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TIMERS; i++) {
        rtb_timer *timer = &timers[i];
        if (timer->used)
            continue;
        timer->fn = fn;
        timer->arg = arg;
        timer->ticks = (ULONG)ticks;
        if (tx_timer_create(&timer->timer, (CHAR *)"rtb", timer_expired, (ULONG)i, (ULONG)ticks, 0u,
                            TX_NO_ACTIVATE) != TX_SUCCESS)
            return NULL;
        timer->used = true;
        return timer;
    }
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer)
{
    if (timer && timer->used) {
        tx_timer_deactivate(&timer->timer);
        tx_timer_delete(&timer->timer);
        timer->used = false;
    }
}

rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    if (tx_timer_change(&timer->timer, timer->ticks, 0u) != TX_SUCCESS)
        return RTB_ERROR;
    return tx_timer_activate(&timer->timer) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer)
{
    return tx_timer_deactivate(&timer->timer) == TX_SUCCESS ? RTB_OK : RTB_ERROR;
}

#endif

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    (void)timer;
    (void)expiry_ts;
    return false; /* timers expire in the tick interrupt, not at a timestamp the kernel knows */
}
