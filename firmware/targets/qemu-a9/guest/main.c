/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* /init of the guest: mount what the catalogue reads (/proc, /sys), take the option words from
 * /rtbench.args (the runner writes them into the initramfs), map the timestamp counter, start
 * the background load if asked, then hand over to rtbench as the linux target does. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <unistd.h>

#include "a9_guest.h"
#include "linux_target.h"
#include "rtb/stream.h"
#include "rtb/target.h"

#define MAX_WORDS 64

static char *words[MAX_WORDS + 2];
static char args_text[4096];
static char load_status[128] = "none";
static char kthread_status[256] = "not done";
/* Global timer counts (10 ns of virtual time since reset) of the boot marks. */
static uint64_t init_ticks;

uint32_t rtb_target_reset_ts(void) { return 0u; }

void rtb_target_init(void)
{
    rtb_linux_realtime_setup();
    rtb_a9_irq_calibrate();
}

const char *rtb_a9_load_status(void) { return load_status; }

const char *rtb_a9_kthread_status(void) { return kthread_status; }

uint64_t rtb_a9_init_ticks(void) { return init_ticks; }

/* The image is linked with --wrap=rtb_boot_first_task: rtbench's first task calls this first. Its
 * 64-bit count goes to the host as a META record; the runner turns the marks into boot_time
 * (the 32-bit timestamps wrap every 43 s of virtual time, and the boot is longer). */
void __real_rtb_boot_first_task(void);
void __wrap_rtb_boot_first_task(void)
{
    uint64_t now = rtb_a9_count64();
    __real_rtb_boot_first_task();
    char text[24];
    snprintf(text, sizeof text, "%llu", (unsigned long long)now);
    rtb_stream_meta("target.boot_first_task_ticks", text);
}

/* The run ends by powering the board off (QEMU then exits); the status goes first, as a line the
 * runner reads, since a powered-off guest has no exit status of its own. */
_Noreturn void rtb_target_exit(int status)
{
    char line[64];
    int len = snprintf(line, sizeof line, "\nrtbench-guest-exit status=%d\n", status);
    if (write(STDOUT_FILENO, line, (size_t)len) < 0) {
    }
    sync();
    reboot(RB_POWER_OFF);
    _exit(status);
}

static void read_words(void)
{
    words[0] = "rtbench";
    int n = 1;
    FILE *file = fopen("/rtbench.args", "r");
    if (file) {
        size_t len = fread(args_text, 1, sizeof args_text - 1u, file);
        args_text[len] = '\0';
        fclose(file);
        for (char *save = NULL, *word = strtok_r(args_text, " \n", &save); word && n < MAX_WORDS;
             word = strtok_r(NULL, " \n", &save))
            words[n++] = word;
    }
    words[n] = NULL;
    rtb_linux_argc = n;
    rtb_linux_argv = words;
}

int main(void)
{
    mount("proc", "/proc", "proc", 0, NULL);
    mount("sysfs", "/sys", "sysfs", 0, NULL);
    rtb_a9_map_counter();
    init_ticks = rtb_a9_count64();
    read_words();
    /* No RT throttling: it stops every SCHED_FIFO thread for 50 ms of each second once one
     * busy-waits (delay_block's observer, Thread-Metric's counters), and a benchmark then sees a
     * task that should have run not run. What throttling protected, the kernel's timer-softirq
     * and RCU threads, runs above rtbench's tasks instead (kthreads.c); a hung image is stopped by
     * the runner's watchdog. */
    FILE *throttle = fopen("/proc/sys/kernel/sched_rt_runtime_us", "w");
    if (throttle) {
        fputs("-1\n", throttle);
        fclose(throttle);
    }
    if (!rtb_linux_arg("keep_kthreads"))
        snprintf(kthread_status, sizeof kthread_status, "%s", rtb_a9_raise_kthreads());
    const char *load = rtb_linux_arg("load");
    snprintf(load_status, sizeof load_status, "%s", rtb_a9_start_load(load ? load : "none"));
    rtb_linux_enter(rtb_linux_argc, rtb_linux_argv);
}
