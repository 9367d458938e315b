/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sched_decision: the kernel's context-switch decision (choosing the next task) with N ready
 * tasks (parameter `tasks`), timed from the kernel's own trace hooks, which the port reports
 * to rtb/sched.h. N workers share one priority below the runner and yield in a loop, so every
 * yield makes the kernel choose among N ready tasks; the runner waits on the group, not on the
 * tick, so no decision of its own enters the samples. Samples: one per decision (option
 * `decisions`, default 200). Checked: the decisions were observed and the workers ran. */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/sched.h"

#define PRIO_WORKER 10u

static struct {
    rtb_group group;
    uint32_t decisions;
    volatile uint32_t yields, capturing;
} s;

static void worker(void *arg)
{
    (void)arg;
    if (!s.capturing) { /* the first worker to run arms: the runner's switch to it is no sample */
        s.capturing = 1u;
        rtb_sched_capture_start(s.decisions);
    }
    /* Bounded, so that decisions the hooks miss fail the check instead of hanging. */
    for (uint32_t i = 0; i < 4u * s.decisions && rtb_sched_capture_count() < s.decisions; i++) {
        rtb_os_task_yield();
        s.yields++;
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    uint32_t tasks = rtb_param(run);
    uint32_t decisions = s.decisions = rtb_loops(run);
    if (decisions > RTB_SCHED_CAPTURE_MAX) {
        rtb_fail(run, "more decisions requested than the capture buffer holds (2048)");
        return;
    }
    rtb_sched_capture_start(0); /* asks the port first: nothing to spawn if it cannot observe */
    if (rtb_failed(run) || !rtb_group_init(&s.group, run))
        return;
    s.yields = s.capturing = 0;
    for (uint32_t i = 0; i < tasks && !rtb_failed(run); i++)
        rtb_group_spawn(&s.group, "worker", worker, 0, PRIO_WORKER);
    rtb_group_join(&s.group, tasks); /* the workers run while the runner waits here */
    uint32_t seen = rtb_sched_capture_count();
    rtb_sched_capture_stop();
    if (seen != decisions)
        rtb_fail(run, "fewer switch decisions were observed than requested");
    if (tasks && s.yields == 0)
        rtb_fail(run, "the ready tasks never ran");
    for (uint32_t i = 0; !rtb_failed(run) && i < seen; i++)
        rtb_sample(run, rtb_sched_capture_span(i));
}

RTB_PARAM_VALUES(sched_decision, 5, 10, 15, 30);
RTB_BENCHMARK(sched_decision, 92, "kernel context-switch decision with N ready tasks, from its trace hooks", run,
              RTB_PARAM(sched_decision, "tasks"), .flags = RTB_TRACED, .count = 200, .count_warmup = 10,
              .count_key = "decisions");

/* sched_decision_prio: the co-design study's scenario. N tasks (parameter `tasks`) stay ready,
 * each at a priority of its own while the kernel has levels, below a pair driven through
 * suspend/resume: a high task suspends itself, a low task resumes it, so every decision (to the
 * low task, and back to the high one) is made with N + 2 tasks at distinct priorities. The
 * runner waits on the group, not on the tick, so no decision of its own enters the samples.
 * Checked: every resume preempted (the pair alternated) and no lower task ever ran. */
#define PRIO_PAIR_HIGH (RTB_PRIO_RUNNER - 1u)
#define PRIO_PAIR_LOW (RTB_PRIO_RUNNER - 2u)

static struct {
    rtb_group group;
    rtb_task *high;
    uint32_t decisions;
    volatile uint32_t resumes, high_runs, extra_runs;
} p;

static void pair_high(void *arg)
{
    (void)arg;
    for (;;) {
        rtb_os_task_suspend_self();
        p.high_runs++;
    }
}

static void pair_low(void *arg)
{
    (void)arg;
    /* Bounded, so that a decision the hooks miss fails the check instead of hanging. */
    for (uint32_t i = 0; i < 4u * p.decisions && rtb_sched_capture_count() < p.decisions; i++) {
        rtb_os_task_resume(p.high);
        p.resumes++;
    }
    rtb_group_done(&p.group);
}

static void run_prio(rtb_run *run)
{
    uint32_t tasks = rtb_param(run);
    p.decisions = rtb_loops(run);
    if (p.decisions > RTB_SCHED_CAPTURE_MAX) {
        rtb_fail(run, "more decisions requested than the capture buffer holds (2048)");
        return;
    }
    rtb_sched_capture_start(0); /* asks the port first: nothing to spawn if it cannot observe */
    if (rtb_failed(run) || !rtb_group_init(&p.group, run))
        return;
    p.resumes = p.high_runs = p.extra_runs = 0;
    p.high = rtb_group_spawn(&p.group, "high", pair_high, 0, PRIO_PAIR_HIGH);
    rtb_group_spawn_ready_load(&p.group, tasks, 1u, PRIO_PAIR_LOW, &p.extra_runs);
    rtb_sched_capture_start(p.decisions);
    rtb_group_spawn(&p.group, "low", pair_low, 0, PRIO_PAIR_LOW);
    rtb_group_join(&p.group, 1); /* the pair runs while the runner waits here */
    uint32_t seen = rtb_sched_capture_count();
    rtb_sched_capture_stop();
    if (seen != p.decisions)
        rtb_fail(run, "fewer switch decisions were observed than requested");
    if (p.high_runs != p.resumes)
        rtb_fail(run, "a resume of the suspended higher-priority task did not preempt at once");
    if (p.extra_runs)
        rtb_fail(run, "a lower-priority ready task ran while higher ones were ready");
    for (uint32_t i = 0; !rtb_failed(run) && i < seen; i++)
        rtb_sample(run, rtb_sched_capture_span(i));
}

RTB_PARAM_VALUES(sched_decision_prio, 5, 10, 15, 30);
RTB_BENCHMARK(sched_decision_prio, 93,
              "kernel context-switch decision, N ready tasks at distinct priorities, suspend/resume pair", run_prio,
              RTB_PARAM(sched_decision_prio, "tasks"), .flags = RTB_TRACED, .count = 200, .count_warmup = 10,
              .count_key = "decisions");
