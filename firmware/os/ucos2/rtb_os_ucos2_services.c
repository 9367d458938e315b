/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's optional services on uC/OS-II: event flags (OSFlag*) and timers (OSTmr*). os_cfg.h
 * enables them only in the image built with RTB_WITH_SERVICES (os.toml's services_define), which
 * runs the benchmarks that use them: with them, OSInit initialises both and creates the timer
 * task, and the tick hook signals that task on every tick, which every other benchmark would pay
 * for (boot_time, tick_cost and the counts per window). */
#include "ucos_ii.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb_port_limits.h"
#include "rtb_port_services.h"

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "uC/OS-II OSTaskSuspend/OSTaskResume";
    case RTB_SERVICE_FLAGS:
        return "uC/OS-II event flags: OSFlagPost/OSFlagPend (OS_FLAG_CONSUME; the post walks the group's "
               "waiters)";
    case RTB_SERVICE_TIMERS:
        return "uC/OS-II timers: OSTmrStart/OSTmrStop link and unlink the timer on the wheel with the "
               "scheduler locked; the tick hook signals the timer task (priority 1, above every task and "
               "ceiling; one timer tick per kernel tick), which runs the callbacks with the scheduler locked";
    case RTB_SERVICE_QUEUE_PTR:
        return "uC/OS-II queues carry pointers: OSQPost/OSQPend pass the pointer itself, no copy";
    case RTB_SERVICE_YIELD:
    case RTB_SERVICE_HEAP:
    case RTB_SERVICE_RECURSIVE:
    case RTB_SERVICE_SEND_WAIT:
    case RTB_SERVICE_TASK_DORMANT:
        return rtb_port_service_lacking(service);
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "uC/OS-II OSQPend: a post readies the most urgent waiter (one task per priority)";
    case RTB_SERVICE_CREATE:
        return "uC/OS-II OSSemCreate, OSMutexCreate, OSQCreate, OSTmrCreate from the kernel's own free lists; "
               "OSSemDel, OSMutexDel, OSQDel, OSTmrDel (OS_DEL_ALWAYS)";
    }
    return "";
}

const char *rtb_port_service_lacking(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_YIELD:
        return "uC/OS-II allows one task per priority and has no yield: there is never an equal-priority task "
               "to hand over to";
    case RTB_SERVICE_HEAP:
        return "uC/OS-II has no variable-size heap: its one allocator, OSMemGet/OSMemPut, hands out blocks of "
               "one fixed size (pool_alloc)";
    case RTB_SERVICE_RECURSIVE:
        return "uC/OS-II's mutexes are not recursive: the owner cannot lock its mutex again";
    case RTB_SERVICE_SEND_WAIT:
        return "uC/OS-II's OSQPost never waits: a send to a full queue fails at once (OS_ERR_Q_FULL)";
    case RTB_SERVICE_TASK_DORMANT:
        return "uC/OS-II readies a task when it creates it (OSTaskCreate puts it in the ready table): its "
               "dormant state is a task not created, no creation apart from the start";
    default:
        return NULL;
    }
}

#ifdef RTB_WITH_SERVICES

struct rtb_flags {
    OS_FLAG_GRP *group;
};
struct rtb_timer {
    OS_TMR *timer; /* the kernel's own pool (OS_TMR_CFG_MAX) */
    rtb_timer_fn fn;
    void *arg;
};

static struct rtb_flags flag_groups[RTB_PORT_MAX_FLAGS];
static struct rtb_timer timers[RTB_PORT_MAX_TIMERS];

/* uC/OS-II waits forever on 0 and has separate non-blocking calls (Accept). */
static INT32U to_ticks(uint32_t timeout) { return timeout == RTB_WAIT_FOREVER ? 0u : (INT32U)timeout; }

const char *rtb_os_service_unsupported(rtb_service service) { return rtb_port_service_lacking(service); }

#include "rtb_port_no_heap.h"

rtb_flags *rtb_os_flags_create(void)
{
    for (unsigned i = 0; i < RTB_PORT_MAX_FLAGS; i++) {
        rtb_flags *flags = &flag_groups[i];
        if (flags->group)
            continue;
        INT8U err;
        flags->group = OSFlagCreate(0u, &err);
        return flags->group ? flags : NULL;
    }
    return NULL;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (flags && flags->group) {
        INT8U err;
        (void)OSFlagDel(flags->group, OS_DEL_ALWAYS, &err);
        flags->group = NULL;
    }
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    INT8U err;
    (void)OSFlagPost(flags->group, (OS_FLAGS)bits, OS_FLAG_SET, &err);
    return err == OS_ERR_NONE ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    INT8U err;
    INT8U type = (INT8U)((all ? OS_FLAG_WAIT_SET_ALL : OS_FLAG_WAIT_SET_ANY) | OS_FLAG_CONSUME);
    OS_FLAGS got = timeout == RTB_NO_WAIT ? OSFlagAccept(flags->group, (OS_FLAGS)bits, type, &err)
                                          : OSFlagPend(flags->group, (OS_FLAGS)bits, type, to_ticks(timeout), &err);
    *seen = err == OS_ERR_NONE ? (uint32_t)got & bits : 0u;
    return err == OS_ERR_NONE ? RTB_OK : RTB_TIMEOUT;
}

static void timer_expired(void *kernel_timer, void *arg)
{
    (void)kernel_timer;
    rtb_timer *timer = arg;
    timer->fn(timer->arg);
}

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    if (ticks == 0u)
        return NULL;
    for (unsigned i = 0; i < RTB_PORT_MAX_TIMERS; i++) {
        rtb_timer *timer = &timers[i];
        if (timer->timer)
            continue;
        INT8U err;
        timer->fn = fn;
        timer->arg = arg;
        timer->timer = OSTmrCreate((INT32U)ticks, 0u, OS_TMR_OPT_ONE_SHOT, timer_expired, timer, (INT8U *)"rtb", &err);
        return timer->timer ? timer : NULL;
    }
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer)
{
    if (timer && timer->timer) {
        INT8U err;
        (void)OSTmrDel(timer->timer, &err);
        timer->timer = NULL;
    }
}

rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    INT8U err;
    return OSTmrStart(timer->timer, &err) == OS_TRUE ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer)
{
    INT8U err;
    (void)OSTmrStop(timer->timer, OS_TMR_OPT_NONE, NULL, &err);
    return err == OS_ERR_NONE || err == OS_ERR_TMR_STOPPED ? RTB_OK : RTB_ERROR;
}

#endif

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    (void)timer;
    (void)expiry_ts;
    return false; /* timers expire on the tick, not at a timestamp the kernel knows */
}
