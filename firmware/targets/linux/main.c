/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The process entry on the host: hand over to rtbench with the command line. Real-time set-up
 * follows in rtb_target_init; the run's status is the process's exit status. */
#include <time.h>
#include <unistd.h>

#include "linux_target.h"
#include "rtb/target.h"

/* The process starts when main does: rtbench times nothing before it. */
uint32_t rtb_target_reset_ts(void) { return rtb_target_ts(); }

void rtb_target_init(void) { rtb_linux_realtime_setup(); }

/* Timestamps are CLOCK_MONOTONIC ns, so the expiry is the timestamp itself. */
uint32_t rtb_linux_irq_expiry(uint32_t delay_ts, struct timespec *expiry)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t fire = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec + delay_ts;
    expiry->tv_sec = (time_t)(fire / 1000000000u);
    expiry->tv_nsec = (long)(fire % 1000000000u);
    return (uint32_t)fire;
}

_Noreturn void rtb_target_exit(int status) { _exit(status); }

int main(int argc, char **argv) { rtb_linux_enter(argc, argv); }
