/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* mutex_create, mutex_delete: a mutex created and deleted again, each call timed on its own.
 * Checked: every creation succeeded and the new mutex is free (a lock without waiting succeeds and
 * its unlock too). Kernels whose objects are created statically (ASP3) report unsupported. */
#include "object_create_delete.h"

static void run(rtb_run *run, rtb_timed_call timed)
{
    if (!rtb_creates_objects(run))
        return;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_mutex *mutex = rtb_os_mutex_create();
        uint32_t t1 = rtb_now();
        if (!mutex) {
            rtb_fail(run, "could not create a mutex");
            break;
        }
        bool free = rtb_os_mutex_lock(mutex, RTB_NO_WAIT) == RTB_OK && rtb_os_mutex_unlock(mutex) == RTB_OK;
        uint32_t t2 = rtb_now();
        rtb_os_mutex_delete(mutex);
        uint32_t t3 = rtb_now();
        if (!free) {
            rtb_fail(run, "a new mutex could not be locked and unlocked");
            break;
        }
        rtb_sample_call(run, timed, t0, t1, t2, t3);
    }
}

static void run_create(rtb_run *r) { run(r, TIME_CREATE); }
static void run_delete(rtb_run *r) { run(r, TIME_DELETE); }

RTB_BENCHMARK(mutex_create, 162, "create a mutex: the call", run_create);
RTB_BENCHMARK(mutex_delete, 163, "delete a free mutex: the call", run_delete);
