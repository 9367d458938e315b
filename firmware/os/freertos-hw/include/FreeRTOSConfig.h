/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* freertos-hw: the freertos port's configuration plus the tick hook, through which the
 * kernel's tick steps the SoC's timer bank and wakes the tasks whose timers expired
 * (hw_timers.c). */
#ifndef RTB_FREERTOS_HW_CONFIG_H
#define RTB_FREERTOS_HW_CONFIG_H

#include_next "FreeRTOSConfig.h"

#undef configUSE_TICK_HOOK
#define configUSE_TICK_HOOK 1

#endif
