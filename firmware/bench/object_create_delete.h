/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The shape the object create/delete benchmarks share: create an object, check it works, delete
 * it, each call timed on its own (`timed` says which sample a run keeps). */
#ifndef RTB_OBJECT_CREATE_DELETE_H
#define RTB_OBJECT_CREATE_DELETE_H

#include "rtb/bench.h"

typedef enum { TIME_CREATE, TIME_DELETE } rtb_timed_call;

/* Checks the kernel creates such objects at run time; notes how. False (the run unsupported)
 * when it does not. */
static inline bool rtb_creates_objects(rtb_run *run)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_CREATE);
    if (why) {
        rtb_unsupported(run, why);
        return false;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_CREATE));
    return true;
}

static inline void rtb_sample_call(rtb_run *run, rtb_timed_call timed, uint32_t t0, uint32_t t1, uint32_t t2,
                                   uint32_t t3)
{
    rtb_sample(run, (int32_t)(timed == TIME_CREATE ? t1 - t0 : t3 - t2));
}

#endif
