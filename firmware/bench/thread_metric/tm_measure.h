/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Thread-Metric style measurement (written for rtbench from the suite's published
 * description): worker tasks count operations while the catalogue task, at the highest
 * priority, samples the total once per period. Each sample = operations in one period. */
#ifndef RTB_TM_MEASURE_H
#define RTB_TM_MEASURE_H

#include "rtb/bench.h"
#include "rtb/group.h"

/* Samples sum(counters) every period (the run's parameter, in ms) for rtb_loops() periods,
 * then stops the workers: `finishers` of them loop on rtb_group_running() and end with
 * rtb_group_done(); the others must be blocked. `check` (may be NULL) verifies the workers'
 * state after the last period and fails the run when it is wrong. A run in which no operation
 * completed fails. */
void tm_measure(rtb_run *run, rtb_group *group, volatile const uint32_t *counters, unsigned count,
                unsigned finishers, void (*check)(rtb_run *run));

/* Fails the run unless every counter is within `slack` of the first. */
void tm_expect_even(rtb_run *run, volatile const uint32_t *counters, unsigned count, uint32_t slack,
                    const char *reason);

/* Each benchmark registers with parameter period_ms (100), 10 periods (option tm_periods),
 * one warm-up period and the unit "operations" (per period). */

#endif
