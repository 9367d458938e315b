/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sem_create, sem_delete: a counting semaphore created (initial count 1) and deleted again, each
 * call timed on its own. Checked: every creation succeeded and the new semaphore holds exactly its
 * initial count (one take succeeds, a second finds it empty). Kernels whose objects are created
 * statically (ASP3) report unsupported. */
#include "object_create_delete.h"

static void run(rtb_run *run, rtb_timed_call timed)
{
    if (!rtb_creates_objects(run))
        return;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_sem *sem = rtb_os_sem_create(1, 2);
        uint32_t t1 = rtb_now();
        if (!sem) {
            rtb_fail(run, "could not create a semaphore");
            break;
        }
        bool counts = rtb_os_sem_take(sem, RTB_NO_WAIT) == RTB_OK && rtb_os_sem_take(sem, RTB_NO_WAIT) != RTB_OK;
        uint32_t t2 = rtb_now();
        rtb_os_sem_delete(sem);
        uint32_t t3 = rtb_now();
        if (!counts) {
            rtb_fail(run, "a new semaphore did not hold its initial count of one");
            break;
        }
        rtb_sample_call(run, timed, t0, t1, t2, t3);
    }
}

static void run_create(rtb_run *r) { run(r, TIME_CREATE); }
static void run_delete(rtb_run *r) { run(r, TIME_DELETE); }

RTB_BENCHMARK(sem_create, 160, "create a counting semaphore: the call", run_create);
RTB_BENCHMARK(sem_delete, 161, "delete a semaphore no task waits on: the call", run_delete);
