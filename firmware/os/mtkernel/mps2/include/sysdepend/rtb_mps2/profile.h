/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The µT-Kernel profile of the MPS2 boards: the ARMv7-M core's, no I/O ports, physical timers
 * or power management. */
#ifndef RTB_MTK_PROFILE_H
#define RTB_MTK_PROFILE_H

#include "sys/sysdepend/cpu/core/armv7m/profile.h"

#define TK_SUPPORT_IOPORT FALSE
#define TK_SUPPORT_PTIMER FALSE
#define TK_MAX_PTIMER 0
#define TK_SUPPORT_LOWPOWER FALSE

#endif
