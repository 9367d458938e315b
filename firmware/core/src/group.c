/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Worker tasks of one benchmark, joined by the (highest-priority) catalogue task. */
#include "rtb/group.h"

/* How long a join waits: a base, plus for every loop 1 ms and one tick (a loop may wait for a
 * tick), so that long runs, which also stream their samples from the workers, are never cut
 * off mid-record; a deadlock still ends the run, only later. */
#define JOIN_BASE_MS 20000u
#define JOIN_PER_LOOP_MS 1u
#define JOIN_MAX_MS 0xFFFF0000u

static uint32_t join_timeout_ms(const rtb_run *run)
{
    uint32_t tick_ms = (1000u + rtb_os_tick_hz() - 1u) / rtb_os_tick_hz();
    uint64_t ms = JOIN_BASE_MS + (uint64_t)rtb_loops(run) * (JOIN_PER_LOOP_MS + tick_ms);
    return ms < JOIN_MAX_MS ? (uint32_t)ms : JOIN_MAX_MS;
}

bool rtb_group_init(rtb_group *group, rtb_run *run)
{
    *group = (rtb_group){.run = run, .timeout_ms = join_timeout_ms(run)};
    group->done = rtb_os_sem_create(0, RTB_GROUP_MAX);
    if (!group->done)
        rtb_fail(run, "no semaphore left for the worker group");
    return group->done != 0;
}

rtb_task *rtb_group_spawn(rtb_group *group, const char *name, rtb_task_fn fn, void *arg,
                          unsigned prio)
{
    rtb_task *task = 0;
    if (group->count < RTB_GROUP_MAX)
        task = rtb_os_task_create(name, fn, arg, prio);
    if (!task) {
        const char *why = group->count < RTB_GROUP_MAX ? rtb_os_task_unsupported(prio) : 0;
#ifdef RTB_TARGET_MAX_TASKS
        /* A target that gives fewer task slots than the catalogue's 40 (a board's RAM). */
        if (!why)
            why = RTB_TARGET_MAX_TASKS_TEXT;
#endif
        if (why)
            rtb_unsupported(group->run, why);
        else
            rtb_fail(group->run, "could not create a worker task");
        return 0;
    }
    group->tasks[group->count++] = task;
    return task;
}

_Noreturn void rtb_group_done(rtb_group *group)
{
    rtb_os_sem_give(group->done);
    for (;;)
        rtb_os_task_suspend_self();
}

static void ready_load_task(void *arg)
{
    volatile uint32_t *runs = arg;
    for (;;) {
        (*runs)++;
        rtb_os_task_yield();
    }
}

void rtb_group_spawn_ready_load(rtb_group *group, uint32_t count, unsigned first, unsigned ceiling,
                                volatile uint32_t *runs)
{
    for (uint32_t i = 0; i < count && !rtb_failed(group->run); i++)
        rtb_group_spawn(group, "load", ready_load_task, (void *)runs,
                        rtb_group_spread_prio_below(first, ceiling, i));
}

void rtb_group_join(rtb_group *group, unsigned finishers)
{
    uint64_t ticks = (uint64_t)group->timeout_ms * rtb_os_tick_hz() / 1000u;
    /* RTB_WAIT_FOREVER is the largest value: stay below it so a deadlock still ends. */
    uint32_t timeout = ticks < RTB_WAIT_FOREVER ? (uint32_t)ticks : RTB_WAIT_FOREVER - 1u;
    for (unsigned i = 0; i < finishers && !rtb_failed(group->run); i++)
        if (rtb_os_sem_take(group->done, timeout) != RTB_OK)
            rtb_fail(group->run, "workers did not finish in time (deadlock or lost wake-up)");
    for (unsigned i = 0; i < group->count; i++)
        rtb_os_task_delete(group->tasks[i]);
    rtb_os_sem_delete(group->done);
    group->count = 0;
}

void rtb_group_stop(rtb_group *group) { group->stopping = true; }
