/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* linux: this host as a process. Timestamps are CLOCK_MONOTONIC nanoseconds (read through the
 * vDSO from the kernel's clocksource, the TSC on most x86 machines), truncated to 32 bits:
 * deltas wrap correctly for intervals under 4.29 s. The same clock drives the POSIX timers and
 * clock_nanosleep, so a programmed expiry and a timestamp compare directly. */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>
#include <time.h>

#define RTB_TARGET_CPU_HZ 0u /* unused: no kernel here derives a tick from the CPU clock */
#define RTB_TS_HZ 1000000000u
#define RTB_TS_UNIT "ns"
#define RTB_TS_SCALE_NUM 1u
#define RTB_TS_SCALE_DEN 1u
/* Timestamps are CLOCK_MONOTONIC ns: a kernel port may compare its timer expiries with them. */
#define RTB_TS_CLOCK_MONOTONIC_NS 1

/* A process has no start-up copy of .data or zeroing of .bss worth excluding. */
#define RTB_NOINIT

/* Room for 1 Mi samples (4 MiB): an hour-long periodic run at 1 ms per thread is not flushed
 * to the console while it measures. */
#define RTB_TARGET_SAMPLE_CAPACITY (1u << 20)

#define RTB_TARGET_NO_RESET "a process has no reset: boot time is not meaningful on the linux target"
#define RTB_TARGET_NO_UART "a process cannot serve a UART's interrupt: on the linux target the kernel's serial driver owns it"

static inline uint32_t rtb_target_ts(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)((uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec);
}

#endif
