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

static void witness_task(void *arg)
{
    rtb_irq_witness *witness = arg;
    while (rtb_group_running(&witness->group))
        witness->runs++;
    rtb_group_done(&witness->group);
}

bool rtb_irq_witness_start(rtb_irq_witness *witness, rtb_run *run)
{
    witness->runs = 0;
    if (!rtb_group_init(&witness->group, run))
        return false;
    if (rtb_group_spawn(&witness->group, "witness", witness_task, witness, 1u))
        return true;
    rtb_group_join(&witness->group, 0u); /* reclaims the group's semaphore */
    return false;
}

void rtb_irq_witness_arm(rtb_irq_witness *witness)
{
    witness->runs_armed = witness->runs;
    witness->ticks_armed = rtb_os_tick_count();
}

bool rtb_irq_witness_missed(rtb_irq_witness *witness)
{
    if (witness->runs != witness->runs_armed || rtb_os_tick_count() != witness->ticks_armed)
        return false;
    rtb_fail(witness->group.run, "the benchmark interrupt fired before the measuring task had blocked "
                                 "(the idle task was not running): the target's interrupt lead "
                                 "(RTB_TARGET_IRQ_TRIGGER_DELAY_US) is too short");
    return true;
}

void rtb_irq_witness_stop(rtb_irq_witness *witness)
{
    rtb_group_stop(&witness->group);
    rtb_group_join(&witness->group, 1u);
}
