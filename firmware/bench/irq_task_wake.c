/* irq_task_wake: a hardware timer interrupt's handler gives a semaphore a task blocks on.
 * Timed: from the interrupt being raised to the woken task running. Checked: the task was
 * woken by that interrupt (one interrupt per wake-up, take succeeded). */
#include "rtb/bench.h"
#include "rtb/irq.h"

#define TRIGGER_DELAY_US 80u

static struct {
    rtb_sem *sem;
    volatile uint32_t t_fire;
    volatile uint32_t fired;
} s;

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)arg;
    (void)t_entry;
    bool switch_needed = false;
    s.t_fire = t_fire;
    s.fired++;
    rtb_os_sem_give_from_isr(s.sem, &switch_needed);
    return switch_needed;
}

static void run(rtb_run *run)
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
        uint32_t t1 = rtb_now();
        if (taken != RTB_OK)
            rtb_fail(run, "the timer interrupt never woke the task");
        else if (s.fired != i + 1u)
            rtb_fail(run, "one arming raised more or fewer than one interrupt");
        else
            rtb_sample(run, (int32_t)(t1 - s.t_fire));
    }
    rtb_irq_detach();
    rtb_os_sem_delete(s.sem);
}

RTB_BENCHMARK(irq_task_wake, 81, "hardware interrupt whose handler gives a semaphore: interrupt to the woken task running", run,
              .flags = RTB_RAW);
