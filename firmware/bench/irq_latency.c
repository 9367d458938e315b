/* irq_latency: a hardware timer interrupt, raised while the idle task runs, to the first
 * timestamp read of its handler. Timed by the interrupt timer itself (no read overhead to
 * subtract). Checked: exactly one interrupt per arming, and it woke the waiting task. */
#include "rtb/bench.h"
#include "rtb/irq.h"

/* Far enough ahead for the task to block first (about 600 instructions on qemu-m3). */
#define TRIGGER_DELAY_US 80u

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
        if (rtb_os_sem_take(s.sem, timeout) != RTB_OK)
            rtb_fail(run, "the timer interrupt never arrived");
        else if (s.fired != i + 1u)
            rtb_fail(run, "one arming raised more or fewer than one interrupt");
        else
            rtb_sample(run, (int32_t)(s.t_entry - s.t_fire));
    }
    rtb_irq_detach();
    rtb_os_sem_delete(s.sem);
}

RTB_BENCHMARK(irq_latency, 80, "hardware timer interrupt (idle task running) to its handler's first timestamp read", run,
              .flags = RTB_RAW);
