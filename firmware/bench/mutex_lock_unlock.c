/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* mutex_lock, mutex_unlock: an uncontended mutex in one task, each call timed on its own.
 * Checked: both calls succeed and the mutex is free again afterwards. */
#include "rtb/bench.h"

typedef enum { TIME_LOCK, TIME_UNLOCK } timed_call;

static void run(rtb_run *run, timed_call timed)
{
    rtb_mutex *mutex = rtb_os_mutex_create();
    if (!mutex) {
        rtb_fail(run, "could not create a mutex");
        return;
    }
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_err locked = rtb_os_mutex_lock(mutex, RTB_NO_WAIT);
        uint32_t t1 = rtb_now();
        rtb_err unlocked = rtb_os_mutex_unlock(mutex);
        uint32_t t2 = rtb_now();
        if (locked != RTB_OK || unlocked != RTB_OK) {
            rtb_fail(run, "uncontended mutex lock or unlock failed");
            break;
        }
        rtb_sample(run, (int32_t)(timed == TIME_LOCK ? t1 - t0 : t2 - t1));
    }
    rtb_os_mutex_delete(mutex);
}

static void run_lock(rtb_run *r) { run(r, TIME_LOCK); }
static void run_unlock(rtb_run *r) { run(r, TIME_UNLOCK); }

RTB_BENCHMARK(mutex_lock, 70, "uncontended mutex lock, one task", run_lock);
RTB_BENCHMARK(mutex_unlock, 71, "uncontended mutex unlock, one task", run_unlock);
