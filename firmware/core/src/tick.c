/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Captures the span of kernel tick interrupts for the tick_cost benchmark. */
#include "rtb/tick.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "span_capture.h"

static int32_t spans[RTB_TICK_CAPTURE_MAX] RTB_NOINIT;
static volatile uint32_t wanted, captured;
/* Not zeroed at reset (boot_time stays as it is); readers compare two counts. */
static volatile uint32_t entries RTB_NOINIT, last_entry RTB_NOINIT;
static const rtb_span_capture capture = {&wanted, &captured, spans, RTB_TICK_CAPTURE_MAX};

void rtb_core_tick_observed(uint32_t start, uint32_t end) { rtb_span_capture_put(&capture, (int32_t)(end - start)); }

void rtb_core_tick_entered(uint32_t start)
{
    last_entry = start;
    entries = entries + 1u;
}

uint32_t rtb_tick_entries(uint32_t *last_start)
{
    uint32_t count;
    do { /* a tick may enter between the two reads */
        count = entries;
        *last_start = last_entry;
    } while (count != entries);
    return count;
}

void rtb_tick_capture_start(uint32_t count) { rtb_span_capture_arm(&capture, count, rtb_os_tick_unobservable()); }

uint32_t rtb_tick_capture_count(void) { return captured; }

int32_t rtb_tick_capture_span(uint32_t index) { return spans[index]; }

void rtb_tick_capture_stop(void) { wanted = 0; }
