/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* preempt_irq_fpu: irq_task_wake with a busy lower-priority task interrupted instead of the
 * idle task: fpu=0 a task that never touches the FPU, fpu=1 one that computes with it all the
 * time, so that the interrupt and the switch to the woken task find FPU state live and the
 * kernel saves it. Timed: from the hardware interrupt (timed by the interrupt timer itself, no
 * read overhead subtracted) to the woken task running. Checked: one interrupt per arming, it
 * woke the task, the busy task's floating-point sum stays exact across every preemption, and
 * (fpu=0, in rounds after measuring) the busy task had run before the interrupt: the waiter had
 * blocked. */
#include "rtb/bench.h"
#include "rtb/fpu.h"
#include "rtb/group.h"
#include "rtb/irq.h"

#define PRIO_WAITER (RTB_PRIO_RUNNER - 1u)
#define PRIO_BUSY 2u

#ifdef RTB_NO_FPU
/* No FPU state to preempt: nothing below is built, the benchmark only says why. */
static void run(rtb_run *run) { rtb_unsupported(run, RTB_NO_FPU); }
#else
static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t *spins; /* busy_plain's count, or NULL */
    volatile uint32_t t_fire;
    volatile uint32_t fired;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)t_entry;
    (void)arg;
    bool switch_needed = false;
    s.t_fire = t_fire;
    s.fired++;
    rtb_os_sem_give_from_isr(s.sem, &switch_needed);
    return switch_needed;
}

/* Arm-and-block rounds after measuring (as irq_task_wake): busy_plain, which runs only once the
 * waiter has blocked, must have counted before every interrupt that no tick came before. */
static void check_lead(uint32_t timeout)
{
    for (uint32_t i = 0; i < RTB_IRQ_WITNESS_ROUNDS && !rtb_failed(s.run); i++) {
        uint32_t spins = *s.spins, ticks = rtb_os_tick_count();
        rtb_irq_trigger(rtb_us_to_ts(RTB_IRQ_LEAD_US));
        if (rtb_os_sem_take(s.sem, timeout) != RTB_OK)
            rtb_fail(s.run, "the timer interrupt never woke the task");
        else if (*s.spins == spins && rtb_os_tick_count() == ticks)
            rtb_fail(s.run, "the benchmark interrupt fired before the waiter had blocked (the busy task had "
                            "not run): the target's interrupt lead (RTB_TARGET_IRQ_TRIGGER_DELAY_US) is too short");
    }
}

static void waiter(void *arg)
{
    (void)arg;
    uint32_t timeout = rtb_os_tick_hz() / 10u + 2u;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        rtb_irq_trigger(rtb_us_to_ts(RTB_IRQ_LEAD_US));
        rtb_err taken = rtb_os_sem_take(s.sem, timeout);
        uint32_t t_task = rtb_now();
        if (taken != RTB_OK)
            rtb_fail(s.run, "the timer interrupt never woke the task");
        else if (s.fired != i + 1u)
            rtb_fail(s.run, "one arming raised more or fewer than one interrupt");
        else
            rtb_sample(s.run, (int32_t)(t_task - s.t_fire));
    }
    if (s.spins)
        check_lead(timeout);
    rtb_group_stop(&s.group); /* the busy task then finishes by itself where a kernel needs it */
    rtb_group_done(&s.group);
}

/* Never executes a floating-point instruction: its context has no FPU state. */
static void busy_plain(void *arg)
{
    volatile uint32_t *spins = arg;
    while (rtb_group_running(&s.group))
        (*spins)++;
    rtb_group_done(&s.group);
}

/* Counts in a floating-point register and an integer one, which must agree (exact below 2^24). */
static void busy_fpu(void *arg)
{
    (void)arg;
    float sum = 0.0f;
    uint32_t n = 0;
    while (rtb_group_running(&s.group)) {
        sum += 1.0f;
        if (++n == (1u << 24)) {
            sum = 0.0f;
            n = 0;
        }
        if (sum != (float)n) {
            rtb_fail(s.run, "the busy task's floating-point state changed across a preemption");
            break;
        }
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    static volatile uint32_t spins RTB_NOINIT;
    const char *why_not = rtb_os_fpu_unsupported();
    if (why_not) {
        rtb_unsupported(run, why_not);
        return;
    }
    s.run = run;
    s.fired = 0;
    s.spins = rtb_param(run) ? 0 : &spins;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        rtb_irq_attach(on_irq, 0);
        rtb_group_spawn(&s.group, "busy", rtb_param(run) ? busy_fpu : busy_plain, (void *)&spins, PRIO_BUSY);
        rtb_group_spawn(&s.group, "waiter", waiter, 0, PRIO_WAITER);
        rtb_group_join(&s.group, 1);
        rtb_irq_detach();
    }
    rtb_os_sem_delete(s.sem);
}
#endif

RTB_PARAM_VALUES(preempt_irq_fpu, 0, 1);
RTB_BENCHMARK(preempt_irq_fpu, 139,
              "irq_task_wake interrupting a busy task that never uses the FPU (fpu=0) or computes with it (fpu=1)",
              run, .flags = RTB_RAW, RTB_PARAM(preempt_irq_fpu, "fpu"));
