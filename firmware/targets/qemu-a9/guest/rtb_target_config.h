/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* qemu-a9 running Linux: the catalogue is a user-space process. Timestamps are the low word of
 * the Cortex-A9 global timer, mapped from /dev/mem (the kernel does not claim it), read with one
 * load: the same counter, clock and unit as the bare-metal kernels on this target, so results
 * compare. Under `-icount shift=5` a delta in ticks times 5/16, rounded, is exact instructions. */
#ifndef RTB_TARGET_CONFIG_H
#define RTB_TARGET_CONFIG_H

#include <stdint.h>

#define RTB_TARGET_CPU_HZ 0u /* unused: no kernel here derives a tick from the CPU clock */
#define RTB_TS_HZ 100000000u
#define RTB_TS_UNIT "instructions"
#define RTB_TS_SCALE_NUM 5u
#define RTB_TS_SCALE_DEN 16u

#define RTB_NOINIT

#define RTB_TARGET_SAMPLE_CAPACITY (1u << 18)

/* The guest's 32-bit counter wraps every 43 s of virtual time, and booting the kernel (the zImage
 * decompressor alone) takes longer: the image sends 64-bit boot marks as META records and the
 * guest-linux runner computes boot_time from them. */
#define RTB_TARGET_NO_RESET "boot time on linux-rt comes from the guest's 64-bit boot marks (the guest-linux runner)"

#define RTB_TARGET_NO_UART "a process cannot serve a UART's interrupt: under linux-rt the kernel's serial driver owns it"

/* The posix port's nominal tick: 100 Hz, as FreeRTOS's on this target. At 1 kHz (the linux
 * target's) a tick is 31 250 instructions, a handful of this kernel's context switches. */
#define RTB_TARGET_POSIX_TICK_HZ 100u

/* Arming the POSIX timer and blocking take thousands of instructions in the guest: the benchmark
 * interrupt is armed 2 ms ahead (62 500 instructions) so that the task has blocked when it fires. */
#define RTB_TARGET_IRQ_TRIGGER_DELAY_US 2000u

/* The global timer's counter, mapped by main() before rtbench starts. */
extern volatile const uint32_t *rtb_a9_global_timer;

static inline uint32_t rtb_target_ts(void) { return rtb_a9_global_timer[0]; }

#endif
