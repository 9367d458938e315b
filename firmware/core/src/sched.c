/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Captures the span of the kernel's context-switch decisions for sched_decision. */
#include "rtb/sched.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "span_capture.h"

static int32_t spans[RTB_SCHED_CAPTURE_MAX] RTB_NOINIT;
static volatile uint32_t wanted, captured, started_at;
static const rtb_span_capture capture = {&wanted, &captured, spans, RTB_SCHED_CAPTURE_MAX};
volatile unsigned rtb_sched_capturing;
static volatile uint32_t pending; /* a begin was seen and its end is due */

void rtb_core_sched_decision_begin(void)
{
    if (captured < wanted) {
        pending = 1u;
        started_at = rtb_target_ts();
    }
}

/* Not rtb_span_capture_put: this order of reads is part of sched_decision's measured span. */
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

/* The hooks call in only while rtb_sched_capturing is set, so `pending` is reset after arming. */
void rtb_sched_capture_start(uint32_t count)
{
    rtb_span_capture_arm(&capture, count, rtb_os_sched_unobservable());
    pending = 0;
    rtb_sched_capturing = wanted != 0u;
}

uint32_t rtb_sched_capture_count(void) { return captured; }

int32_t rtb_sched_capture_span(uint32_t index) { return spans[index]; }

void rtb_sched_capture_stop(void)
{
    rtb_sched_capturing = 0u;
    wanted = 0;
}
