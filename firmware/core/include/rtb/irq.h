/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt, as the core offers it to benchmarks. */
#ifndef RTB_IRQ_H
#define RTB_IRQ_H

#include <stdbool.h>
#include <stdint.h>

#include "rtb/group.h"
#include "rtb/target.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How far ahead the interrupt benchmarks arm the benchmark interrupt: far enough for the
 * measuring task to block first, so that the interrupt finds the idle task running (80 us is
 * about 600 instructions on qemu-m3). A target on which arming and blocking take longer (a Linux
 * guest, a slow soft-core) says how far in rtb_target_config.h. */
#ifdef RTB_TARGET_IRQ_TRIGGER_DELAY_US
#define RTB_IRQ_LEAD_US RTB_TARGET_IRQ_TRIGGER_DELAY_US
#else
#define RTB_IRQ_LEAD_US 80u
#endif

/* Runs in interrupt context. t_fire: when the hardware raised the interrupt; t_entry: the
 * handler's first timestamp read. Returns whether a context switch is needed on exit. */
typedef bool (*rtb_irq_handler)(uint32_t t_fire, uint32_t t_entry, void *arg);

void rtb_irq_attach(rtb_irq_handler handler, void *arg);
void rtb_irq_detach(void);
void rtb_irq_trigger(uint32_t delay_ts);

/* Checks that the lead suffices, on the target and kernel that run: after measuring, a
 * benchmark makes RTB_IRQ_WITNESS_ROUNDS arm-and-block rounds with a witness task below its
 * tasks, which counts in `runs` while it runs, so only once they have all blocked. A round in
 * which it did not run between the arming and the wake-up had the interrupt fire (or wait
 * behind a critical section) before the tasks had blocked: rtb_irq_witness_missed then fails
 * the run. A round the kernel's tick ran in proves nothing (the tick may hold up the blocking,
 * as it does in the rare measured sample it lands in) and is passed over. Measured rounds run
 * without the witness, so the interrupt lands in the idle task. */
#define RTB_IRQ_WITNESS_ROUNDS 8u
typedef struct {
    rtb_group group;
    volatile uint32_t runs;
    uint32_t runs_armed, ticks_armed; /* at the round's arming */
} rtb_irq_witness;

bool rtb_irq_witness_start(rtb_irq_witness *witness, rtb_run *run);
/* Call just before arming a round. */
void rtb_irq_witness_arm(rtb_irq_witness *witness);
/* True (and the run failed) when the witness has not run since the arming, and no tick came. */
bool rtb_irq_witness_missed(rtb_irq_witness *witness);
void rtb_irq_witness_stop(rtb_irq_witness *witness);

/* Called by the target's interrupt handler. */
void rtb_core_irq(uint32_t t_fire, uint32_t t_entry);

#ifdef __cplusplus
}
#endif

#endif
