/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* irq_latency, irq_task_wake: a hardware timer interrupt, raised while the idle task runs,
 * whose handler gives a semaphore the measuring task blocks on.
 * irq_latency times the interrupt to the handler's first timestamp read; irq_task_wake times
 * it to the woken task running. Both intervals start at a hardware event, timed by the
 * interrupt timer itself, so no read overhead is subtracted.
 * Checked: exactly one interrupt per arming, the task was woken by it, and (in rounds after
 * measuring, rtb/irq.h) the task had blocked when it fired. */
#include "rtb/bench.h"
#include "rtb/irq.h"

typedef enum { TO_HANDLER, TO_TASK } timed_span;

static struct {
    rtb_sem *sem;
    volatile uint32_t t_fire, t_entry;
    volatile uint32_t fired;
} s;

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)arg;
    bool switch_needed = false;
    s.t_fire = t_fire;
    s.t_entry = t_entry;
    s.fired++;
    rtb_os_sem_give_from_isr(s.sem, &switch_needed);
    return switch_needed;
}

/* Arm-and-block rounds with the witness below the task, after measuring (so that the samples
 * start where they did before the check): a lead too short fails the run. */
static void check_lead(rtb_run *run, uint32_t timeout)
{
    static rtb_irq_witness witness RTB_NOINIT;
    if (!rtb_irq_witness_start(&witness, run))
        return;
    for (uint32_t i = 0; i < RTB_IRQ_WITNESS_ROUNDS && !rtb_failed(run); i++) {
        rtb_irq_witness_arm(&witness);
        rtb_irq_trigger(rtb_us_to_ts(RTB_IRQ_LEAD_US));
        if (rtb_os_sem_take(s.sem, timeout) != RTB_OK)
            rtb_fail(run, "the timer interrupt never woke the task");
        else
            rtb_irq_witness_missed(&witness);
    }
    rtb_irq_witness_stop(&witness);
}

static void run(rtb_run *run, timed_span span)
{
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    s.fired = 0;
    rtb_irq_attach(on_irq, 0);
    uint32_t timeout = rtb_os_tick_hz() / 10u + 2u;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        rtb_irq_trigger(rtb_us_to_ts(RTB_IRQ_LEAD_US));
        rtb_err taken = rtb_os_sem_take(s.sem, timeout);
        uint32_t t_task = rtb_now();
        if (taken != RTB_OK)
            rtb_fail(run, "the timer interrupt never woke the task");
        else if (s.fired != i + 1u)
            rtb_fail(run, "one arming raised more or fewer than one interrupt");
        else
            rtb_sample(run, (int32_t)((span == TO_HANDLER ? s.t_entry : t_task) - s.t_fire));
    }
    if (!rtb_failed(run))
        check_lead(run, timeout);
    rtb_irq_detach();
    rtb_os_sem_delete(s.sem);
}

static void run_latency(rtb_run *r) { run(r, TO_HANDLER); }
static void run_wake(rtb_run *r) { run(r, TO_TASK); }

RTB_BENCHMARK(irq_latency, 80, "hardware timer interrupt (idle task running) to its handler's first timestamp read",
              run_latency, .flags = RTB_RAW);
RTB_BENCHMARK(irq_task_wake, 81, "hardware interrupt whose handler gives a semaphore: interrupt to the woken task running",
              run_wake, .flags = RTB_RAW);
