/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_suspend, task_resume: suspending and resuming a task alone, with no context switch (the
 * resume to a preempting task is task_preempt).
 * task_suspend: the runner suspends a ready task less urgent than itself, then resumes it
 * (untimed). Kernels that cannot suspend another task (POSIX) report unsupported.
 * task_resume: a high task resumes a task less urgent than itself that suspended itself; the
 * resumed task runs only once the high task blocks again (on a semaphore that a third, least
 * urgent task gives), so the call is timed alone on every kernel.
 * Checked: every call succeeded, the suspended task never ran while suspended, and a resumed
 * task ran once the caller blocked. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH (RTB_PRIO_RUNNER - 1u)
#define PRIO_TARGET (RTB_PRIO_RUNNER - 2u)
#define PRIO_KICKER (RTB_PRIO_RUNNER - 3u)

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_task *target;
    rtb_sem *go;
    volatile bool suspended;
    volatile uint32_t runs;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void target_task(void *arg)
{
    (void)arg;
    rtb_os_task_yield(); /* a host kernel deletes a thread here, at a cancellation point */
    for (;;) {
        s.runs++;
        s.suspended = true;
        rtb_os_task_suspend_self();
        s.suspended = false;
    }
}

static void run_suspend(rtb_run *run)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_TASK_SUSPEND);
    if (why) {
        rtb_unsupported(run, why);
        return;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_TASK_SUSPEND));
    s.runs = 0;
    rtb_task *task = rtb_os_task_create("target", target_task, 0, PRIO_HIGH);
    if (!task) {
        rtb_fail(run, "could not create a task");
        return;
    }
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_err suspended = rtb_os_task_suspend(task);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(run, suspended, "task suspend failed") ||
            !rtb_expect_ok(run, rtb_os_task_resume(task), "task resume failed"))
            break;
        rtb_sample(run, (int32_t)(t1 - t0));
    }
    if (s.runs)
        rtb_fail(run, "a task less urgent than the runner ran while the runner was busy");
    rtb_os_task_delete(task);
}

static void high_task(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        if (!rtb_expect_ok(s.run, rtb_os_sem_take(s.go, RTB_WAIT_FOREVER), "semaphore take failed"))
            break;
        if (!s.suspended || s.runs != i + 1u) {
            rtb_fail(s.run, "the task to resume was not suspended, or had not run since its last resume");
            break;
        }
        uint32_t t0 = rtb_now();
        rtb_err resumed = rtb_os_task_resume(s.target);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(s.run, resumed, "task resume failed"))
            break;
        if (s.runs != i + 1u)
            rtb_fail(s.run, "resuming a less urgent task ran it before the caller blocked");
        rtb_sample(s.run, (int32_t)(t1 - t0));
    }
    rtb_group_stop(&s.group);
    rtb_group_done(&s.group);
}

/* Runs only when both others are blocked: the target has suspended itself again. */
static void kicker_task(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group))
        rtb_os_sem_give(s.go);
    rtb_group_done(&s.group);
}

static void run_resume(rtb_run *run)
{
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_TASK_SUSPEND));
    s.run = run;
    s.runs = 0;
    s.suspended = false;
    s.go = rtb_os_sem_create(0, 1);
    if (!s.go) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_HIGH);
        s.target = rtb_group_spawn(&s.group, "target", target_task, 0, PRIO_TARGET);
        rtb_group_spawn(&s.group, "kicker", kicker_task, 0, PRIO_KICKER);
        rtb_group_join(&s.group, 2);
    }
    rtb_os_sem_delete(s.go);
}

RTB_BENCHMARK(task_suspend, 132, "suspend a ready task less urgent than the caller: the call, no switch", run_suspend);
RTB_BENCHMARK(task_resume, 133, "resume a suspended task less urgent than the caller: the call, no switch", run_resume);
