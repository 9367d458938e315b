/* Captures the span of kernel tick interrupts for the tick_cost benchmark. */
#include "rtb/tick.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "span_capture.h"

static int32_t spans[RTB_TICK_CAPTURE_MAX] RTB_NOINIT;
static volatile uint32_t wanted, captured;
static const rtb_span_capture capture = {&wanted, &captured, spans, RTB_TICK_CAPTURE_MAX};

void rtb_core_tick_observed(uint32_t start, uint32_t end) { rtb_span_capture_put(&capture, (int32_t)(end - start)); }

void rtb_tick_capture_start(uint32_t count) { rtb_span_capture_arm(&capture, count, rtb_os_tick_unobservable()); }

uint32_t rtb_tick_capture_count(void) { return captured; }

int32_t rtb_tick_capture_span(uint32_t index) { return spans[index]; }

void rtb_tick_capture_stop(void) { wanted = 0; }
