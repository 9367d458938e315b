/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* ThreadX settings for 32-bit RISC-V SoCs without a CLINT: the system stack (interrupts and the
 * scheduler's idle wait) is as large as FreeRTOS's interrupt stack on the same target. */
#define RTB_THREADX_SYSTEM_STACK_BYTES 2048
