/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
#ifndef RTB_CORE_BOOT_H
#define RTB_CORE_BOOT_H

#include <stdint.h>

/* Marks of the boot path, minus the harness's own set-up. */
void rtb_boot_main_entered(uint32_t now);
void rtb_boot_kernel_starting(uint32_t now);
void rtb_boot_first_task(void);

#endif
