/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Dispatch of the benchmark UART's interrupt to the benchmark that attached a handler. */
#include "rtb/uart.h"

#include "rtb/os.h"
#include "run.h"

/* Set by every attach before the interrupt is enabled: not zeroed at reset, so that it adds
 * nothing to boot_time. */
static struct {
    volatile rtb_uart_handler handler;
    void *volatile arg;
} current RTB_NOINIT;

bool rtb_uart_attach(rtb_uart_handler handler, void *arg, uint32_t baud)
{
#ifdef RTB_TARGET_NO_UART
    (void)handler;
    (void)arg;
    (void)baud;
    current.handler = 0;
    rtb_run_unsupported_now(RTB_TARGET_NO_UART);
    return false;
#else
    current.arg = arg;
    current.handler = handler;
    rtb_target_uart_setup(rtb_os_isr_priority(), baud);
    return true;
#endif
}

void rtb_uart_detach(void)
{
#ifndef RTB_TARGET_NO_UART
    rtb_target_uart_stop();
#endif
    current.handler = 0;
}

void rtb_core_uart(uint32_t t_fire, uint32_t t_entry)
{
    rtb_uart_handler handler = current.handler;
    bool switch_needed = handler ? handler(t_fire, t_entry, current.arg) : false;
    rtb_os_isr_exit(switch_needed);
}
