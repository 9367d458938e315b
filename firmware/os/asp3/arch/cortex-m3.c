/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The ARMv7-M side of the ASP3 port: the timer interrupt wrapper
 * (the kernel's interrupt entry calls it, mps2/target_kernel.cfg's DEF_INH), and the priority of the
 * interrupts that call the kernel. */
#include "kernel.h"
#include "sil.h"

#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/tick.h"
#include "rtb_asp3_cfg.h"

void target_hrt_handler(void);

/* ASP3's timer interrupt (a one-shot SysTick, due at the next time event): not a periodic tick. */
void rtb_asp3_tick(void)
{
#ifdef RTB_WITH_SERVICES
    rtb_core_tick_entered(rtb_target_ts()); /* where alarms expire: timer_expiry's reference */
#endif
    target_hrt_handler(); /* mps2/target_timer.c: signal_time, which arms the timer for the next event */
}

/* ASP3's priority -1 (TMAX_INTPRI) as the NVIC holds it, as the kernel's INT_IPM computes it. */
uint32_t rtb_os_isr_priority(void)
{
    return (uint32_t)((1 << TBITW_IPRI) + RTB_ASP3_INTPRI_BENCH) << (8 - TBITW_IPRI);
}

const char *rtb_os_tick_unobservable(void)
{
    /* Its periodic tick driver (core_timer.c) refuses a step above 4000 us (kernel/time_event.c). */
    return "ASP3 runs tickless here: no periodic tick, its timer interrupts only when a time event is due "
           "(its tick driver cannot do 100 Hz)";
}

const char *rtb_os_sched_unobservable(void)
{
    return "ASP3 chooses the next task whenever its ready queues change (make_runnable and make_non_runnable "
           "set p_schedtsk) and offers no hook around that choice outside its trace log build";
}
