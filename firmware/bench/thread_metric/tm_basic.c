/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_basic (Thread-Metric basic processing, as the suite defines it): one task sweeps a
 * 1024-word array, replacing each word w by (w + n) ^ w where n counts the sweeps. Reports
 * sweeps per period: the platform's raw speed, the baseline the other Thread-Metric results
 * are read against. Checked: every word holds what the recurrence gives (they all start at 0
 * and see the same n, so they stay equal to one scalar replay of it). */
#include "tm_measure.h"

#define PRIO 10u
#define WORDS 1024u

static struct {
    rtb_group group;
    volatile uint32_t count;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */
/* An array of its own, as the suite's: inside the struct GCC adds its offset on every word. */
static volatile uint32_t work[WORDS] RTB_NOINIT;

static void worker(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < WORDS; i++)
        work[i] = 0;
    while (rtb_group_running(&s.group)) {
        /* The count does not change during a sweep: read once, as GCC compiles the suite's
         * plain global (re-reading the volatile each word would cost 2 instructions of 10). */
        uint32_t n = s.count;
        for (uint32_t i = 0; i < WORDS; i++)
            work[i] = (work[i] + n) ^ work[i];
        s.count = n + 1u;
    }
    rtb_group_done(&s.group);
}

static void check(rtb_run *run)
{
    /* The worker may be between two words of a sweep: check once it has stopped. */
    uint32_t value = 0;
    for (uint32_t n = 0; n < s.count; n++)
        value = (value + n) ^ value;
    for (uint32_t i = 0; i < WORDS; i++)
        if (work[i] != value)
            rtb_fail(run, "basic processing left a word the recurrence does not give");
}

static void run(rtb_run *run)
{
    s.count = 0;
    if (rtb_group_init(&s.group, run) && rtb_group_spawn(&s.group, "tm_basic", worker, 0, PRIO))
        tm_measure(run, &s.group, &s.count, 1, 1, 0);
    else
        rtb_group_join(&s.group, 0);
    if (!rtb_failed(run))
        check(run);
}

RTB_PARAM_VALUES(tm_basic, 100);
RTB_BENCHMARK(tm_basic, 100, "Thread-Metric basic processing: 1024-word sweeps per period", run,
              RTB_PARAM(tm_basic, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
