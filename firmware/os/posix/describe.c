/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The kernel as a process sees it, for the run manifest: release, build, preemption model, C
 * library, scheduling policy granted and how rtbench's priorities map onto it. */
#include <gnu/libc-version.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "posix_port.h"
#include "rtb/os.h"

static bool read_line(const char *path, char *buf, size_t cap)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return false;
    bool ok = fgets(buf, (int)cap, file) != NULL;
    fclose(file);
    if (ok)
        buf[strcspn(buf, "\n")] = '\0';
    return ok;
}

/* "none voluntary (full) lazy" -> "full" */
static bool selected_mode(const char *modes, char *mode, size_t cap)
{
    const char *open = strchr(modes, '('), *close = open ? strchr(open, ')') : NULL;
    if (!close)
        return false;
    snprintf(mode, cap, "%.*s", (int)(close - open - 1), open + 1);
    return true;
}

static bool has_word(const char *text, const char *word)
{
    size_t len = strlen(word);
    for (const char *at = strstr(text, word); at; at = strstr(at + 1, word))
        if ((at == text || at[-1] == ' ') && (at[len] == ' ' || at[len] == '\0'))
            return true;
    return false;
}

static void preemption_model(const char *build, char *buf, size_t cap)
{
    char line[512], mode[32];
    if (read_line("/sys/kernel/realtime", line, sizeof line) && line[0] == '1') {
        snprintf(buf, cap, "PREEMPT_RT");
        return;
    }
    if (read_line("/sys/kernel/debug/sched/preempt", line, sizeof line) && selected_mode(line, mode, sizeof mode)) {
        snprintf(buf, cap, "PREEMPT_DYNAMIC (%s)", mode);
        return;
    }
    if (has_word(build, "PREEMPT_RT")) {
        snprintf(buf, cap, "PREEMPT_RT");
    } else if (has_word(build, "PREEMPT_DYNAMIC")) {
        const char *given = read_line("/proc/cmdline", line, sizeof line) ? strstr(line, "preempt=") : NULL;
        if (given)
            snprintf(buf, cap, "PREEMPT_DYNAMIC (%.*s from the command line)", (int)strcspn(given, " "), given);
        else
            snprintf(buf, cap, "PREEMPT_DYNAMIC (mode unknown: the build default; "
                               "/sys/kernel/debug/sched/preempt is not readable)");
    } else if (has_word(build, "PREEMPT")) {
        snprintf(buf, cap, "PREEMPT (full)");
    } else {
        snprintf(buf, cap, "none or voluntary (uname -v names no PREEMPT)");
    }
}

void rtb_os_describe(void (*emit)(const char *key, const char *value))
{
    char buf[512];
    struct utsname host;
    uname(&host);
    emit("kernel.name", host.sysname);
    emit("kernel.version", host.release);
    emit("kernel.port", "posix (pthreads, POSIX semaphores and message queues, PI mutexes)");
    emit("config.build", host.version);
    emit("config.machine", host.machine);
    preemption_model(host.version, buf, sizeof buf);
    emit("config.preemption", buf);
    snprintf(buf, sizeof buf, "glibc %s", gnu_get_libc_version());
    emit("config.libc", buf);
    const char *why_not;
    bool fifo = rtb_posix_fifo_granted(&why_not);
    emit("config.sched_fifo", fifo ? "granted" : why_not);
    emit("config.sched_policy", fifo ? "SCHED_FIFO" : "SCHED_OTHER");
    if (!fifo)
        emit("warning.sched_fifo", "SCHED_FIFO was not granted: tasks ran under SCHED_OTHER and priorities "
                                   "were not enforced (run as root, or grant CAP_SYS_NICE or an rtprio limit)");
    snprintf(buf, sizeof buf, "rtbench priority p (1..%u) -> SCHED_FIFO %d+p; interrupt thread SCHED_FIFO %d",
             RTB_PRIO_MAX, RTB_POSIX_FIFO_BASE, RTB_POSIX_FIFO_ISR);
    emit("config.priority_map", buf);
    snprintf(buf, sizeof buf, "%d", RTB_POSIX_FIFO_BASE + (int)RTB_PRIO_RUNNER);
    emit("config.fifo_priority_runner", buf);
    char runtime[32], period[32];
    if (read_line("/proc/sys/kernel/sched_rt_runtime_us", runtime, sizeof runtime) &&
        read_line("/proc/sys/kernel/sched_rt_period_us", period, sizeof period)) {
        snprintf(buf, sizeof buf, "%s us of every %s us", runtime, period);
        emit("config.rt_throttling", buf);
    }
    emit("config.task_suspend", "per-task POSIX semaphore (POSIX has no task suspend/resume)");
    emit("config.timeouts", "1 ms units (tickless kernel); message-queue timeouts on CLOCK_REALTIME");
    snprintf(buf, sizeof buf, "%u", RTB_POSIX_STACK_BYTES);
    emit("config.task_stack_bytes", buf);
}
