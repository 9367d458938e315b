/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "generic-select": the default profile with FreeRTOS's generic task selection, the
 * portable C that walks down from the highest ready priority to the first non-empty ready list,
 * instead of the port's count-leading-zeros over a priority bitmap. The decision then costs more
 * the further the next task's priority lies below the top one, as FreeRTOS 7's did in the
 * Pereira study's Table I (docs/studies/pereira.md). */
#include "default.h"
#undef RTB_PROFILE_NAME
#define RTB_PROFILE_NAME "generic-select"
#undef configUSE_PORT_OPTIMISED_TASK_SELECTION
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 0
