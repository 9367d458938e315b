/* Captures the span of the kernel's context-switch decisions for sched_decision. */
#include "rtb/sched.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "run.h"

static int32_t spans[RTB_SCHED_CAPTURE_MAX] RTB_NOINIT;
static volatile uint32_t wanted, captured, started_at;
volatile unsigned rtb_sched_capturing;
static volatile uint32_t pending; /* a begin was seen and its end is due */

void rtb_core_sched_decision_begin(void)
{
    if (captured < wanted) {
        pending = 1u;
        started_at = rtb_target_ts();
    }
}

void rtb_core_sched_decision_end(void)
{
    uint32_t end = rtb_target_ts();
    uint32_t n = captured;
    if (pending && n < wanted) {
        spans[n] = (int32_t)(end - started_at);
        captured = n + 1u;
        if (n + 1u == wanted)
            rtb_sched_capturing = 0u; /* full: the hooks stop calling */
    }
    pending = 0u;
}

void rtb_sched_capture_start(uint32_t count)
{
    const char *why_not = rtb_os_sched_unobservable();
    if (why_not)
        rtb_run_unsupported_now(why_not);
    wanted = 0;
    pending = 0;
    captured = 0;
    wanted = count < RTB_SCHED_CAPTURE_MAX ? count : RTB_SCHED_CAPTURE_MAX;
    rtb_sched_capturing = wanted != 0u;
}

uint32_t rtb_sched_capture_count(void) { return captured; }

int32_t rtb_sched_capture_span(uint32_t index) { return spans[index]; }

void rtb_sched_capture_stop(void)
{
    rtb_sched_capturing = 0u;
    wanted = 0;
}
