/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* FreeRTOS settings for the Cortex-M33: the ARM_CM33_NTZ port run in the secure state only
 * (no TrustZone split, no MPU), with the FPU, and the Cortex-M3's priority levels. The ARMv8-M
 * ports name their handlers SVC_Handler, PendSV_Handler and SysTick_Handler themselves: the
 * last is renamed so that rtbench's SysTick_Handler can time it. */
#define configPRIO_BITS 3
#define configKERNEL_INTERRUPT_PRIORITY (7u << (8u - configPRIO_BITS))
#define configMAX_SYSCALL_INTERRUPT_PRIORITY (2u << (8u - configPRIO_BITS))

#define configENABLE_TRUSTZONE 0
#define configRUN_FREERTOS_SECURE_ONLY 1
#define configENABLE_MPU 0
#define configENABLE_FPU 1
#define configENABLE_MVE 0

#define SysTick_Handler xPortSysTickHandler
