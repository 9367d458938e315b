/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* irq_task_resume: the benchmark interrupt's handler resumes a suspended task directly (no
 * semaphore: the activation the Anh & Tan survey asks for). A task suspends itself; a less
 * urgent task, which therefore runs only once it is suspended, arms the interrupt timer and
 * blocks; the idle task runs until the interrupt. (Armed by the measured task itself, a tick
 * between the arming and its suspension could let the interrupt come first: a resume of a task
 * that is not suspended is lost, and the task would never wake.) Timed: from the hardware interrupt
 * (timed by the interrupt timer itself, so no read overhead is subtracted) to the resumed task
 * running, as irq_task_wake times the semaphore path. Checked: exactly one interrupt per arming,
 * it found the task suspended and resumed it, and (in rounds after measuring, rtb/irq.h) the
 * armer had blocked when it fired. */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/irq.h"

#define PRIO_TASK (RTB_PRIO_RUNNER - 1u)
#define PRIO_ARMER (RTB_PRIO_RUNNER - 2u)

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_task *task;
    rtb_sem *arm; /* given by the task before it suspends itself, taken by the armer */
    volatile uint32_t t_fire;
    volatile uint32_t fired;
    volatile rtb_err resumed;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static bool on_irq(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)t_entry;
    (void)arg;
    bool switch_needed = false;
    s.t_fire = t_fire;
    s.fired++;
    s.resumed = rtb_os_task_resume_from_isr(s.task, &switch_needed);
    return switch_needed;
}

/* A semaphore, not a suspension: should the interrupt come before the armer blocks, the next
 * give is kept until it takes it. */
static void armer(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_sem_take(s.arm, RTB_WAIT_FOREVER);
        rtb_irq_trigger(rtb_us_to_ts(RTB_IRQ_LEAD_US));
    }
}

/* Arm-and-block rounds with the witness below the armer, after measuring (as irq_task_wake). */
static void check_lead(void)
{
    static rtb_irq_witness witness RTB_NOINIT;
    if (!rtb_irq_witness_start(&witness, s.run))
        return;
    for (uint32_t i = 0; i < RTB_IRQ_WITNESS_ROUNDS && !rtb_failed(s.run); i++) {
        rtb_irq_witness_arm(&witness);
        rtb_os_sem_give(s.arm);
        rtb_os_task_suspend_self();
        rtb_irq_witness_missed(&witness);
    }
    rtb_irq_witness_stop(&witness);
}

static void task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        rtb_os_sem_give(s.arm); /* the armer is less urgent: it runs once this task is suspended */
        rtb_os_task_suspend_self();
        uint32_t t_task = rtb_now();
        if (s.fired != i + 1u)
            rtb_fail(s.run, "one arming raised more or fewer than one interrupt");
        else if (s.resumed != RTB_OK)
            rtb_fail(s.run, "the handler's resume failed (was the task not suspended yet?)");
        else
            rtb_sample(s.run, (int32_t)(t_task - s.t_fire));
    }
    if (!rtb_failed(s.run))
        check_lead();
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.fired = 0;
    s.resumed = RTB_OK;
    s.task = 0;
    s.arm = rtb_os_sem_create(0, 1);
    if (!s.arm) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        /* Spawned before the handler is attached: the tasks run only once the runner joins. */
        s.task = rtb_group_spawn(&s.group, "resumed", task, 0, PRIO_TASK);
        rtb_group_spawn(&s.group, "armer", armer, 0, PRIO_ARMER);
        rtb_irq_attach(on_irq, 0);
        rtb_group_join(&s.group, 1);
        rtb_irq_detach();
    }
    rtb_os_sem_delete(s.arm);
}

RTB_BENCHMARK(irq_task_resume, 134, "hardware interrupt whose handler resumes a suspended task: interrupt to the task running",
              run, .flags = RTB_RAW);
