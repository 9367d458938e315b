/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What about the guest can change the numbers, for the run manifest (target.* keys). The
 * kernel's release and preemption model come from the posix port (kernel.*). */
#include <stdio.h>
#include <string.h>

#include "a9_guest.h"
#include "linux_target.h"
#include "rtb/target.h"

const char *rtb_a9_load_status(void);

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

static void emit_file(void (*emit)(const char *, const char *), const char *key, const char *path)
{
    char buf[512];
    emit(key, rtb_linux_read_line(path, buf, sizeof buf) ? buf : "unknown");
}

void rtb_target_describe(void (*emit)(const char *key, const char *value))
{
    char buf[160];
    emit("target.board", "QEMU vexpress-a9 (V2P-CA9)");
    emit("target.cpu", "Cortex-A9 (one core of the MPCore)");
    emit("target.timestamp", "A9 global timer (100 MHz of virtual time) mapped from /dev/mem, one load per read; "
                             "instructions under -icount shift=5");
    rtb_a9_unit_check(buf, sizeof buf);
    emit("target.unit_check", buf);
    emit_file(emit, "target.kernel_cmdline", "/proc/cmdline");
    emit_file(emit, "target.realtime", "/sys/kernel/realtime");
    emit_file(emit, "target.clocksource", "/sys/devices/system/clocksource/clocksource0/current_clocksource");
    emit_file(emit, "target.sched_rt_runtime_us", "/proc/sys/kernel/sched_rt_runtime_us");
    emit("target.mlockall", rtb_linux_mlock_status());
    emit("target.load", rtb_a9_load_status());
    emit("target.kthread_priorities", rtb_a9_kthread_status());
    uint32_t bracket = rtb_a9_irq_calibrate();
    snprintf(buf, sizeof buf, "CLOCK_MONOTONIC mapped onto the global timer within +-%u instructions (half of a "
             "clock_gettime bracketed by two counter reads)", (unsigned)((bracket * 5u / 16u + 1u) / 2u));
    emit("target.irq_fire_mapping", buf);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)rtb_a9_mono_zero_ticks());
    emit("target.boot_kernel_start_ticks", buf);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)rtb_a9_init_ticks());
    emit("target.boot_init_ticks", buf);
    emit("target.irq_source", "POSIX timer (CLOCK_MONOTONIC, absolute expiry) signalling a handler thread at "
                              "SCHED_FIFO 90: the user-space route (the private timer's hrtimer interrupt), not a "
                              "device interrupt of its own");
}
