/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Real-time set-up of the process: every thread on one CPU (so that priority preemption means
 * what it means on a single-core RTOS), all memory locked (no page faults while measuring), and
 * a PM QoS request of 0 us wake-up latency held for the process's life (no deep idle states,
 * as cyclictest does). Without the privilege for one of these the run goes on, with a warning
 * and a manifest entry. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "linux_target.h"

static int pinned = -1;
static char mlock_status[128] = "not attempted";
static char qos_status[128] = "not attempted";

/* The request holds while the file stays open: the descriptor is never closed. */
static void hold_zero_wakeup_latency(void)
{
    int fd = open("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC);
    int32_t zero = 0;
    if (fd >= 0 && write(fd, &zero, sizeof zero) == (ssize_t)sizeof zero) {
        strcpy(qos_status, "0 us requested (held while running)");
        return;
    }
    snprintf(qos_status, sizeof qos_status, "not set (%s)", strerror(errno));
    if (fd >= 0)
        close(fd);
}

static _Noreturn void refuse(const char *what, const char *detail)
{
    fprintf(stderr, "rtbench linux target: %s: %s\n", what, detail);
    _exit(2);
}

static int chosen_cpu(const cpu_set_t *allowed)
{
    const char *wanted = rtb_linux_arg("cpu");
    if (wanted) {
        char *end;
        long cpu = strtol(wanted, &end, 10);
        if (*wanted == '\0' || *end != '\0' || cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET((int)cpu, allowed))
            refuse("cpu option", "that CPU does not exist or this process may not run on it");
        return (int)cpu;
    }
    /* The last allowed CPU: CPU 0 usually takes more of the machine's interrupts. */
    for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
        if (CPU_ISSET(cpu, allowed))
            return cpu;
    refuse("cpu affinity", "no CPU allowed");
}

void rtb_linux_realtime_setup(void)
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        refuse("sched_getaffinity", strerror(errno));
    int cpu = chosen_cpu(&allowed);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    /* Threads inherit the creator's affinity: every task and handler thread stays on `cpu`. */
    if (sched_setaffinity(0, sizeof one, &one) != 0)
        refuse("sched_setaffinity", strerror(errno));
    pinned = cpu;
    if (mlockall(MCL_CURRENT | MCL_FUTURE) == 0) {
        strcpy(mlock_status, "granted");
    } else {
        snprintf(mlock_status, sizeof mlock_status, "denied (%s)", strerror(errno));
        fprintf(stderr, "rtbench linux target: warning: mlockall %s: page faults may add latency "
                        "(run as root or raise RLIMIT_MEMLOCK)\n", mlock_status);
    }
    hold_zero_wakeup_latency();
}

int rtb_linux_pinned_cpu(void) { return pinned; }

const char *rtb_linux_wakeup_latency_status(void) { return qos_status; }

const char *rtb_linux_mlock_status(void) { return mlock_status; }
