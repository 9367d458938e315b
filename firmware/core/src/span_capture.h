/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* A capture of the next N spans into a fixed buffer: armed from a task, filled from an
 * interrupt or a kernel hook, read back once stopped. Serves rtb/tick.h and rtb/sched.h. */
#ifndef RTB_SPAN_CAPTURE_H
#define RTB_SPAN_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "run.h"

/* Where one capture keeps its state. The owner keeps the counters and the buffer as statics of
 * their own and describes them in a static const, so that the inline functions below compile
 * to what the owner would write in place. The tick wrapper runs them on every tick: counters
 * packed in one struct would save a load there, which moves the catalogue's timeline, and
 * with it uC/OS-II's and ThreadX's periodic_jitter. */
typedef struct {
    volatile uint32_t *wanted;
    volatile uint32_t *captured;
    int32_t *spans;
    uint32_t capacity;
} rtb_span_capture;

/* From a task: arms the capture for the next `count` spans (at most its capacity). When the
 * port said why it cannot report them (`why_not`), the running benchmark becomes unsupported. */
static inline void rtb_span_capture_arm(const rtb_span_capture *capture, uint32_t count, const char *why_not)
{
    if (why_not)
        rtb_run_unsupported_now(why_not);
    *capture->wanted = 0; /* nothing lands while the count is reset */
    *capture->captured = 0;
    *capture->wanted = count < capture->capacity ? count : capture->capacity;
}

/* In interrupt context: stores `span` while the capture has room; whether it did. */
static inline bool rtb_span_capture_put(const rtb_span_capture *capture, int32_t span)
{
    uint32_t n = *capture->captured;
    if (n >= *capture->wanted)
        return false;
    capture->spans[n] = span;
    *capture->captured = n + 1u;
    return true;
}

#endif
