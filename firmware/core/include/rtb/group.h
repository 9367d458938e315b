/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Worker tasks of one benchmark: spawn, wait for them to finish, reclaim them. */
#ifndef RTB_GROUP_H
#define RTB_GROUP_H

#include "rtb/bench.h"
#include "rtb/noreturn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RTB_GROUP_MAX 40u

typedef struct {
    rtb_run *run;
    rtb_sem *done;
    rtb_task *tasks[RTB_GROUP_MAX];
    unsigned count;
    uint32_t timeout_ms; /* how long rtb_group_join waits; rtb_group_init sets a default */
    volatile bool stopping;
} rtb_group;

bool rtb_group_init(rtb_group *group, rtb_run *run);
rtb_task *rtb_group_spawn(rtb_group *group, const char *name, rtb_task_fn fn, void *arg,
                          unsigned prio);
/* Called by a worker when it is finished: signals the runner and parks for good. */
RTB_NORETURN void rtb_group_done(rtb_group *group);
/* Workers that loop without ever blocking check this and finish with rtb_group_done once
 * the runner asked them to stop: a host kernel cannot delete a thread that never reaches a
 * blocking call, and an RTOS loses nothing by the check. */
static inline bool rtb_group_running(const rtb_group *group) { return !group->stopping; }
void rtb_group_stop(rtb_group *group);
/* The priority of worker `i` when every worker wants one of its own: `first`, `first` + 1 ...
 * up to just below `ceiling`, then round again. Kernels without shared priorities thus run up
 * to `ceiling` - `first` such workers. */
static inline unsigned rtb_group_spread_prio_below(unsigned first, unsigned ceiling, uint32_t i)
{
    return first + i % (ceiling - first);
}
/* The same up to just below the runner. */
static inline unsigned rtb_group_spread_prio(unsigned first, uint32_t i)
{
    return rtb_group_spread_prio_below(first, RTB_PRIO_RUNNER, i);
}
/* Load, as the 2012 study put it on a kernel: `count` tasks that stay ready (they yield forever,
 * counting in *runs each time they run) at rtb_group_spread_prio_below(first, ceiling, i). An
 * experiment puts them below the tasks it measures, so *runs must stay 0. */
void rtb_group_spawn_ready_load(rtb_group *group, uint32_t count, unsigned first, unsigned ceiling,
                                volatile uint32_t *runs);
/* Waits until `finishers` workers called rtb_group_done, then deletes every task of the
 * group. A wait longer than `timeout_ms` fails the run instead of hanging. */
void rtb_group_join(rtb_group *group, unsigned finishers);

#ifdef __cplusplus
}
#endif

#endif
