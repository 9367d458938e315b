/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What about this host can change the numbers, for the run manifest (target.* keys). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "linux_target.h"
#include "rtb/target.h"

int rtb_linux_read_line(const char *path, char *buf, size_t cap)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return 0;
    int ok = fgets(buf, (int)cap, file) != NULL;
    fclose(file);
    if (ok)
        buf[strcspn(buf, "\n")] = '\0';
    return ok;
}

static void cpu_model(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown");
    FILE *file = fopen("/proc/cpuinfo", "r");
    if (!file)
        return;
    char line[256];
    while (fgets(line, sizeof line, file)) {
        /* x86 names the model; many arm64 kernels only give the implementer and part. */
        if (strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0) {
            const char *colon = strchr(line, ':');
            if (colon) {
                snprintf(buf, cap, "%s", colon + 1 + (colon[1] == ' '));
                buf[strcspn(buf, "\n")] = '\0';
                break;
            }
        }
    }
    fclose(file);
}

void rtb_target_describe(void (*emit)(const char *key, const char *value))
{
    char buf[256], path[128];
    int cpu = rtb_linux_pinned_cpu();
    cpu_model(buf, sizeof buf);
    emit("target.cpu_model", buf);
    snprintf(buf, sizeof buf, "%ld", sysconf(_SC_NPROCESSORS_ONLN));
    emit("target.cpus_online", buf);
    snprintf(buf, sizeof buf, "%d", cpu);
    emit("target.cpu_pinned", buf);
    if (!rtb_linux_read_line("/sys/devices/system/cpu/isolated", buf, sizeof buf) || !buf[0])
        snprintf(buf, sizeof buf, "none");
    emit("target.isolated_cpus", buf);
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpu);
    if (!rtb_linux_read_line(path, buf, sizeof buf))
        snprintf(buf, sizeof buf, "none (no cpufreq: fixed clock or a virtual machine)");
    emit("target.frequency_governor", buf);
    if (!rtb_linux_read_line("/sys/devices/system/cpu/smt/active", buf, sizeof buf))
        snprintf(buf, sizeof buf, "unknown");
    emit("target.smt_active", buf);
    if (!rtb_linux_read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource", buf, sizeof buf))
        snprintf(buf, sizeof buf, "unknown");
    emit("target.clocksource", buf);
    emit("target.timestamp", "CLOCK_MONOTONIC ns (vDSO), truncated to 32 bits");
    emit("target.mlockall", rtb_linux_mlock_status());
    if (strcmp(rtb_linux_mlock_status(), "granted") != 0)
        emit("warning.mlockall", "memory is not locked: page faults may add latency");
    emit("target.cpu_dma_latency", rtb_linux_wakeup_latency_status());
    emit("target.irq_source", "POSIX timer (CLOCK_MONOTONIC, absolute expiry) signalling a handler thread "
                              "that waits in sigwaitinfo (a threaded interrupt)");
}
