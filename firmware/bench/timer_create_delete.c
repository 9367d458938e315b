/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* timer_create, timer_delete: a one-shot software timer created and deleted again, each call timed
 * on its own (in the image with the kernel's timers, RTB_SERVICES). Checked: every creation
 * succeeded, the new timer starts and stops, and no deleted timer ever fired. Kernels whose
 * objects are created statically (ASP3) report unsupported. */
#include "object_create_delete.h"

#define TICKS 5u

static volatile uint32_t fired RTB_NOINIT;

static void on_expiry(void *arg)
{
    (void)arg;
    fired++;
}

static void run(rtb_run *run, rtb_timed_call timed)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_TIMERS);
    if (why) {
        rtb_unsupported(run, why);
        return;
    }
    if (!rtb_creates_objects(run))
        return;
    fired = 0;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_timer *timer = rtb_os_timer_create(TICKS, on_expiry, 0);
        uint32_t t1 = rtb_now();
        if (!timer) {
            rtb_fail(run, "could not create a software timer");
            break;
        }
        bool works = rtb_os_timer_start(timer) == RTB_OK && rtb_os_timer_stop(timer) == RTB_OK;
        uint32_t t2 = rtb_now();
        rtb_os_timer_delete(timer);
        uint32_t t3 = rtb_now();
        if (!works) {
            rtb_fail(run, "a new timer could not be started and stopped");
            break;
        }
        rtb_sample_call(run, timed, t0, t1, t2, t3);
    }
    rtb_os_delay_ticks(TICKS + 2u); /* past when any of them would have expired */
    if (fired)
        rtb_fail(run, "a stopped and deleted timer fired");
}

static void run_create(rtb_run *r) { run(r, TIME_CREATE); }
static void run_delete(rtb_run *r) { run(r, TIME_DELETE); }

RTB_BENCHMARK(timer_create, 184, "create a one-shot software timer: the call", run_create, .flags = RTB_SERVICES);
RTB_BENCHMARK(timer_delete, 185, "delete a stopped software timer: the call", run_delete, .flags = RTB_SERVICES);
