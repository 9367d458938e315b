/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Boot phases a kernel port marks in rtb_os_start, so that boot_time can say where the time
 * from reset to the first task goes (the 2012 study's initialisation functions): the kernel's
 * own initialisation done, then rtbench's first objects (the runner task) created. A port that
 * marks neither still reports the whole span. */
#ifndef RTB_BOOT_H
#define RTB_BOOT_H

#ifdef __cplusplus
extern "C" {
#endif

void rtb_boot_kernel_initialised(void);
void rtb_boot_objects_created(void);
#ifdef RTB_BOOT_KERNEL_FIRST
/* A kernel whose own start-up runs before rtbench's entry (RTEMS: its board support, then its
 * initialisation, then its first task calls rtb_main) defines RTB_BOOT_KERNEL_FIRST for the image
 * and marks where the C run-time start-up ended; the kernel's initialisation is then from there
 * to rtb_main. Its rtb_os_start marks the first objects only. */
#include <stdint.h>
void rtb_boot_runtime_done(uint32_t now);
#endif

#ifdef __cplusplus
}
#endif

#endif
