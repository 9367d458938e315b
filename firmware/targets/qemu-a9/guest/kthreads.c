/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* PREEMPT_RT runs the timer softirq (the timer wheel and every soft hrtimer, POSIX timers among
 * them) in the ktimers/N thread and RCU in kthreads, all at SCHED_FIFO 1 as Debian boots them.
 * rtbench's tasks run at SCHED_FIFO 51..80: a benchmark whose lowest task busy-waits (the
 * observer of delay_block, the Thread-Metric counters) would starve them (RT throttling does not
 * help: it throttles them too), and the kernel stalls. As real-time Linux set-ups do, /init raises
 * them above the tasks: ktimers just above the benchmark interrupt's thread (it is that
 * interrupt's path), RCU's threads between the tasks and the interrupt thread. */
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a9_guest.h"
#include "linux_target.h"

#define KTIMERS_FIFO 91
#define RCU_FIFO 85

static char status[256] = "none found";

static int wanted(const char *comm)
{
    if (strncmp(comm, "ktimers/", 8) == 0)
        return KTIMERS_FIFO;
    if (strcmp(comm, "rcu_preempt") == 0 || strncmp(comm, "rcuc/", 5) == 0 || strncmp(comm, "rcub/", 5) == 0)
        return RCU_FIFO;
    return 0;
}

const char *rtb_a9_raise_kthreads(void)
{
    DIR *proc = opendir("/proc");
    if (!proc)
        return "not done: no /proc";
    size_t used = 0;
    status[0] = '\0';
    for (struct dirent *entry = readdir(proc); entry; entry = readdir(proc)) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0)
            continue;
        char path[64], comm[64];
        snprintf(path, sizeof path, "/proc/%ld/comm", pid);
        if (!rtb_linux_read_line(path, comm, sizeof comm))
            continue;
        int prio = wanted(comm);
        if (!prio)
            continue;
        struct sched_param param = {.sched_priority = prio};
        int ok = sched_setscheduler((pid_t)pid, SCHED_FIFO, &param) == 0;
        int n = snprintf(status + used, sizeof status - used, "%s%s=%s", used ? ", " : "", comm,
                         ok ? (prio == KTIMERS_FIFO ? "FIFO 91" : "FIFO 85") : "refused");
        if (n > 0 && (size_t)n < sizeof status - used)
            used += (size_t)n;
    }
    closedir(proc);
    return used ? status : "none found";
}
