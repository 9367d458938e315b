/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The run context shared by the catalogue runner and the run-context API. */
#ifndef RTB_RUN_H
#define RTB_RUN_H

#include "rtb/bench.h"

typedef enum { RTB_STATUS_OK, RTB_STATUS_FAIL, RTB_STATUS_UNSUPPORTED } rtb_status;

struct rtb_run {
    const rtb_bench *bench;
    uint32_t param;
    uint32_t iterations;
    uint32_t warmup;
    uint32_t seen;     /* samples offered, warm-up included */
    uint32_t kept;     /* samples recorded */
    uint32_t buffered; /* samples not yet sent */
    uint32_t sent;
    rtb_status status;
    const char *reason;
};

void rtb_run_begin(rtb_run *run, const rtb_bench *bench, uint32_t param, uint32_t overhead);
void rtb_run_end(rtb_run *run);
/* Marks the run in progress `unsupported`: for core services that a benchmark uses and the
 * platform or kernel cannot provide, so that no benchmark has to know which ones lack them. */
void rtb_run_unsupported_now(const char *reason);

#endif
