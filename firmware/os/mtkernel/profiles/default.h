/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Profile "default": what a shipped product runs, matching the other kernels' default profiles:
 * a 100 Hz tick (µT-Kernel's system timer period of 10 ms), parameter checks off (config.h).
 * µT-Kernel has no time slicing and no stack checking to turn off. */
#define RTB_PROFILE_NAME "default"
#define RTB_MTK_TIMER_PERIOD_MS 10
