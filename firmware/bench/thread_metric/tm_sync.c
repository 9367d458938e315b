/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_sync (Thread-Metric synchronisation processing): one task gives and takes a semaphore.
 * Reports give/take pairs per period. Checked: both calls succeed every time. */
#include "tm_measure.h"

#define PRIO 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t count;
} s;

static void worker(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        if (rtb_os_sem_give(s.sem) != RTB_OK || rtb_os_sem_take(s.sem, RTB_NO_WAIT) != RTB_OK)
            rtb_fail(s.run, "semaphore give or take failed");
        s.count++;
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.count = 0;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_group_init(&s.group, run))
        rtb_group_spawn(&s.group, "tm_sync", worker, 0, PRIO);
    tm_measure(run, &s.group, &s.count, 1, 1, 0);
    rtb_os_sem_delete(s.sem);
}

RTB_PARAM_VALUES(tm_sync, 100);
RTB_BENCHMARK(tm_sync, 106, "Thread-Metric synchronisation processing: semaphore give + take pairs per period", run,
              RTB_PARAM(tm_sync, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
