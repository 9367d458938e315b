/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX settings for Cortex-M3: 3 implemented priority bits. The port masks interrupts
 * with PRIMASK, so any level may call the kernel; the tick runs at level 2 and the
 * benchmark interrupt at level 3, as on the other kernels. */
#define RTB_THREADX_PRIO_BITS 3u
#define RTB_THREADX_TICK_LEVEL 2u
#define RTB_THREADX_ISR_LEVEL 3u
