/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* periodic_jitter: a periodic task's release lateness (a cyclictest equivalent where the kernel
 * can say when a release was due). Options: `periods` (releases per thread, default 200),
 * `period_us` (default 10000, one 100 Hz tick), `threads` (default 1) and `priority` (1..RTB_PRIO_MAX,
 * default one below the runner). One thread without `priority` runs in the catalogue task itself; otherwise
 * `threads` workers run at `priority`, each on its own timeline. `yielders` (default 0) adds tasks
 * at the lowest priority that only yield, so that a release preempts a running task rather than
 * the idle task (RTOSBench's partition jitter).
 * Each sample is the wake-up time minus the time the release was due:
 * - where the kernel reports the programmed release time (timers on the timestamp clock), the
 *   absolute lateness, as cyclictest measures it. A release later than a whole period is a
 *   measurement there, not a kernel error: it is kept, and a note counts such releases;
 * - otherwise (tick-driven kernels) against the ideal timeline from the first release, signed.
 *   Checked: no release was missed (lateness stays under one period). */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/text.h"

#define DEFAULT_PRIORITY (RTB_PRIO_MAX - 1u)
#define JOIN_MARGIN_MS 20000u

/* Set at every run; not zeroed at reset, so that boot_time does not pay for it. */
static struct {
    rtb_run *run;
    rtb_group group;
    rtb_group yielders;
    rtb_mutex *lock; /* serialises rtb_sample between worker threads */
    uint32_t period_us;
    uint32_t threads;
    volatile uint32_t late;
    volatile bool unsupported;
} s RTB_NOINIT;

static void record(int32_t lateness, bool late)
{
    if (s.lock)
        rtb_os_mutex_lock(s.lock, RTB_WAIT_FOREVER);
    s.late += late;
    rtb_sample(s.run, lateness);
    if (s.lock)
        rtb_os_mutex_unlock(s.lock);
}

static void release_loop(void)
{
    rtb_run *run = s.run;
    uint32_t period_ts = rtb_us_to_ts(s.period_us);
    rtb_period period;
    rtb_err begun = rtb_os_period_begin(&period, s.period_us);
    if (begun == RTB_UNSUPPORTED) {
        s.unsupported = true;
        return;
    }
    if (!rtb_expect_ok(run, begun, "could not start the periodic release"))
        return;
    uint32_t first = rtb_now();
    uint32_t loops = rtb_loops(run) / s.threads; /* the run counts every thread's releases */
    for (uint32_t k = 1; k <= loops && !rtb_failed(run); k++) {
        rtb_os_period_wait(&period);
        uint32_t now = rtb_now();
        uint32_t due;
        if (rtb_os_period_release_ts(&period, &due)) {
            int32_t lateness = (int32_t)(now - due);
            record(lateness, lateness >= (int32_t)period_ts);
            continue;
        }
        uint32_t ideal = first + (uint32_t)((uint64_t)k * period_ts);
        int32_t lateness = (int32_t)(now - ideal);
        if (lateness >= (int32_t)period_ts || lateness <= -(int32_t)period_ts)
            rtb_fail(run, "a periodic release was missed");
        record(lateness, false);
    }
}

static void worker(void *arg)
{
    (void)arg;
    release_loop();
    rtb_group_done(&s.group);
}

static void yielder(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.yielders))
        rtb_os_task_yield();
    rtb_group_done(&s.yielders);
}

static bool start_yielders(rtb_run *run, uint32_t count)
{
    if (count == 0u)
        return true;
    if (count > RTB_GROUP_MAX) {
        rtb_fail(run, "option yielders must be 0..40");
        return false;
    }
    if (!rtb_group_init(&s.yielders, run))
        return false;
    for (uint32_t i = 0; i < count && !rtb_failed(run); i++)
        rtb_group_spawn(&s.yielders, "yielder", yielder, 0, 1u);
    return !rtb_failed(run);
}

static void stop_yielders(uint32_t count)
{
    if (count == 0u || count > RTB_GROUP_MAX || !s.yielders.done)
        return; /* none started */
    rtb_group_stop(&s.yielders);
    rtb_group_join(&s.yielders, rtb_failed(s.run) ? 0u : s.yielders.count);
}

static void run_workers(rtb_run *run, uint32_t threads, uint32_t priority)
{
    if (priority == 0u || priority > RTB_PRIO_MAX) {
        rtb_fail(run, "option priority must be from 1 to the port's highest (RTB_PRIO_MAX)");
        return;
    }
    if (threads > 1u && !(s.lock = rtb_os_mutex_create())) {
        rtb_fail(run, "could not create a mutex");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        uint64_t span_ms = (uint64_t)rtb_option(run, "periods", 200u) * s.period_us / 1000u;
        s.group.timeout_ms = (uint32_t)(span_ms < 0xFFFF0000u - JOIN_MARGIN_MS ? span_ms : 0xFFFF0000u) +
                             JOIN_MARGIN_MS;
        for (uint32_t i = 0; i < threads && !rtb_failed(run); i++)
            rtb_group_spawn(&s.group, "periodic", worker, 0, priority);
        rtb_group_join(&s.group, threads);
    }
    if (s.lock)
        rtb_os_mutex_delete(s.lock);
}

static void run(rtb_run *run)
{
#if defined(RTB_TS_COUNTS_WORK)
    rtb_unsupported(run, "the timestamps count work (instructions), not time");
    return;
#endif
    s.run = run;
    s.lock = 0;
    s.late = 0;
    s.unsupported = false;
    s.period_us = rtb_option(run, "period_us", 10000u);
    uint32_t threads = rtb_option(run, "threads", 1u);
    s.threads = threads;
    uint32_t priority = rtb_option(run, "priority", 0u);
    if (threads == 0u || threads > RTB_GROUP_MAX) {
        rtb_fail(run, "option threads must be 1..40");
        return;
    }
    uint32_t yielders = rtb_option(run, "yielders", 0u);
    if (start_yielders(run, yielders)) {
        if (threads == 1u && priority == 0u)
            release_loop();
        else
            run_workers(run, threads, priority ? priority : DEFAULT_PRIORITY);
    }
    stop_yielders(yielders);
    if (s.unsupported)
        rtb_unsupported(run, "the kernel cannot release at this period (not a whole number of ticks)");
    if (s.late) {
        static const char suffix[] = " releases later than one period (kept as samples)";
        char text[RTB_TEXT_U32_LEN + sizeof suffix];
        unsigned len = 0;
        for (const char *c = rtb_text_u32(text, s.late); *c; c++)
            len++;
        for (unsigned i = 0; i < sizeof suffix; i++)
            text[len + i] = suffix[i];
        rtb_note(run, text);
    }
}

RTB_BENCHMARK(periodic_jitter, 91, "periodic release lateness: against the programmed release time where the kernel knows it, else against the first release (signed)", run,
              .flags = RTB_RAW, .count = 200, .count_warmup = 1, .count_key = "periods",
              .count_per_key = "threads");
