/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Shared state of the qemu-a9 Linux guest files (not part of the platform API). */
#ifndef RTB_A9_GUEST_H
#define RTB_A9_GUEST_H

#include <stdint.h>

/* Maps the A9 private region from /dev/mem; exits with a message when it cannot. */
void rtb_a9_map_counter(void);
/* The 64-bit global timer count. */
uint64_t rtb_a9_count64(void);
/* Starts the background load named by the load= option (none, cpu); what runs, for the manifest. */
const char *rtb_a9_start_load(const char *kind);
/* The measured instructions of a loop of known length (the unit check), for the manifest. */
void rtb_a9_unit_check(char *buf, unsigned cap);

/* Measures the offset between CLOCK_MONOTONIC and the global timer; the bracket in ticks. */
uint32_t rtb_a9_irq_calibrate(void);

/* The global timer count when /init's main() began (just after mapping the counter). */
uint64_t rtb_a9_init_ticks(void);
/* The global timer count at CLOCK_MONOTONIC 0: the kernel's timekeeping start. */
uint64_t rtb_a9_mono_zero_ticks(void);

/* Raises the kernel's timer-softirq and RCU threads above rtbench's tasks; what was done. */
const char *rtb_a9_raise_kthreads(void);
const char *rtb_a9_kthread_status(void);

#endif
