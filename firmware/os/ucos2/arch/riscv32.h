/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uC/OS-II settings for 32-bit RISC-V SoCs without a CLINT: interrupts run on a stack of their
 * own, as large as FreeRTOS's on the same target. Included by the assembly port too: macros only. */
#define RTB_UCOS2_ISR_STACK_BYTES 2048
