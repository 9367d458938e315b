/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Periodic release: clock_nanosleep to absolute CLOCK_MONOTONIC times, next = previous + period
 * (no drift, no skipping: a late release is followed by the next one on the same timeline, as
 * in cyclictest). The timestamp clock is CLOCK_MONOTONIC too, so the programmed release time is
 * directly comparable with the wake-up timestamp. */
#include <errno.h>
#include <time.h>

#include "posix_port.h"
#include "rtb/os.h"
#include "rtb/target.h"

rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    uint64_t ns = (uint64_t)period_us * 1000u;
    if (ns == 0u || ns > UINT32_MAX)
        return RTB_ERROR; /* 32-bit timestamps measure lateness up to 4.29 s */
    period->period = (uint32_t)ns;
    period->next = rtb_posix_now_ns(CLOCK_MONOTONIC);
    return RTB_OK;
}

void rtb_os_period_wait(rtb_period *period)
{
    period->next += period->period;
    struct timespec release = rtb_posix_timespec(period->next);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &release, NULL) == EINTR) {
    }
}

/* Only a target whose timestamps are CLOCK_MONOTONIC ns shares the release's time base. */
bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts)
{
#if defined(RTB_TS_CLOCK_MONOTONIC_NS)
    *release_ts = (uint32_t)period->next;
    return true;
#else
    (void)period;
    (void)release_ts;
    return false;
#endif
}
