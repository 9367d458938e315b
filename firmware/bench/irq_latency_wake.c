/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* irq_latency, irq_task_wake: a hardware timer interrupt, raised while the idle task runs,
 * whose handler gives a semaphore the measuring task blocks on.
 * irq_latency times the interrupt to the handler's first timestamp read; irq_task_wake times
 * it to the woken task running. Both intervals start at a hardware event, timed by the
 * interrupt timer itself, so no read overhead is subtracted.
 * Checked: exactly one interrupt per arming, and the task was woken by it. */
#include "rtb/bench.h"
#include "rtb/irq.h"

/* Far enough ahead for the task to block first (about 600 instructions on qemu-m3). A target on
 * which arming and blocking take longer (a Linux guest under instruction counting) says how far. */
#ifdef RTB_TARGET_IRQ_TRIGGER_DELAY_US
#define TRIGGER_DELAY_US RTB_TARGET_IRQ_TRIGGER_DELAY_US
#else
#define TRIGGER_DELAY_US 80u
#endif

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
        rtb_irq_trigger(rtb_us_to_ts(TRIGGER_DELAY_US));
        rtb_err taken = rtb_os_sem_take(s.sem, timeout);
        uint32_t t_task = rtb_now();
        if (taken != RTB_OK)
            rtb_fail(run, "the timer interrupt never woke the task");
        else if (s.fired != i + 1u)
            rtb_fail(run, "one arming raised more or fewer than one interrupt");
        else
            rtb_sample(run, (int32_t)((span == TO_HANDLER ? s.t_entry : t_task) - s.t_fire));
    }
    rtb_irq_detach();
    rtb_os_sem_delete(s.sem);
}

static void run_latency(rtb_run *r) { run(r, TO_HANDLER); }
static void run_wake(rtb_run *r) { run(r, TO_TASK); }

RTB_BENCHMARK(irq_latency, 80, "hardware timer interrupt (idle task running) to its handler's first timestamp read",
              run_latency, .flags = RTB_RAW);
RTB_BENCHMARK(irq_task_wake, 81, "hardware interrupt whose handler gives a semaphore: interrupt to the woken task running",
              run_wake, .flags = RTB_RAW);
