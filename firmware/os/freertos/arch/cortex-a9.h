/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* FreeRTOS settings for the Cortex-A9 (GCC ARM_CA9 port) on vexpress-a9: the MPCore's GIC,
 * 32 priority levels (5 bits, as on silicon), API calls allowed from priority 18 down, and the
 * tick from the target's private timer. */
#define configINTERRUPT_CONTROLLER_BASE_ADDRESS 0x1E001000UL
/* The CPU interface sits 0xF00 below the distributor (0x1E000100): a wrapping offset. */
#define configINTERRUPT_CONTROLLER_CPU_INTERFACE_OFFSET 0xFFFFF100UL
#define configUNIQUE_INTERRUPT_PRIORITIES 32
#define configMAX_API_CALL_INTERRUPT_PRIORITY 18
#define configUSE_TASK_FPU_SUPPORT 1

#ifndef __ASSEMBLER__
void rtb_freertos_a9_setup_tick(void);
#endif
#define configSETUP_TICK_INTERRUPT() rtb_freertos_a9_setup_tick()
