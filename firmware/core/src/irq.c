/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Dispatch of the benchmark interrupt to the benchmark that armed it. */
#include "rtb/irq.h"

#include "rtb/os.h"
#include "rtb/target.h"

static volatile rtb_irq_handler current;
static void *volatile current_arg;
static bool configured;

void rtb_irq_attach(rtb_irq_handler handler, void *arg)
{
    if (!configured) {
        rtb_target_irq_setup(rtb_os_isr_priority());
        configured = true;
    }
    current_arg = arg;
    current = handler;
}

void rtb_irq_detach(void) { current = 0; }

void rtb_irq_trigger(uint32_t delay_ts) { rtb_target_irq_trigger(delay_ts); }

void rtb_core_irq(uint32_t t_fire, uint32_t t_entry)
{
    rtb_irq_handler handler = current;
    bool switch_needed = handler ? handler(t_fire, t_entry, current_arg) : false;
    rtb_os_isr_exit(switch_needed);
}
