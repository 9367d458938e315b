/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The ARMv7-M side of the µT-Kernel port: the tick interrupt wrapper around the kernel's own
 * (knl_systim_inthdr, which mps2/rtb_mtk_board.c puts in the SysTick vector), and the priority of
 * the interrupts that call the kernel. */
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/tick.h"
#include "rtb_mtk.h"

void knl_systim_inthdr(void);
void rtb_mtk_tick(void);

void rtb_mtk_tick(void)
{
    uint32_t start = rtb_target_ts();
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(start); /* where alarms expire: timer_expiry's reference */
#endif
    knl_systim_inthdr();
    rtb_core_tick_observed(start, rtb_target_ts());
}

/* Below BASEPRI's mask while the kernel is in a critical section (INTPRI_MAX_EXTINT_PRI). */
uint32_t rtb_os_isr_priority(void) { return (uint32_t)INTPRI_VAL(RTB_MTK_INTPRI_BENCH); }

const char *rtb_os_tick_unobservable(void) { return 0; } /* rtb_mtk_tick reports each tick */

const char *rtb_os_sched_unobservable(void)
{
    /* Short enough for the result's line (the stream's limit), after the longest label. */
    return "µT-Kernel chooses the next task whenever its ready queue changes (knl_ready_queue_* set "
           "knl_schedtsk) and offers no hook around that choice (td_hok_dsp is unimplemented)";
}
