/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Periodic releases on RTEMS's rate-monotonic periods: rtb_os_period_begin gives the calling
 * task a period object (its own from an earlier begin, else a free one) and starts it on a tick
 * boundary; each rtb_os_period_wait is rtems_rate_monotonic_period, which blocks until the period
 * ends and starts the next one, on the kernel's own absolute timeline. A period belongs to the
 * task that made it: the port deletes a task's periods before the task goes (a period's timer
 * must not fire for a task that is gone). */
#include <rtems.h>

#include "rtb/os.h"
#include "rtb_port_period.h"
#include "rtb_rtems.h"

static struct {
    rtems_id id;
    rtems_id owner;
} periods[RTB_RTEMS_MAX_PERIODS];

void rtb_rtems_periods_release(rtems_id owner)
{
    for (unsigned i = 0; i < RTB_RTEMS_MAX_PERIODS; i++) {
        if (periods[i].id != 0u && periods[i].owner == owner) {
            (void)rtems_rate_monotonic_delete(periods[i].id);
            periods[i].id = 0u;
        }
    }
}

/* The calling task's period, cancelled, or a new one. */
static rtems_id period_of(rtems_id self)
{
    for (unsigned i = 0; i < RTB_RTEMS_MAX_PERIODS; i++) {
        if (periods[i].id != 0u && periods[i].owner == self) {
            (void)rtems_rate_monotonic_cancel(periods[i].id);
            return periods[i].id;
        }
    }
    for (unsigned i = 0; i < RTB_RTEMS_MAX_PERIODS; i++) {
        if (periods[i].id == 0u &&
            rtems_rate_monotonic_create(rtems_build_name('R', 'P', 'E', 'R'), &periods[i].id) == RTEMS_SUCCESSFUL) {
            periods[i].owner = self;
            return periods[i].id;
        }
    }
    return 0u;
}

rtb_err rtb_os_period_begin(rtb_period *period, uint32_t period_us)
{
    if (!rtb_port_period_ticks(period_us, (uint32_t)rtems_clock_get_ticks_per_second(), &period->period))
        return RTB_UNSUPPORTED;
    rtems_id id = period_of(rtems_task_self());
    if (id == 0u)
        return RTB_NOMEM;
    period->next = id;
    (void)rtems_task_wake_after(1u); /* start on a tick boundary */
    /* The first call starts the period and returns at once. */
    return rtems_rate_monotonic_period(id, period->period) == RTEMS_SUCCESSFUL ? RTB_OK : RTB_ERROR;
}

/* Ends the current period (blocking until its end) and starts the next. A period that has
 * already ended (an overrun) returns RTEMS_TIMEOUT and starts the next at once. */
void rtb_os_period_wait(rtb_period *period)
{
    (void)rtems_rate_monotonic_period((rtems_id)period->next, period->period);
}

bool rtb_os_period_release_ts(const rtb_period *period, uint32_t *release_ts)
{
    (void)period;
    (void)release_ts;
    return false; /* releases happen on tick interrupts, not at a timestamp the kernel knows */
}
