/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_irq_preempt (Thread-Metric interrupt preemption processing, as the suite defines it): a
 * low task raises the hardware interrupt; the handler resumes a suspended high task directly
 * (no semaphore), which preempts the low task when the interrupt returns, counts, and suspends
 * itself, so the low task continues. Reports interrupts per period. Checked, as the suite
 * checks: the high task's runs, the low task's rounds and the interrupts stay within one of
 * each other, and every resume found the high task suspended. */
#include "rtb/irq.h"
#include "tm_measure.h"

#define PRIO_HIGH 20u
#define PRIO_LOW 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_task *high;
    volatile uint32_t counts[3]; /* [0] interrupts, [1] high task runs, [2] low task rounds */
    volatile rtb_err resumed;
} s;

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)t_fire;
    (void)t_entry;
    (void)arg;
    bool switch_needed = false;
    s.counts[0]++;
    /* Once stopping, the high task is about to be deleted: a late interrupt leaves it alone. */
    if (rtb_group_running(&s.group)) {
        rtb_err err = rtb_os_task_resume_from_isr(s.high, &switch_needed);
        if (err != RTB_OK)
            s.resumed = err;
    }
    return switch_needed;
}

/* Starts suspended, as the suite creates it: each resume is one run. */
static void high_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        s.counts[1]++;
    }
}

static void low_task(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        uint32_t seen = s.counts[1];
        /* The suite traps and gets back only after the high task ran; the timer's interrupt
         * comes a moment later, so wait for that run (at once where the kernel preempts). */
        rtb_irq_trigger(1);
        while (s.counts[1] == seen && rtb_group_running(&s.group)) {
        }
        s.counts[2]++;
    }
    rtb_group_done(&s.group); /* the high task is suspended */
}

static void check(rtb_run *run)
{
    if (s.resumed != RTB_OK)
        rtb_fail(run, "the handler's resume failed (was the high task not suspended?)");
    tm_expect_even(run, s.counts, 3, 1, "the high task did not run once per interrupt before the low task");
}

static void run(rtb_run *run)
{
    s.run = run;
    s.counts[0] = s.counts[1] = s.counts[2] = 0;
    s.resumed = RTB_OK;
    if (!rtb_group_init(&s.group, run))
        return;
    /* The high task suspends itself before the low task runs (it is more urgent), and both
     * start only once the catalogue task waits in tm_measure. */
    s.high = rtb_group_spawn(&s.group, "tm_irq_high", high_task, 0, PRIO_HIGH);
    rtb_group_spawn(&s.group, "tm_irq_low", low_task, 0, PRIO_LOW);
    rtb_irq_attach(on_irq, 0);
    tm_measure(run, &s.group, &s.counts[0], 1, 1, check);
    rtb_irq_detach();
}

RTB_PARAM_VALUES(tm_irq_preempt, 100);
RTB_BENCHMARK(tm_irq_preempt, 104, "Thread-Metric interrupt preemption: the handler resumes a high task that preempts and suspends itself, per period",
              run, RTB_PARAM(tm_irq_preempt, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
