/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_memory (Thread-Metric memory allocation): one task allocates and frees a 128-byte block.
 * Reports allocate/free pairs per period. Checked: every allocation succeeds. */
#include "tm_measure.h"

#define PRIO 10u
#define BLOCK_SIZE 128u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_pool *pool;
    volatile uint32_t count;
} s;

static void worker(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        void *block = rtb_os_pool_alloc(s.pool);
        if (!block)
            rtb_fail(s.run, "allocation failed");
        else
            rtb_os_pool_free(s.pool, block);
        s.count++;
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.count = 0;
    rtb_note(run, rtb_os_pool_kind());
    s.pool = rtb_os_pool_create(BLOCK_SIZE, 1);
    if (!s.pool) {
        rtb_fail(run, "could not create a block pool");
        return;
    }
    if (rtb_group_init(&s.group, run))
        rtb_group_spawn(&s.group, "tm_memory", worker, 0, PRIO);
    tm_measure(run, &s.group, &s.count, 1, 1, 0);
    rtb_os_pool_delete(s.pool);
}

RTB_PARAM_VALUES(tm_memory, 100);
RTB_BENCHMARK(tm_memory, 107, "Thread-Metric memory allocation: 128-byte allocate + free pairs per period", run,
              RTB_PARAM(tm_memory, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
