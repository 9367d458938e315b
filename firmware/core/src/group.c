/* Worker tasks of one benchmark, joined by the (highest-priority) catalogue task. */
#include "rtb/group.h"

#define JOIN_TIMEOUT_MS 20000u

bool rtb_group_init(rtb_group *group, rtb_run *run)
{
    *group = (rtb_group){.run = run, .timeout_ms = JOIN_TIMEOUT_MS};
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

void rtb_group_join(rtb_group *group, unsigned finishers)
{
    uint32_t timeout = (uint32_t)((uint64_t)group->timeout_ms * rtb_os_tick_hz() / 1000u);
    for (unsigned i = 0; i < finishers && !rtb_failed(group->run); i++)
        if (rtb_os_sem_take(group->done, timeout) != RTB_OK)
            rtb_fail(group->run, "workers did not finish in time (deadlock or lost wake-up)");
    for (unsigned i = 0; i < group->count; i++)
        rtb_os_task_delete(group->tasks[i]);
    rtb_os_sem_delete(group->done);
    group->count = 0;
}

void rtb_group_stop(rtb_group *group) { group->stopping = true; }
