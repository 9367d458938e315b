/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's optional services on ASP3: event flags (wai_flg/set_flg) and one-shot timers, which
 * are ASP3's alarm handlers (sta_alm/stp_alm), run by the kernel in its timer interrupt. They are
 * created statically with the others (rtb_asp3.cfg); the port hands them out only in the image of
 * the benchmarks that use them (RTB_WITH_SERVICES). */
#include "kernel_impl.h" /* the kernel's own headers, for the alarm's event time (below) */
#include "time_event.h"
#include "alarm.h"
#include "kernel_cfg.h"

#include "rtb/os.h"
#include "rtb_asp3_cfg.h"
#include "rtb_port_services.h"

const char *rtb_os_service_kind(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_TASK_SUSPEND:
        return "ASP3 sus_tsk/rsm_tsk (another task); a task suspends itself with slp_tsk and is resumed "
               "with wup_tsk, which an interrupt may call (rsm_tsk is for tasks only)";
    case RTB_SERVICE_FLAGS:
        return "ASP3 event flags: set_flg / wai_flg (TWF_ORW or TWF_ANDW), then clr_flg of the bits that "
               "satisfied the wait (ASP3's TA_CLR would clear every bit)";
    case RTB_SERVICE_TIMERS:
        return "ASP3 alarm handlers (sta_alm/stp_alm), run in the interrupt of its timer, programmed for each "
               "alarm (no periodic tick): expiry is measured from the time the alarm was due";
    case RTB_SERVICE_QUEUE_PTR:
        return "ASP3 data queues carry one word: the pointer is the word itself";
    case RTB_SERVICE_YIELD:
        return "ASP3 rot_rdq(TPRI_SELF): rotates the caller's ready queue, a no-op switch when it is alone";
    case RTB_SERVICE_SEND_WAIT:
        return "ASP3 snd_dtq: a send to a full data queue waits on its send queue";
    case RTB_SERVICE_TASK_DORMANT:
        return "ASP3's tasks are created dormant by its configurator (CRE_TSK without TA_ACT): the create is "
               "the port's choice of a free dormant task, no kernel call; the start is act_tsk (at the "
               "staging level below every task) then chg_pri to the task's level";
    case RTB_SERVICE_CREATE:
    case RTB_SERVICE_HEAP:
    case RTB_SERVICE_RECURSIVE:
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return rtb_port_service_lacking(service);
    }
    return "";
}

const char *rtb_port_service_lacking(rtb_service service)
{
    switch (service) {
    case RTB_SERVICE_CREATE:
        return "ASP3 creates its semaphores, mutexes, data queues and alarms statically (the configurator's "
               "CRE_ calls): the port only hands them out, re-initialised";
    case RTB_SERVICE_HEAP:
        return "ASP3 has no variable-size heap: its one allocator, get_mpf/rel_mpf, hands out blocks of one "
               "fixed size (pool_alloc)";
    case RTB_SERVICE_RECURSIVE:
        return "ASP3's mutexes are not recursive: loc_mtx by the owner fails with E_OBJ";
    case RTB_SERVICE_QUEUE_WAKE_ORDER:
        return "ASP3's data queues wake their receivers in the order they waited (TA_TPRI orders only the "
               "senders), and ASP3 has no call to put the most urgent first";
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

static struct rtb_flags flag_groups[RTB_ASP3_FLAGS];
static struct rtb_timer timers[RTB_ASP3_ALARMS];

const char *rtb_os_service_unsupported(rtb_service service) { return rtb_port_service_lacking(service); }

#include "rtb_port_no_heap.h"

rtb_flags *rtb_os_flags_create(void)
{
    for (unsigned i = 0; i < RTB_ASP3_FLAGS; i++) {
        rtb_flags *flags = &flag_groups[i];
        if (flags->used)
            continue;
        flags->id = (ID)(RTB_FLG_0 + (ID)i);
        if (ini_flg(flags->id) != E_OK)
            return NULL;
        flags->used = true;
        return flags;
    }
    return NULL;
}

void rtb_os_flags_delete(rtb_flags *flags)
{
    if (flags && flags->used) {
        (void)ini_flg(flags->id);
        flags->used = false;
    }
}

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    return set_flg(flags->id, (FLGPTN)bits) == E_OK ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    FLGPTN pattern = 0u;
    TMO tmo = timeout == RTB_WAIT_FOREVER ? TMO_FEVR : (TMO)(timeout * (1000000u / RTB_ASP3_TICK_HZ));
    ER er = twai_flg(flags->id, (FLGPTN)bits, all ? TWF_ANDW : TWF_ORW, &pattern, tmo);
    if (er != E_OK) {
        *seen = 0u;
        return RTB_TIMEOUT;
    }
    *seen = (uint32_t)pattern & bits;
    (void)clr_flg(flags->id, ~(FLGPTN)*seen);
    return RTB_OK;
}

void rtb_asp3_alarm(EXINF exinf)
{
    struct rtb_timer *timer = &timers[(uintptr_t)exinf];
    timer->fn(timer->arg);
}

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    if (ticks == 0u)
        return NULL;
    for (unsigned i = 0; i < RTB_ASP3_ALARMS; i++) {
        rtb_timer *timer = &timers[i];
        if (timer->used)
            continue;
        timer->id = (ID)(RTB_ALM_0 + (ID)i);
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
        (void)stp_alm(timer->id);
        timer->used = false;
    }
}

/* `ticks` nominal ticks from now, as a delay (rtb_os_delay_ticks): ASP3 adds its timer's step. */
rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    RELTIM time = (RELTIM)timer->ticks * (1000000u / RTB_ASP3_TICK_HZ) - TSTEP_HRTCNT;
    return sta_alm(timer->id, time) == E_OK ? RTB_OK : RTB_ERROR;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer) { return stp_alm(timer->id) == E_OK ? RTB_OK : RTB_ERROR; }

uint32_t rtb_asp3_hrt_ts(HRTCNT hrt);

/* The kernel programs its clock for each alarm: the time the alarm is due, read from its control
 * block (as the ThreadX port reads a semaphore's count), converted from the kernel's event time
 * to its clock, then to the timestamp counter (rtbench's timer driver keeps the kernel's clock on
 * it: mps2/target_timer.c). */
bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    SIL_PRE_LOC;
    SIL_LOC_INT();
    EVTTIM due = almcb_table[timer->id - TMIN_ALMID].tmevtb.evttim;
    *expiry_ts = rtb_asp3_hrt_ts(current_hrtcnt + (HRTCNT)(due - current_evttim));
    SIL_UNL_INT();
    return true;
}

#else

void rtb_asp3_alarm(EXINF exinf) { (void)exinf; }

bool rtb_os_timer_expiry_ts(const rtb_timer *timer, uint32_t *expiry_ts)
{
    (void)timer;
    (void)expiry_ts;
    return false; /* no timers in this image */
}

#endif
