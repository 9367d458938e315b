/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_create_dormant, task_start, task_start_switch: a task created dormant (it exists but is not
 * ready) and started later, each call apart, where the kernel has a dormant state
 * (RTB_SERVICE_TASK_DORMANT; Zephyr latency_measure's "create thread" with K_FOREVER, then "start
 * thread"). Elsewhere the three report `unsupported` with the port's reason.
 * - task_create_dormant: the runner creates a task less urgent than itself, dormant; the call.
 *   Checked: the task never ran, even once the runner slept, until it was started.
 * - task_start: the runner starts a dormant task less urgent than itself; the call, no switch.
 *   Checked: the first task did not run while the runner slept before starting it; each had not
 *   run when the call returned, and ran, with its argument, once the runner blocked.
 * - task_start_switch: a task starts a dormant task more urgent than itself; the start call to
 *   the new task's first instruction. Checked: the new task ran, with its argument, before the
 *   call returned. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_LOW (RTB_PRIO_RUNNER - 1u)     /* below the runner */
#define PRIO_STARTER (RTB_PRIO_RUNNER - 2u) /* task_start_switch's starter, below the new task */
#define ARG_MAGIC 0x5A5Au

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *ran_sem; /* given by a started task: the runner waits on it */
    volatile uint32_t t1;
    volatile uint32_t ran;
    volatile uintptr_t arg;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

/* Records its first instruction, its run and argument; then lets a waiting runner go on. */
static void new_task(void *arg)
{
    s.t1 = rtb_now();
    s.arg = (uintptr_t)arg;
    s.ran++;
    if (s.ran_sem)
        (void)rtb_os_sem_give(s.ran_sem);
    for (;;)
        rtb_os_task_suspend_self();
}

/* false, and the run reported, when the kernel has no dormant state. */
static bool supported(rtb_run *run)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_TASK_DORMANT);
    if (why) {
        rtb_unsupported(run, why);
        return false;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_TASK_DORMANT));
    return true;
}

static rtb_task *create(rtb_run *run, uint32_t i, unsigned prio)
{
    rtb_task *task = rtb_os_task_create_dormant("new", new_task, (void *)(uintptr_t)(ARG_MAGIC + i), prio);
    if (!task)
        rtb_fail(run, "could not create a dormant task");
    return task;
}

static void reset(void)
{
    s.ran = 0;
    s.arg = 0;
    s.ran_sem = NULL;
}

static void run_create(rtb_run *run)
{
    reset();
    if (!supported(run))
        return;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_task *task = rtb_os_task_create_dormant("new", new_task, 0, PRIO_LOW);
        uint32_t t1 = rtb_now();
        if (!task) {
            rtb_fail(run, "could not create a dormant task");
            return;
        }
        rtb_os_task_delete(task);
        rtb_sample(run, (int32_t)(t1 - t0));
    }
    /* One more, kept while the runner sleeps and every less urgent ready task runs: it must not. */
    rtb_task *task = create(run, 0, PRIO_LOW);
    if (!task)
        return;
    rtb_os_delay_ticks(2);
    bool ran_dormant = s.ran != 0;
    bool started = rtb_expect_ok(run, rtb_os_task_start(task), "task start");
    rtb_os_delay_ticks(2);
    rtb_os_task_delete(task);
    if (ran_dormant)
        rtb_fail(run, "a dormant task ran before it was started");
    else if (started && s.ran != 1)
        rtb_fail(run, "a started task did not run once its creator slept");
}

static void run_start(rtb_run *run)
{
    reset();
    if (!supported(run))
        return;
    s.ran_sem = rtb_os_sem_create(0, 1);
    if (!s.ran_sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        rtb_task *task = create(run, i, PRIO_LOW);
        if (!task)
            break;
        if (i == 0u) { /* once, untimed: the task started below is dormant, not merely less urgent */
            rtb_os_delay_ticks(2);
            if (s.ran) {
                rtb_os_task_delete(task);
                rtb_fail(run, "a dormant task ran before it was started");
                break;
            }
        }
        uint32_t t0 = rtb_now();
        rtb_err err = rtb_os_task_start(task);
        uint32_t t1 = rtb_now();
        bool early = s.ran != i;
        /* Blocking lets the started task run: it gives the semaphore, which brings the runner back. */
        bool woken = err == RTB_OK && rtb_os_sem_take(s.ran_sem, 2u * rtb_os_tick_hz()) == RTB_OK;
        bool ran = s.ran == i + 1u && s.arg == ARG_MAGIC + i;
        rtb_os_task_delete(task);
        if (!rtb_expect_ok(run, err, "task start"))
            break;
        if (early) {
            rtb_fail(run, "a task less urgent than its starter ran before the start call returned");
            break;
        }
        if (!woken || !ran) {
            rtb_fail(run, "a started task did not run, with its argument, once its starter blocked");
            break;
        }
        rtb_sample(run, (int32_t)(t1 - t0));
    }
    rtb_os_sem_delete(s.ran_sem);
    s.ran_sem = NULL;
}

static void starter(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        rtb_task *task = create(s.run, i, RTB_PRIO_RUNNER - 1u);
        if (!task)
            break;
        bool ran_dormant = s.ran != i;
        uint32_t t0 = rtb_now();
        rtb_err err = rtb_os_task_start(task);
        bool ran = s.ran == i + 1u && s.arg == ARG_MAGIC + i;
        rtb_os_task_delete(task);
        if (!rtb_expect_ok(s.run, err, "task start"))
            break;
        if (ran_dormant || !ran) {
            rtb_fail(s.run, ran_dormant ? "a dormant task ran before it was started"
                                        : "a task more urgent than its starter did not run, with its argument, "
                                          "before the start call returned");
            break;
        }
        rtb_sample(s.run, (int32_t)(s.t1 - t0));
    }
    rtb_group_done(&s.group);
}

static void run_start_switch(rtb_run *run)
{
    reset();
    s.run = run;
    if (!supported(run) || !rtb_group_init(&s.group, run))
        return;
    rtb_group_spawn(&s.group, "starter", starter, 0, PRIO_STARTER);
    rtb_group_join(&s.group, 1);
}

RTB_BENCHMARK(task_create_dormant, 166, "create a task dormant (not started), less urgent than the creator: the call",
              run_create);
RTB_BENCHMARK(task_start, 167, "start a dormant task less urgent than the starter: the call, no switch", run_start);
RTB_BENCHMARK(task_start_switch, 168,
              "start a dormant task more urgent than the starter: start call to the new task running",
              run_start_switch);
