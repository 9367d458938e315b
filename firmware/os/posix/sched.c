/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* SCHED_FIFO availability, clocks and deadlines. Without the privilege for SCHED_FIFO the port
 * runs every task under the default policy and says so (manifest and stderr): priorities are
 * then not enforced, and benchmarks that check preemption fail honestly. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "posix_port.h"

static int probed; /* 0: not yet, 1: granted, -1: denied */
static char denied_reason[96];

bool rtb_posix_fifo_granted(const char **why_not)
{
    if (!probed) {
        /* Try it on the calling thread, then give its policy back. */
        pthread_t self = pthread_self();
        int policy;
        struct sched_param old, fifo = {.sched_priority = RTB_POSIX_FIFO_BASE + 1};
        pthread_getschedparam(self, &policy, &old);
        int failed = pthread_setschedparam(self, SCHED_FIFO, &fifo);
        if (failed) {
            snprintf(denied_reason, sizeof denied_reason, "denied (%s)", strerror(failed));
            fprintf(stderr, "rtbench posix port: warning: SCHED_FIFO %s: tasks run under SCHED_OTHER, "
                            "priorities are not enforced (run as root, or grant CAP_SYS_NICE or an "
                            "rtprio limit)\n", denied_reason);
            probed = -1;
        } else {
            pthread_setschedparam(self, policy, &old);
            probed = 1;
        }
    }
    if (why_not)
        *why_not = probed > 0 ? NULL : denied_reason;
    return probed > 0;
}

uint64_t rtb_posix_now_ns(clockid_t clock)
{
    struct timespec now;
    clock_gettime(clock, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

struct timespec rtb_posix_timespec(uint64_t ns)
{
    return (struct timespec){.tv_sec = (time_t)(ns / 1000000000u), .tv_nsec = (long)(ns % 1000000000u)};
}

struct timespec rtb_posix_deadline(clockid_t clock, uint32_t ticks)
{
    return rtb_posix_timespec(rtb_posix_now_ns(clock) + (uint64_t)ticks * (1000000000u / RTB_POSIX_TICK_HZ));
}
