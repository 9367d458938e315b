/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sem_take, sem_give: an uncontended semaphore in one task, each call timed on its own. */
#include "rtb/bench.h"

typedef enum { TIME_TAKE, TIME_GIVE } timed_call;

static void run(rtb_run *run, timed_call timed)
{
    rtb_sem *sem = rtb_os_sem_create(0, 1);
    if (!sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_err given = rtb_os_sem_give(sem);
        uint32_t t1 = rtb_now();
        rtb_err taken = rtb_os_sem_take(sem, RTB_NO_WAIT);
        uint32_t t2 = rtb_now();
        /* The count must go 0 -> 1 -> 0: a second take has to find it empty. */
        if (given != RTB_OK || taken != RTB_OK || rtb_os_sem_take(sem, RTB_NO_WAIT) != RTB_TIMEOUT) {
            rtb_fail(run, "semaphore count wrong after give/take");
            break;
        }
        rtb_sample(run, (int32_t)(timed == TIME_GIVE ? t1 - t0 : t2 - t1));
    }
    rtb_os_sem_delete(sem);
}

static void run_take(rtb_run *r) { run(r, TIME_TAKE); }
static void run_give(rtb_run *r) { run(r, TIME_GIVE); }

RTB_BENCHMARK(sem_take, 40, "uncontended semaphore take (count 1 -> 0), one task", run_take);
RTB_BENCHMARK(sem_give, 41, "uncontended semaphore give (count 0 -> 1), no waiter", run_give);
