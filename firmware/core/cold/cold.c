/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The cold sample (`rtbench run --cold`): each benchmark's first sample, which its warm-up drops,
 * sent apart in a COLD record before its END. Linked only into images built with RTB_COLD_SAMPLE,
 * which wrap rtb_sample and rtb_run_end (ld --wrap, firmware/CMakeLists.txt): capturing it costs
 * instructions that move the tick under later samples, so the default image has none of it, not
 * even a changed line in run.c. */
#include "../src/run.h"
#include "rtb/stream.h"

void __real_rtb_sample(rtb_run *run, int32_t delta);
void __real_rtb_run_end(rtb_run *run);
void __wrap_rtb_sample(rtb_run *run, int32_t delta);
void __wrap_rtb_run_end(rtb_run *run);

static int32_t cold;
static bool taken;

void __wrap_rtb_sample(rtb_run *run, int32_t delta)
{
    if (!taken && run->seen == 0u && run->status == RTB_STATUS_OK) {
        cold = delta;
        taken = true;
    }
    __real_rtb_sample(run, delta);
}

void __wrap_rtb_run_end(rtb_run *run)
{
    /* Without a warm-up the first sample is among the samples: nothing to keep apart. */
    if (taken && run->warmup > 0u && run->status == RTB_STATUS_OK) {
        rtb_field fields[] = {RTB_STR("bench", run->bench->name), RTB_NUM("value", cold)};
        rtb_stream_record("COLD", fields, 2);
    }
    taken = false;
    __real_rtb_run_end(run);
}
