/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* FreeRTOS settings for the Cortex-M0 (ARM_CM0 port): no BASEPRI, so its critical sections
 * mask every interrupt; 2 priority bits, the kernel at the lowest level. Like the ARMv8-M
 * ports it names its handlers itself: its SysTick_Handler is renamed so that rtbench's can
 * time it. */
#define configPRIO_BITS 2
#define configKERNEL_INTERRUPT_PRIORITY (3u << (8u - configPRIO_BITS))
/* Not used by the port (it has no BASEPRI): places rtbench's interrupts above the kernel's. */
#define configMAX_SYSCALL_INTERRUPT_PRIORITY (1u << (8u - configPRIO_BITS))
#define configENABLE_MPU 0

#define SysTick_Handler xPortSysTickHandler

/* ARMv6-M has no CLZ instruction: the port has no optimised task selection, whatever the
 * profile says (the manifest records the value used). */
#undef configUSE_PORT_OPTIMISED_TASK_SELECTION
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 0
