/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* FreeRTOS settings for 32-bit RISC-V without a CLINT: the tick comes from a platform timer
 * (rtb_target_tick_start), so the port's mtime/mtimecmp addresses are 0; interrupts use their
 * own stack. */
#define configMTIME_BASE_ADDRESS 0
#define configMTIMECMP_BASE_ADDRESS 0
#define configISR_STACK_SIZE_WORDS 512
