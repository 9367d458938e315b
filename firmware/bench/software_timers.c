/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* timer_start_stop, timer_expiry: the kernel's software timers (FreeRTOS timer task, uC/OS-II
 * OSTmr timer task, ThreadX application timers expiring in the tick interrupt, a timerfd thread on
 * Linux; the note says which).
 * timer_start_stop: one task starts a one-shot timer and stops it before it expires; timed: both
 * calls, start to stop returned. Checked: both succeeded, and the stopped timer never fired.
 * timer_expiry: a one-shot timer of one tick; timed: from its expiry to its callback's first
 * timestamp read. A tick-driven kernel's timers expire in the tick interrupt, so the expiry is
 * that interrupt's entry (the first timestamp its wrapper reads, reported by the port through
 * rtb/tick.h); where the kernel programs a clock (Linux) it is the programmed expiry. The task
 * that started the timer spins meanwhile (whatever runs the callback must preempt it). Samples:
 * one per expiry (option `expiries`, default 100). Checked: every expiry ran the callback once,
 * within three ticks. */
#include "rtb/bench.h"
#include "rtb/tick.h"

#define STOPPED_TICKS 3u
#define EXPIRY_TICKS 1u
#define EXPIRY_WAIT_TICKS 3u

static struct {
    volatile uint32_t fired;
    volatile uint32_t t_callback;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void on_expiry(void *arg)
{
    (void)arg;
    s.t_callback = rtb_now();
    s.fired++;
}

static rtb_timer *begin(rtb_run *run, uint32_t ticks)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_TIMERS);
    if (why) {
        rtb_unsupported(run, why);
        return 0;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_TIMERS));
    s.fired = 0;
    rtb_timer *timer = rtb_os_timer_create(ticks, on_expiry, 0);
    if (!timer)
        rtb_fail(run, "could not create a software timer");
    return timer;
}

static void run_start_stop(rtb_run *run)
{
    rtb_timer *timer = begin(run, STOPPED_TICKS);
    if (!timer)
        return;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_err started = rtb_os_timer_start(timer);
        rtb_err stopped = rtb_os_timer_stop(timer);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(run, started, "starting a timer failed") ||
            !rtb_expect_ok(run, stopped, "stopping a timer failed"))
            break;
        rtb_sample(run, (int32_t)(t1 - t0));
    }
    rtb_os_delay_ticks(STOPPED_TICKS + 2u); /* past when it would have expired */
    if (s.fired)
        rtb_fail(run, "a stopped timer fired");
    rtb_os_timer_delete(timer);
}

static void run_expiry(rtb_run *run)
{
    rtb_timer *timer = begin(run, EXPIRY_TICKS);
    if (!timer)
        return;
    rtb_os_delay_ticks(1); /* start right after a tick, as every later expiry does */
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t entry = 0, due = 0;
        uint32_t entries = rtb_tick_entries(&entry);
        uint32_t tick = rtb_os_tick_count();
        if (!rtb_expect_ok(run, rtb_os_timer_start(timer), "starting a timer failed"))
            break;
        bool programmed = rtb_os_timer_expiry_ts(timer, &due);
        while (s.fired == i && rtb_os_tick_count() - tick <= EXPIRY_WAIT_TICKS) {
        }
        if (s.fired != i + 1u) {
            rtb_fail(run, "the timer's callback did not run once within three ticks");
            break;
        }
        if (!programmed) {
            const char *why = rtb_os_tick_unobservable(); /* no clock, and no tick to take it from */
            if (why) {
                rtb_unsupported(run, why);
                break;
            }
            uint32_t seen = rtb_tick_entries(&entry) - entries;
            if (seen == 0u) {
                rtb_unsupported(run, "this port's tick interrupt does not report its entry (rtb_core_tick_entered), "
                                     "where a tick-driven kernel's timers expire");
                break;
            }
            due = entry;
        }
        rtb_sample(run, (int32_t)(s.t_callback - due));
    }
    rtb_os_timer_delete(timer);
}

RTB_BENCHMARK(timer_start_stop, 182, "start a one-shot software timer and stop it before it expires: both calls",
              run_start_stop, .flags = RTB_SERVICES);
RTB_BENCHMARK(timer_expiry, 183, "one-shot software timer of one tick: expiry (tick interrupt entry) to its callback running",
              run_expiry, .flags = RTB_SERVICES, .count = 100, .count_warmup = 2, .count_key = "expiries");
