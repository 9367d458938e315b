/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Observation of the kernel's context-switch decision: ports report, from the kernel's own
 * trace hooks, when the decision starts and when it has chosen the next task. */
#ifndef RTB_SCHED_H
#define RTB_SCHED_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RTB_SCHED_CAPTURE_MAX 2048u

/* Called by the port where the kernel starts choosing the next task (e.g. FreeRTOS's
 * traceTASK_SWITCHED_OUT) and where it has chosen it (traceTASK_SWITCHED_IN). An end
 * without a begin (the scheduler's first start) is ignored. */
/* Non-zero while a capture is armed: ports test it first so that a disarmed hook costs
 * no call. */
extern volatile unsigned rtb_sched_capturing;
void rtb_core_sched_decision_begin(void);
void rtb_core_sched_decision_end(void);

/* Arms a capture of the next `count` decisions; rtb_sched_capture_count says how many arrived. */
void rtb_sched_capture_start(uint32_t count);
uint32_t rtb_sched_capture_count(void);
int32_t rtb_sched_capture_span(uint32_t index);
void rtb_sched_capture_stop(void);

#ifdef __cplusplus
}
#endif

#endif
