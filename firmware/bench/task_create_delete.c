/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* task_create, task_delete: the runner creates a task less urgent than itself and deletes it
 * again, each call timed on its own. Allocation is static: the port's fixed slots of TCB and
 * stack (its search for a free slot is inside the time). A creation includes the kernel's TCB
 * and initial stack frame set-up and the new task's insertion in the ready list; the task does
 * not run, being less urgent than its creator. A deletion removes that ready task, which never
 * ran. Checked: every call succeeded, and the task's body never ran, even once the runner slept
 * and let every less urgent task run. */
#include "rtb/bench.h"

#define PRIO_NEW (RTB_PRIO_RUNNER - 1u)

typedef enum { TIME_CREATE, TIME_DELETE } timed_call;

static struct {
    volatile uint32_t ran;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void new_task(void *arg)
{
    (void)arg;
    /* A host kernel deletes a thread at its first cancellation point: the yield, before the body. */
    rtb_os_task_yield();
    s.ran++;
    for (;;)
        rtb_os_task_suspend_self();
}

static void run(rtb_run *run, timed_call timed)
{
    s.ran = 0;
    rtb_note(run, timed == TIME_CREATE
                      ? "static: the port's slot search, TCB and stack frame set-up, insertion in the ready list; "
                        "the new task is less urgent than its creator and does not run"
                      : "a ready task that never ran, less urgent than the deleter");
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_task *task = rtb_os_task_create("new", new_task, 0, PRIO_NEW);
        uint32_t t1 = rtb_now();
        if (!task) {
            const char *why = rtb_os_task_unsupported(PRIO_NEW);
            if (why)
                rtb_unsupported(run, why);
            else
                rtb_fail(run, "could not create a task");
            break;
        }
        uint32_t t2 = rtb_now();
        rtb_os_task_delete(task);
        uint32_t t3 = rtb_now();
        if (s.ran) {
            rtb_fail(run, "a task less urgent than its creator ran before it was deleted");
            break;
        }
        rtb_sample(run, (int32_t)(timed == TIME_CREATE ? t1 - t0 : t3 - t2));
    }
    rtb_os_delay_ticks(1); /* every less urgent ready task runs now: a deleted one must not */
    if (s.ran)
        rtb_fail(run, "a deleted task ran");
}

static void run_create(rtb_run *r) { run(r, TIME_CREATE); }
static void run_delete(rtb_run *r) { run(r, TIME_DELETE); }

RTB_BENCHMARK(task_create, 130, "create a task (static allocation) less urgent than the creator: the call, no switch",
              run_create);
RTB_BENCHMARK(task_delete, 131, "delete a ready task less urgent than the deleter, which never ran: the call", run_delete);
