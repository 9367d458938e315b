/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sched_decision_blocked: the kernel's context-switch decision when N tasks (parameter `tasks`)
 * are blocked at the priorities between the task that stops and the next ready one. A high task
 * suspends itself, a low task resumes it; the N tasks, each at a priority of its own between the
 * two, stay suspended. The samples are the decisions made when the high task suspends: the
 * kernel must find the low task N levels further down. A selection that searches the ready
 * lists level by level (FreeRTOS's generic selection, the co-design study's FreeRTOS 7.4) grows
 * with N; a bitmap or a hardware selector does not. (sched_decision_prio puts its N tasks below
 * the pair, where no search reaches them.) Timed from the kernel's own trace hooks, as
 * sched_decision. Checked: every resume preempted (the pair alternated), no blocked task ran
 * again, and every decision was observed. */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/sched.h"

#define PRIO_HIGH (RTB_PRIO_RUNNER - 1u)

static struct {
    rtb_group group;
    rtb_task *high;
    uint32_t decisions; /* observed: two per round, the suspend's and the resume's */
    volatile uint32_t resumes, high_runs, blocked_runs;
} s;

static void high_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        s.high_runs++;
    }
}

/* Runs once, at its priority between the pair, and stays suspended from then on. */
static void blocked_task(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        s.blocked_runs++;
    }
}

static void low_task(void *arg)
{
    (void)arg;
    /* Every task above has run and suspended itself: arm now, so the set-up's decisions are no
     * samples. The first decision is then the resume's (to the high task), and they alternate. */
    rtb_sched_capture_start(s.decisions);
    /* Bounded, so that a decision the hooks miss fails the check instead of hanging. */
    for (uint32_t i = 0; i < 4u * s.decisions && rtb_sched_capture_count() < s.decisions; i++) {
        rtb_os_task_resume(s.high);
        s.resumes++;
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    uint32_t tasks = rtb_param(run);
    s.decisions = 2u * rtb_loops(run);
    if (s.decisions > RTB_SCHED_CAPTURE_MAX) {
        rtb_fail(run, "more decisions requested than the capture buffer holds (2 per sample, 2048)");
        return;
    }
    if (tasks + 2u >= RTB_PRIO_RUNNER) {
        rtb_fail(run, "more blocked tasks than priority levels between the runner and the lowest one");
        return;
    }
    rtb_sched_capture_start(0); /* asks the port first: nothing to spawn if it cannot observe */
    if (rtb_failed(run) || !rtb_group_init(&s.group, run))
        return;
    s.resumes = s.high_runs = s.blocked_runs = 0;
    s.high = rtb_group_spawn(&s.group, "high", high_task, 0, PRIO_HIGH);
    for (uint32_t i = 0; i < tasks && !rtb_failed(run); i++)
        rtb_group_spawn(&s.group, "blocked", blocked_task, 0, PRIO_HIGH - 1u - i);
    rtb_group_spawn(&s.group, "low", low_task, 0, PRIO_HIGH - 1u - tasks);
    rtb_group_join(&s.group, 1); /* the tasks run while the runner waits here */
    uint32_t seen = rtb_sched_capture_count();
    rtb_sched_capture_stop();
    if (seen != s.decisions)
        rtb_fail(run, "fewer switch decisions were observed than requested");
    if (s.high_runs != s.resumes)
        rtb_fail(run, "a resume of the suspended higher-priority task did not preempt at once");
    if (s.blocked_runs)
        rtb_fail(run, "a task that stayed suspended ran");
    for (uint32_t i = 1; !rtb_failed(run) && i < seen; i += 2u) /* the suspends' decisions */
        rtb_sample(run, rtb_sched_capture_span(i));
}

RTB_PARAM_VALUES(sched_decision_blocked, 5, 10, 15, 25);
RTB_BENCHMARK(sched_decision_blocked, 190,
              "kernel context-switch decision past N blocked tasks at the priorities between the stopping task and the next",
              run, RTB_PARAM(sched_decision_blocked, "tasks"), .flags = RTB_TRACED, .count = 200, .count_warmup = 10,
              .count_key = "decisions");
