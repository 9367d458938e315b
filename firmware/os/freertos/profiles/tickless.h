/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "tickless": the default profile with FreeRTOS's tickless idle. When nothing is due for
 * at least two ticks, the idle task stops the periodic tick, reprograms SysTick for the next
 * due time and waits for an interrupt (WFI) instead of spinning; on waking it credits the ticks
 * it slept. Only the Cortex-M ports implement the suppression (os.toml [profile_architectures]). */
#include "default.h"
#undef RTB_PROFILE_NAME
#define RTB_PROFILE_NAME "tickless"
#define configUSE_TICKLESS_IDLE 1
