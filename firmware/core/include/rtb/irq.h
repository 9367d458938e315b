/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The benchmark interrupt, as the core offers it to benchmarks. */
#ifndef RTB_IRQ_H
#define RTB_IRQ_H

#include <stdbool.h>
#include <stdint.h>

/* Runs in interrupt context. t_fire: when the hardware raised the interrupt; t_entry: the
 * handler's first timestamp read. Returns whether a context switch is needed on exit. */
typedef bool (*rtb_irq_handler)(uint32_t t_fire, uint32_t t_entry, void *arg);

void rtb_irq_attach(rtb_irq_handler handler, void *arg);
void rtb_irq_detach(void);
void rtb_irq_trigger(uint32_t delay_ts);

/* Called by the target's interrupt handler. */
void rtb_core_irq(uint32_t t_fire, uint32_t t_entry);

#endif
