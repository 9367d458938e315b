/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uart_irq_serve: the 2012 study's UART message interrupt serving count. One task sends a byte
 * on the benchmark UART and waits for its interrupt's handler to signal that the byte was sent,
 * then sends the next, as often as it can in a window of the kernel's own tick (options
 * window_ms, default 10, and baud, default 1000000). The handler signals through a semaphore the
 * task takes (semaphore=1, so the kernel's interrupt path is in the count), or through a flag the
 * task polls (semaphore=0, the study's own code: only the tick and the interrupt's entry and exit
 * concern the kernel). Checked: each interrupt came after its byte was written and only once,
 * and the task sent the next byte only after it. */
#include "rtb/bench.h"
#include "rtb/uart.h"
#include "rtb/window.h"

typedef enum { BY_FLAG, BY_SEMAPHORE } signal_kind;

static struct {
    rtb_sem *sem;
    signal_kind signal;
    volatile uint32_t sent, served, out_of_turn;
    volatile bool flag;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static bool on_sent(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)t_fire;
    (void)t_entry;
    (void)arg;
    bool switch_needed = false;
    if (++s.served != s.sent)
        s.out_of_turn++;
    if (s.signal == BY_FLAG)
        s.flag = true;
    else if (rtb_os_sem_give_from_isr(s.sem, &switch_needed) != RTB_OK)
        s.out_of_turn++;
    return switch_needed;
}

/* Waits for the handler's signal; false when it never came. */
static bool served(uint32_t timeout_ticks)
{
    if (s.signal == BY_SEMAPHORE)
        return rtb_os_sem_take(s.sem, timeout_ticks) == RTB_OK;
    if (!s.flag) { /* not yet (a line with a character time): poll, within a timeout */
        uint32_t since = rtb_os_tick_count();
        while (!s.flag) {
            if (rtb_os_tick_count() - since > timeout_ticks)
                return false;
        }
    }
    s.flag = false;
    return true;
}

static void run(rtb_run *run)
{
    uint32_t ticks = rtb_window_ticks(run, rtb_option(run, "window_ms", RTB_WINDOW_MS));
    uint32_t baud = rtb_option(run, "baud", RTB_UART_BAUD);
    if (rtb_failed(run))
        return;
    if (baud == 0u) {
        rtb_fail(run, "option baud must be at least 1");
        return;
    }
    s.signal = rtb_param(run) ? BY_SEMAPHORE : BY_FLAG;
    s.sent = s.served = s.out_of_turn = 0;
    s.flag = false;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_uart_attach(on_sent, 0, baud)) {
        rtb_note(run, RTB_UART_LINE);
        uint32_t timeout = rtb_os_tick_hz() / 10u + 2u;
        for (uint32_t w = 0; w < rtb_loops(run) && !rtb_failed(run); w++) {
            uint32_t count = 0;
            for (uint32_t closes = rtb_window_open(ticks); rtb_window_is_open(closes); count++) {
                s.sent++;
                rtb_uart_send((uint8_t)s.sent);
                if (!served(timeout)) {
                    rtb_fail(run, "the UART's interrupt never signalled the byte sent");
                    break;
                }
            }
            if (s.out_of_turn || s.served != s.sent)
                rtb_fail(run, "a UART interrupt came twice for one byte or before its byte was written");
            rtb_sample(run, (int32_t)count);
        }
        rtb_uart_detach();
    }
    rtb_os_sem_delete(s.sem);
}

RTB_PARAM_VALUES(uart_irq_serve, 0, 1);
RTB_BENCHMARK(uart_irq_serve, 125, "UART bytes sent per tick window, each after the previous byte's interrupt signalled the task (semaphore=1: a semaphore it takes; 0: a flag it polls, as in the 2012 study)",
              run, RTB_PARAM(uart_irq_serve, "semaphore"), .count = 10, .count_warmup = 1,
              .count_key = "windows", .unit = "operations");
