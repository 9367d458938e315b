/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_irq_preempt (Thread-Metric interrupt preemption processing): a low task raises the
 * hardware interrupt and waits; the handler wakes a blocked high task, which preempts the low
 * task when the interrupt returns. Reports preemptions per period. Checked: the high task ran
 * once per interrupt, before the low task continued. */
#include "tm_irq_source.h"

#define PRIO_HIGH 20u
#define PRIO_LOW 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t counts[2]; /* [0] low task rounds, [1] high task wake-ups */
} s;

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)t_fire;
    (void)t_entry;
    (void)arg;
    return tm_irq_give(s.sem);
}

static void high_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_sem_take(s.sem, RTB_WAIT_FOREVER);
        s.counts[1]++;
    }
}

static void low_task(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        uint32_t seen = s.counts[1];
        rtb_irq_trigger(1);
        while (s.counts[1] == seen && rtb_group_running(&s.group)) {
        }
        s.counts[0]++;
    }
    rtb_group_done(&s.group); /* the high task is blocked on the semaphore */
}

static void check(rtb_run *run)
{
    if (s.counts[1] == 0u)
        rtb_fail(run, "the interrupt never woke the high task");
    tm_expect_even(run, s.counts, 2, 1, "the high task did not preempt once per interrupt");
}

static void run(rtb_run *run)
{
    s.run = run;
    s.counts[0] = s.counts[1] = 0;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    rtb_irq_attach(on_irq, 0);
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "tm_irq_high", high_task, 0, PRIO_HIGH);
        rtb_group_spawn(&s.group, "tm_irq_low", low_task, 0, PRIO_LOW);
    }
    tm_measure(run, &s.group, &s.counts[1], 1, 1, check);
    rtb_irq_detach();
    rtb_os_sem_delete(s.sem);
}

RTB_PARAM_VALUES(tm_irq_preempt, 100);
RTB_BENCHMARK(tm_irq_preempt, 104, "Thread-Metric interrupt preemption: interrupt wakes a high task that preempts, per period", run,
              RTB_PARAM(tm_irq_preempt, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
