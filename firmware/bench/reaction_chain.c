/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* reaction_chain: the emulation study's (Weiss et al.) reaction of a fast reactive system, with
 * application work in it: a hardware interrupt -> its handler gives a semaphore -> the service
 * task runs and hands over to the control task (a semaphore, then blocks) -> the control task
 * does a fixed amount of application work (option `work`, in units of one xorshift step folded
 * into a 16-word process image) -> gives a semaphore back to the service task, which runs again.
 * Parameter `tasks`: K ready background tasks below the chain (they yield forever, one priority
 * each, so the most urgent of them runs while the chain waits and the interrupt lands in it).
 * Timed: from the hardware interrupt (timed by the interrupt timer itself) to the service task
 * running again. The phases are the mean of each stage over the kept samples (they add up to
 * the mean chain); the RTOS's share of the chain is everything but the `work` phase.
 * Checked: one interrupt per arming, the control task computed the expected result every time,
 * and with K > 0 a background task ran before every interrupt (the chain had blocked). */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/irq.h"

/* Far enough ahead for both tasks of the chain to block and the background to run first: three
 * times the target's lead for one blocking (rtb/irq.h), and at least 1 ms (on the soft-core at
 * 10 MHz nominal two blockings and switches outlast 400 us). */
#define TRIGGER_DELAY_US (3u * RTB_IRQ_LEAD_US > 1000u ? 3u * RTB_IRQ_LEAD_US : 1000u)
#define PRIO_SERVICE (RTB_PRIO_RUNNER - 1u)
#define PRIO_CONTROL (RTB_PRIO_RUNNER - 2u)
#define PRIO_FIRST_BACKGROUND 1u
#define DEFAULT_WORK 100u
#define IMAGE_WORDS 16u
#define SEED 0x9E3779B9u

enum { ST_ENTRY, ST_SERVICE, ST_CONTROL, ST_WORK, ST_BACK, STAGES };
static const char *const stage_names[STAGES] = {"irq_entry", "to_service", "to_control", "work", "back_to_service"};

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *irq_sem, *control_sem, *back_sem;
    uint32_t work, expected;
    uint32_t image[IMAGE_WORDS];
    volatile uint32_t t_fire, t_entry, t_control, t_work_end;
    uint32_t background_tasks;
    volatile uint32_t fired, result, background_runs, background_at_irq;
    volatile bool stop;
    uint64_t sums[STAGES];
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

/* The control task's application work: `units` steps, no kernel call. */
static uint32_t control_work(uint32_t units)
{
    uint32_t x = SEED;
    for (uint32_t i = 0; i < IMAGE_WORDS; i++)
        s.image[i] = i;
    for (uint32_t u = 0; u < units; u++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        s.image[u % IMAGE_WORDS] += x;
    }
    uint32_t sum = x;
    for (uint32_t i = 0; i < IMAGE_WORDS; i++)
        sum = ((sum << 5) | (sum >> 27)) ^ s.image[i];
    return sum;
}

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)arg;
    bool switch_needed = false;
    s.t_fire = t_fire;
    s.t_entry = t_entry;
    s.fired++;
    s.background_at_irq = s.background_runs;
    rtb_os_sem_give_from_isr(s.irq_sem, &switch_needed);
    return switch_needed;
}

static void control(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_sem_take(s.control_sem, RTB_WAIT_FOREVER);
        if (s.stop)
            break;
        s.t_control = rtb_now();
        s.result = control_work(s.work);
        s.t_work_end = rtb_now();
        rtb_os_sem_give(s.back_sem);
    }
    rtb_group_done(&s.group);
}

static void service(void *arg)
{
    (void)arg;
    rtb_run *run = s.run;
    uint32_t timeout = rtb_os_tick_hz() / 10u + 2u;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        s.result = 0;
        uint32_t background_before = s.background_runs;
        rtb_irq_trigger(rtb_us_to_ts(TRIGGER_DELAY_US));
        if (rtb_os_sem_take(s.irq_sem, timeout) != RTB_OK) {
            rtb_fail(run, "the timer interrupt never woke the service task");
            break;
        }
        uint32_t t_service = rtb_now();
        rtb_os_sem_give(s.control_sem);
        if (rtb_os_sem_take(s.back_sem, timeout) != RTB_OK) {
            rtb_fail(run, "the control task never gave the semaphore back");
            break;
        }
        uint32_t t_back = rtb_now();
        if (s.fired != i + 1u)
            rtb_fail(run, "one arming raised more or fewer than one interrupt");
        else if (s.background_tasks > 0 && s.background_at_irq == background_before)
            rtb_fail(run, "the interrupt came before the chain had blocked and the background tasks ran");
        else if (s.result != s.expected)
            rtb_fail(run, "the control task computed a different result");
        if (rtb_failed(run))
            break;
        if (i >= rtb_warmup(run)) {
            uint32_t spans[STAGES] = {s.t_entry - s.t_fire, t_service - s.t_entry, s.t_control - t_service,
                                      s.t_work_end - s.t_control, t_back - s.t_work_end};
            for (unsigned k = 0; k < STAGES; k++)
                s.sums[k] += spans[k];
        }
        rtb_sample(run, (int32_t)(t_back - s.t_fire));
    }
    s.stop = true;
    rtb_os_sem_give(s.control_sem);
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    uint32_t tasks = rtb_param(run);
    s.run = run;
    s.work = rtb_option(run, "work", DEFAULT_WORK);
    s.expected = control_work(s.work);
    s.fired = 0;
    s.background_runs = 0;
    s.background_tasks = tasks;
    s.stop = false;
    for (unsigned k = 0; k < STAGES; k++)
        s.sums[k] = 0;
    if (tasks > PRIO_CONTROL - PRIO_FIRST_BACKGROUND) {
        rtb_fail(run, "more background tasks than priorities below the chain");
        return;
    }
    s.irq_sem = rtb_os_sem_create(0, 1);
    s.control_sem = rtb_os_sem_create(0, 1);
    s.back_sem = rtb_os_sem_create(0, 1);
    if (!s.irq_sem || !s.control_sem || !s.back_sem) {
        rtb_fail(run, "could not create the chain's semaphores");
    } else if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn_ready_load(&s.group, tasks, PRIO_FIRST_BACKGROUND, PRIO_CONTROL, &s.background_runs);
        rtb_group_spawn(&s.group, "control", control, 0, PRIO_CONTROL);
        rtb_group_spawn(&s.group, "service", service, 0, PRIO_SERVICE);
        rtb_irq_attach(on_irq, 0);
        rtb_group_join(&s.group, rtb_failed(run) ? 0u : 2u);
        rtb_irq_detach();
        uint32_t kept = rtb_loops(run) - rtb_warmup(run);
        for (unsigned k = 0; k < STAGES && kept > 0 && !rtb_failed(run); k++)
            rtb_phase(run, stage_names[k], (int32_t)(s.sums[k] / kept));
    }
    if (s.irq_sem)
        rtb_os_sem_delete(s.irq_sem);
    if (s.control_sem)
        rtb_os_sem_delete(s.control_sem);
    if (s.back_sem)
        rtb_os_sem_delete(s.back_sem);
}

RTB_PARAM_VALUES(reaction_chain, 0, 2, 8);
RTB_BENCHMARK(reaction_chain, 82, "interrupt -> handler -> service task -> control task doing `work` units -> semaphore back, K tasks below: interrupt to the service task running again",
              run, .flags = RTB_RAW, RTB_PARAM(reaction_chain, "tasks"));
