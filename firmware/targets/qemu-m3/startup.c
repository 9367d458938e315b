/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Reset, vector table and fault reporting for the Cortex-M3 of mps2-an385. */
#include <stdint.h>

#include "mps2.h"
#include "rtb/fault.h"
#include "rtb/target.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

uint32_t rtb_target_reset_ts(void) { return 0u; }

__attribute__((noreturn)) void Reset_Handler(void)
{
    /* Start the timestamp counter first: boot_time counts from here (its value is 0 now). */
    TIMER_RELOAD(TIMER0_BASE) = 0xFFFFFFFFu;
    TIMER_VALUE(TIMER0_BASE) = 0xFFFFFFFFu;
    TIMER_CTRL(TIMER0_BASE) = TIMER_CTRL_ENABLE;
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
        .cfsr = SCB_CFSR,
        .hfsr = SCB_HFSR,
        .mmfar = SCB_MMFAR,
        .bfar = SCB_BFAR,
    };
    rtb_core_fault(&info);
}

/* Finds the stacked frame (main or process stack) and hands it to report_fault. */
__attribute__((naked)) void Fault_Handler(void)
{
    __asm__ volatile("tst lr, #4\n"
                     "ite eq\n"
                     "mrseq r0, msp\n"
                     "mrsne r0, psp\n"
                     "mrs r1, ipsr\n"
                     "b report_fault\n");
}

void HardFault_Handler(void) __attribute__((alias("Fault_Handler")));
void SVC_Handler(void) __attribute__((weak, alias("Fault_Handler")));
void PendSV_Handler(void) __attribute__((weak, alias("Fault_Handler")));
void SysTick_Handler(void) __attribute__((weak, alias("Fault_Handler")));
void Timer1_Handler(void);
void Uart1Tx_Handler(void);

typedef void (*vector)(void);

__attribute__((used, section(".vectors"))) static const vector vector_table[16 + 32] = {
    [0] = (vector)(uintptr_t)__stack_top,
    [1] = Reset_Handler,
    [2] = Fault_Handler, /* NMI */
    [3] = HardFault_Handler,
    [4] = Fault_Handler, /* MemManage */
    [5] = Fault_Handler, /* BusFault */
    [6] = Fault_Handler, /* UsageFault */
    [11] = SVC_Handler,
    [12] = Fault_Handler, /* DebugMon */
    [14] = PendSV_Handler,
    [15] = SysTick_Handler,
    [16 + 0] = Fault_Handler, [16 + 1] = Fault_Handler, [16 + 2] = Fault_Handler,
    [16 + UART1_TX_IRQ] = Uart1Tx_Handler, [16 + 4] = Fault_Handler, [16 + 5] = Fault_Handler,
    [16 + 6] = Fault_Handler, [16 + 7] = Fault_Handler, [16 + 8] = Fault_Handler,
    [16 + TIMER1_IRQ] = Timer1_Handler,
    [16 + 10] = Fault_Handler, [16 + 11] = Fault_Handler, [16 + 12] = Fault_Handler,
    [16 + 13] = Fault_Handler, [16 + 14] = Fault_Handler, [16 + 15] = Fault_Handler,
    [16 + 16] = Fault_Handler, [16 + 17] = Fault_Handler, [16 + 18] = Fault_Handler,
    [16 + 19] = Fault_Handler, [16 + 20] = Fault_Handler, [16 + 21] = Fault_Handler,
    [16 + 22] = Fault_Handler, [16 + 23] = Fault_Handler, [16 + 24] = Fault_Handler,
    [16 + 25] = Fault_Handler, [16 + 26] = Fault_Handler, [16 + 27] = Fault_Handler,
    [16 + 28] = Fault_Handler, [16 + 29] = Fault_Handler, [16 + 30] = Fault_Handler,
    [16 + 31] = Fault_Handler,
};
