/* periodic_jitter: a periodic task's release lateness over many periods (option `periods`,
 * default 200; option `period_us`, default one 100 Hz tick). Each sample is the wake-up time
 * minus the ideal release time, both relative to the first release, so it is signed.
 * Checked: no release was missed (lateness stays under one period). */
#include "rtb/bench.h"

static void run(rtb_run *run)
{
#if defined(RTB_TS_COUNTS_WORK)
    rtb_unsupported(run, "the timestamps count work (instructions), not time");
    return;
#endif
    uint32_t period_us = rtb_option(run, "period_us", 10000u);
    uint32_t period_ts = rtb_us_to_ts(period_us);
    rtb_period period;
    rtb_err begun = rtb_os_period_begin(&period, period_us);
    if (begun == RTB_UNSUPPORTED) {
        rtb_unsupported(run, "the kernel cannot release at this period (not a whole number of ticks)");
        return;
    }
    if (!rtb_expect_ok(run, begun, "could not start the periodic release"))
        return;
    uint32_t first = rtb_now();
    for (uint32_t k = 1; k <= rtb_loops(run) && !rtb_failed(run); k++) {
        rtb_os_period_wait(&period);
        uint32_t now = rtb_now();
        uint32_t ideal = first + (uint32_t)((uint64_t)k * period_ts);
        int32_t lateness = (int32_t)(now - ideal);
        if (lateness >= (int32_t)period_ts || lateness <= -(int32_t)period_ts)
            rtb_fail(run, "a periodic release was missed");
        rtb_sample(run, lateness);
    }
}

RTB_BENCHMARK(periodic_jitter, 91, "periodic task release lateness relative to the first release (signed)", run,
              .flags = RTB_RAW, .count = 200, .count_warmup = 1, .count_key = "periods");
