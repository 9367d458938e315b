/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's system-dependent part of µT-Kernel for QEMU's MPS2 boards. rtbench's start-up (the
 * target's startup.c) resets the board, starts its timestamp counter and its console; the tree's
 * reset handler and clock set-up (written for its own boards) are not used. What they would do
 * for the kernel is here: the vector table copied to RAM (exchdr_tbl, where tk_def_int installs
 * handlers) with the kernel's dispatcher on PendSV and its timer on SysTick, the exception
 * priorities; then the device and power hooks the kernel calls, which have nothing to do here. */
#include "kernel.h"
#include "sysdepend.h"

#include "cm_vectors.h"
#include "rtb_cm_board.h"

void rtb_mtk_tick(void); /* arch/<arch>.c */
void rtb_mtk_board_start(void);
void rtb_mtk_define_interrupts(void);

void rtb_mtk_board_start(void)
{
    const UW *rom = (const UW *)*(_UW *)SCB_VTOR;
    for (INT i = 0; i < N_SYSVEC + N_INTVEC; i++)
        exchdr_tbl[i] = rom[i];
    exchdr_tbl[EXP_PSV] = (UW)knl_dispatch_entry;
    exchdr_tbl[EXP_STK] = (UW)rtb_mtk_tick;
    __asm__ volatile("dsb" ::: "memory");
    *(_UW *)SCB_VTOR = (UW)exchdr_tbl;
    __asm__ volatile("dsb\n isb" ::: "memory");
    *(_UW *)SCB_SHPR2 = SCB_SHPR2_VAL;
    *(_UW *)SCB_SHPR3 = SCB_SHPR3_VAL;
}

/* The kernel's high-level-language handlers call the benchmark interrupts' handlers (the
 * kernel's entry marks them task-independent, as it does for any interrupt handler). */
static void bench_timer(UINT intno)
{
    (void)intno;
    BenchTimer_Handler();
}

#ifdef CM_UART1_TX_IRQ
static void bench_uart(UINT intno)
{
    (void)intno;
    BenchUart_Handler();
}
#endif

void rtb_mtk_define_interrupts(void)
{
    T_DINT timer = {.intatr = TA_HLNG, .inthdr = (FP)bench_timer};
    (void)tk_def_int(CM_TIMER1_IRQ, &timer);
#ifdef CM_UART1_TX_IRQ
    T_DINT uart = {.intatr = TA_HLNG, .inthdr = (FP)bench_uart};
    (void)tk_def_int(CM_UART1_TX_IRQ, &uart);
#endif
}

ER knl_init_device(void) { return E_OK; }
ER knl_start_device(void) { return E_OK; }
void knl_shutdown_hw(void)
{
    for (;;) {
    }
}
ER knl_restart_hw(W mode)
{
    (void)mode;
    return E_NOSPT;
}
void low_pow(void) {}
void off_pow(void) {}
