/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX settings for the Cortex-M0: 2 implemented priority bits; the port masks interrupts
 * with PRIMASK, so any level may call the kernel: the tick at level 1, the benchmark interrupt
 * at level 2, PendSV and SVCall at the least urgent, 3. */
#define RTB_THREADX_PRIO_BITS 2u
#define RTB_THREADX_TICK_LEVEL 1u
#define RTB_THREADX_ISR_LEVEL 2u
