/* Captures the span of kernel tick interrupts for the tick_cost benchmark. */
#include "rtb/tick.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "run.h"

static int32_t spans[RTB_TICK_CAPTURE_MAX] RTB_NOINIT;
static volatile uint32_t wanted, captured;

void rtb_core_tick_observed(uint32_t start, uint32_t end)
{
    uint32_t n = captured;
    if (n < wanted) {
        spans[n] = (int32_t)(end - start);
        captured = n + 1u;
    }
}

void rtb_tick_capture_start(uint32_t count)
{
    const char *why_not = rtb_os_tick_unobservable();
    if (why_not)
        rtb_run_unsupported_now(why_not);
    wanted = 0;
    captured = 0;
    wanted = count < RTB_TICK_CAPTURE_MAX ? count : RTB_TICK_CAPTURE_MAX;
}

uint32_t rtb_tick_capture_count(void) { return captured; }

int32_t rtb_tick_capture_span(uint32_t index) { return spans[index]; }

void rtb_tick_capture_stop(void) { wanted = 0; }
