/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_irq (Thread-Metric interrupt processing): a task raises the benchmark's hardware
 * interrupt; the handler gives a semaphore the task then takes. Reports interrupts handled
 * per period. Checked: every take was matched by an interrupt. */
#include "tm_irq_source.h"

#define PRIO 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t handled, interrupts;
} s;

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)t_fire;
    (void)t_entry;
    (void)arg;
    s.interrupts++;
    return tm_irq_give(s.sem);
}

static void worker(void *arg)
{
    (void)arg;
    uint32_t timeout = rtb_os_tick_hz() / 10u + 2u;
    while (rtb_group_running(&s.group)) {
        rtb_irq_trigger(1); /* the shortest delay the timer has */
        if (rtb_os_sem_take(s.sem, timeout) != RTB_OK)
            rtb_fail(s.run, "the interrupt never gave the semaphore");
        s.handled++;
    }
    rtb_group_done(&s.group);
}

static void check(rtb_run *run)
{
    uint32_t gap = s.interrupts - s.handled;
    if (gap > 1u)
        rtb_fail(run, "interrupts and semaphore takes do not match");
}

static void run(rtb_run *run)
{
    s.run = run;
    s.handled = s.interrupts = 0;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    rtb_irq_attach(on_irq, 0);
    if (rtb_group_init(&s.group, run))
        rtb_group_spawn(&s.group, "tm_irq", worker, 0, PRIO);
    tm_measure(run, &s.group, &s.handled, 1, 1, check);
    rtb_irq_detach();
    rtb_os_sem_delete(s.sem);
}

RTB_PARAM_VALUES(tm_irq, 100);
RTB_BENCHMARK(tm_irq, 103, "Thread-Metric interrupt processing: hardware interrupt -> semaphore -> task, per period", run,
              RTB_PARAM(tm_irq, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
