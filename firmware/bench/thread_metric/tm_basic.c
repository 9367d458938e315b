/* tm_basic (Thread-Metric basic processing): one task repeats a fixed unit of integer and
 * memory work. Reports units of work per period: the platform's raw speed, the baseline the
 * other Thread-Metric results are read against. Checked: every unit computes the right sum. */
#include "tm_measure.h"

#define PRIO 10u
#define WORDS 32u

static struct {
    rtb_run *run;
    rtb_group group;
    volatile uint32_t count;
    uint32_t work[WORDS];
} s;

static void worker(void *arg)
{
    (void)arg;
    for (uint32_t round = 0; rtb_group_running(&s.group); round++) {
        uint32_t sum = 0;
        for (uint32_t i = 0; i < WORDS; i++)
            s.work[i] = round + i;
        for (uint32_t i = 0; i < WORDS; i++)
            sum += s.work[i];
        if (sum != WORDS * round + WORDS * (WORDS - 1u) / 2u)
            rtb_fail(s.run, "basic processing computed a wrong sum");
        s.count++;
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.count = 0;
    if (rtb_group_init(&s.group, run) && rtb_group_spawn(&s.group, "tm_basic", worker, 0, PRIO))
        tm_measure(run, &s.group, &s.count, 1, 1, 0);
    else
        rtb_group_join(&s.group, 0);
}

RTB_PARAM_VALUES(tm_basic, 100);
RTB_BENCHMARK(tm_basic, 100, "Thread-Metric basic processing: units of integer and memory work per period", run,
              RTB_PARAM(tm_basic, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
