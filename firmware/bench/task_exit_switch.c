/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_exit_switch: a task ends itself (rtb_os_task_exit: FreeRTOS and uC/OS-II delete themselves,
 * a ThreadX thread terminates, an ASP3 task exits) and the less urgent task that created it runs
 * (rtos-benchmark's "Terminate (context switch)"). Timed: from the exit call to the creator
 * running. The task suspends itself when created and ends once resumed, so that it ends after
 * its creation returned. Checked: it ran once, before its resume returned, and never after its
 * exit.
 * After each exit the creator reclaims the slot and sleeps two ticks, so that a kernel that frees a
 * self-deleted task in its idle task (FreeRTOS) has done so (one tick could end right after the
 * sleep began, before the idle task got that far): one sample per exit (option `exits`). */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_CREATOR (RTB_PRIO_RUNNER - 2u)
#define PRIO_EXITING (RTB_PRIO_RUNNER - 1u)

static struct {
    rtb_run *run;
    rtb_group group;
    volatile uint32_t t0;
    volatile uint32_t ran;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void exiting_task(void *arg)
{
    (void)arg;
    /* Wait until the creation returned (the port has recorded the task), then end. */
    rtb_os_task_suspend_self();
    s.ran++;
    s.t0 = rtb_now();
    rtb_os_task_exit();
}

static void creator(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        rtb_task *task = rtb_os_task_create("exiting", exiting_task, 0, PRIO_EXITING);
        if (!task) {
            rtb_fail(s.run, "could not create a task");
            break;
        }
        rtb_os_task_resume(task); /* it preempts, and ends itself */
        uint32_t t1 = rtb_now();
        if (s.ran != i + 1u) {
            rtb_fail(s.run, "a resumed task more urgent than its creator did not run and end before the resume "
                            "returned");
            break;
        }
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
        rtb_os_task_delete(task); /* gives back what the kernel's exit left (ThreadX: the thread) */
        rtb_os_delay_ticks(2);
        if (s.ran != i + 1u) {
            rtb_fail(s.run, "a task ran again after it ended itself");
            break;
        }
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.ran = 0;
    if (!rtb_group_init(&s.group, run))
        return;
    rtb_group_spawn(&s.group, "creator", creator, 0, PRIO_CREATOR);
    rtb_group_join(&s.group, 1);
}

RTB_BENCHMARK(task_exit_switch, 156, "a task ends itself: exit call to the less urgent task running", run, .count = 100,
              .count_warmup = 2, .count_key = "exits");
