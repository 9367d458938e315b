/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The Cortex-A9 side of the RTEMS port. RTEMS's BSP owns the vectors and the GIC: its interrupt
 * dispatch acknowledges an interrupt, calls the handlers installed for its number and ends it,
 * and its exit path dispatches when a handler made a more urgent task ready. The target's
 * interrupts (RTB_TARGET_IRQ_IDS) are installed there with rtems_interrupt_handler_install; their
 * entry timestamps are taken after RTEMS's dispatch, which is part of what its interrupts cost.
 * The kernel's tick is the BSP's clock driver (the A9 global timer's comparator): its call of the
 * kernel's tick, _Timecounter_Tick (the timecounter and the watchdogs: timeouts, timers, periods),
 * is wrapped at link time (--wrap, os.cmake) to report each tick. A fault (an abort, an undefined
 * instruction) reaches RTEMS's fatal error handler, whose extension here reports it. */
#include <rtems.h>

#include "rtb/fault.h"
#include "rtb/os.h"
#include "rtb/target.h"
#include "rtb/target_irq.h"
#include "rtb/tick.h"
#include "rtb_rtems.h"
#include RTB_RTEMS_ARCH_HEADER

static void target_interrupt(void *id) { rtb_target_interrupt_id((uint32_t)(uintptr_t)id); }

void rtb_rtems_arch_attach(void)
{
    static const uint32_t ids[] = RTB_TARGET_IRQ_IDS;
    for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++)
        (void)rtems_interrupt_handler_install(ids[i], "rtbench", RTEMS_INTERRUPT_UNIQUE, target_interrupt,
                                              (void *)(uintptr_t)ids[i]);
}

void __real__Timecounter_Tick(void);
void __wrap__Timecounter_Tick(void);

void __wrap__Timecounter_Tick(void)
{
    uint32_t start = rtb_target_ts();
    rtb_core_tick_entered(start); /* where timers expire: timer_expiry's reference */
    __real__Timecounter_Tick();
    rtb_core_tick_observed(start, rtb_target_ts());
}

const char *rtb_os_tick_unobservable(void) { return 0; } /* every tick is reported */

/* RTEMS chooses the next task inside each directive's scheduler operation, with no hook where the
 * choice begins; its thread-switch extension runs only once the switch is decided. */
const char *rtb_os_sched_unobservable(void)
{
    return "RTEMS has no hook where its scheduler starts choosing: the heir is chosen inside each directive's "
           "scheduler operation, and the thread-switch extension runs only after the choice";
}

uint32_t rtb_os_isr_priority(void) { return RTB_RTEMS_ISR_PRIORITY; }

/* The fatal error extension (rtb_rtems_config.c): a processor exception as rtbench's fault
 * report, any other fatal error with its source and code. */
void rtb_rtems_fatal(rtems_fatal_source source, bool always_false, rtems_fatal_code code)
{
    (void)always_false;
    static const char *const kinds[] = {"reset", "undefined_instruction", "swi", "prefetch_abort", "data_abort",
                                        "reserved", "irq", "fiq"};
    rtb_fault_info info = {.kind = "rtems_fatal", .cfsr = (uint32_t)source, .bfar = (uint32_t)code};
    if (source == RTEMS_FATAL_SOURCE_EXCEPTION) {
        const CPU_Exception_frame *frame = (const CPU_Exception_frame *)code;
        uint32_t dfsr, dfar;
        __asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(dfsr));
        __asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(dfar));
        info = (rtb_fault_info){.kind = kinds[frame->vector & 7u],
                                .pc = (uint32_t)(uintptr_t)frame->register_pc,
                                .lr = (uint32_t)(uintptr_t)frame->register_lr,
                                .psr = frame->register_cpsr,
                                .cfsr = dfsr,
                                .bfar = dfar};
    }
    rtb_core_fault(&info);
}
