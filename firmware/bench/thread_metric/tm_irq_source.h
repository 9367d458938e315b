/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The interrupt side of tm_irq: the benchmark's hardware interrupt gives a semaphore that a
 * task takes (tm_irq_preempt's handler resumes its task directly instead). */
#ifndef RTB_TM_IRQ_SOURCE_H
#define RTB_TM_IRQ_SOURCE_H

#include "rtb/irq.h"
#include "tm_measure.h"

/* In the handler: gives `sem`; whether the kernel asks for a switch on exit. Inline: the
 * handler runs once per operation. The set-up around it (creating the semaphore, attaching the
 * handler) stays written out in each benchmark: an inlined helper in their run() makes GCC
 * emit the object's functions in another order, which moves tm_irq_preempt on vexriscv-sim. */
static inline bool tm_irq_give(rtb_sem *sem)
{
    bool switch_needed = false;
    rtb_os_sem_give_from_isr(sem, &switch_needed);
    return switch_needed;
}

#endif
