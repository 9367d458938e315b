/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Reset, vector table and fault reporting, shared by every Cortex-M target. The target's
 * rtb_cm_board.h names its benchmark interrupts, its interrupt count and the header
 * (CM_PERIPHERALS) whose cm_board_start_clock() starts the timestamp counter. */
#include <stdint.h>

#include "cm_regs.h"
#include "cm_vectors.h"
#include "rtb/fault.h"
#include "rtb/target.h"
#include "rtb_cm_board.h"
#include CM_PERIPHERALS

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

uint32_t rtb_target_reset_ts(void) { return 0u; }

__attribute__((noreturn)) void Reset_Handler(void)
{
    /* Start the timestamp counter first: boot_time counts from here (its value is 0 now). */
    cm_board_start_clock();
#if defined(__ARM_FP)
    /* Code built for the FPU may use it anywhere: give CP10 and CP11 full access first. */
    SCB_CPACR |= 0xFu << 20;
    __asm__ volatile("dsb\n isb" ::: "memory");
#endif
    for (uint32_t *src = __data_load, *dst = __data_start; dst < __data_end;)
        *dst++ = *src++;
    for (uint32_t *dst = __bss_start; dst < __bss_end;)
        *dst++ = 0u;
    rtb_main();
}

/* Called with the exception frame the fault stacked. */
__attribute__((used, noreturn)) static void report_fault(const uint32_t *frame, uint32_t ipsr)
{
    rtb_fault_info info = {
        .kind = ipsr == 3u ? "hardfault" : "unexpected_exception",
        .pc = frame[6],
        .lr = frame[5],
        .psr = frame[7],
#if !defined(__ARM_ARCH_6M__) /* ARMv6-M has no fault status registers */
        .cfsr = SCB_CFSR,
        .hfsr = SCB_HFSR,
        .mmfar = SCB_MMFAR,
        .bfar = SCB_BFAR,
#endif
    };
    rtb_core_fault(&info);
}

/* Finds the stacked frame (main or process stack) and hands it to report_fault. */
__attribute__((naked)) void Fault_Handler(void)
{
#if defined(__ARM_ARCH_6M__)
    __asm__ volatile("movs r0, #4\n"
                     "mov r1, lr\n"
                     "tst r0, r1\n"
                     "mrs r0, msp\n"
                     "beq 1f\n"
                     "mrs r0, psp\n"
                     "1: mrs r1, ipsr\n"
                     "ldr r2, =report_fault\n"
                     "bx r2\n"
                     ".ltorg\n");
#else
    __asm__ volatile("tst lr, #4\n"
                     "ite eq\n"
                     "mrseq r0, msp\n"
                     "mrsne r0, psp\n"
                     "mrs r1, ipsr\n"
                     "b report_fault\n");
#endif
}

void HardFault_Handler(void) __attribute__((alias("Fault_Handler")));
void SVC_Handler(void) __attribute__((weak, alias("Fault_Handler")));
void PendSV_Handler(void) __attribute__((weak, alias("Fault_Handler")));
void SysTick_Handler(void) __attribute__((weak, alias("Fault_Handler")));

typedef void (*vector)(void);

/* Every interrupt the board has goes to Fault_Handler but the benchmark's own. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
__attribute__((used, section(".vectors"))) static const vector vector_table[16 + CM_IRQ_COUNT] = {
    [0] = (vector)(uintptr_t)__stack_top,
    [1] = Reset_Handler,
    [2] = Fault_Handler, /* NMI */
    [3] = HardFault_Handler,
    [4] = Fault_Handler, /* MemManage */
    [5] = Fault_Handler, /* BusFault */
    [6] = Fault_Handler, /* UsageFault */
    [7] = Fault_Handler, /* SecureFault (ARMv8-M) */
    [11] = SVC_Handler,
    [12] = Fault_Handler, /* DebugMon */
    [14] = PendSV_Handler,
    [15] = SysTick_Handler,
    [16 ... 16 + CM_IRQ_COUNT - 1] = Fault_Handler,
    [16 + CM_TIMER1_IRQ] = BenchTimer_Handler,
#ifdef CM_UART1_TX_IRQ
    [16 + CM_UART1_TX_IRQ] = BenchUart_Handler,
#endif
};
#pragma GCC diagnostic pop
