/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Shared state of the linux target's files (not part of the platform API). */
#ifndef RTB_LINUX_TARGET_H
#define RTB_LINUX_TARGET_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* The process's command line, as main received it. */
extern int rtb_linux_argc;
extern char **rtb_linux_argv;

/* The value of a `key=value` word of the command line, or NULL. */
const char *rtb_linux_arg(const char *key);

/* The signal the benchmark interrupt's timer raises; blocked in every thread from the start. */
int rtb_linux_irq_signal(void);

/* Keeps the command line, blocks the interrupt signal, installs the fault handlers and runs
 * rtbench (process.c). */
_Noreturn void rtb_linux_enter(int argc, char **argv);

/* The benchmark interrupt's absolute CLOCK_MONOTONIC expiry delay_ts timestamp units from now,
 * and the timestamp of that instant (its t_fire): the image's own time base (main.c). */
uint32_t rtb_linux_irq_expiry(uint32_t delay_ts, struct timespec *expiry);

/* Real-time set-up of the process: CPU pinning and memory locking (realtime.c). */
void rtb_linux_realtime_setup(void);
int rtb_linux_pinned_cpu(void);
const char *rtb_linux_mlock_status(void); /* "granted" or why not */
const char *rtb_linux_wakeup_latency_status(void); /* the /dev/cpu_dma_latency request */

/* Fault signals reported through rtb_core_fault (fault.c). */
void rtb_linux_install_fault_handlers(void);

/* First line of a text file without its newline; false when unreadable. */
int rtb_linux_read_line(const char *path, char *buf, size_t cap);

#endif
