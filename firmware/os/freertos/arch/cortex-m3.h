/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* FreeRTOS settings for Cortex-M3: 3 implemented priority bits, the kernel at the lowest
 * level, and the CMSIS handler names the target's vector table uses. */
#define configPRIO_BITS 3
#define configKERNEL_INTERRUPT_PRIORITY (7u << (8u - configPRIO_BITS))
#define configMAX_SYSCALL_INTERRUPT_PRIORITY (2u << (8u - configPRIO_BITS))

#define vPortSVCHandler SVC_Handler
#define xPortPendSVHandler PendSV_Handler
