/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uart_irq_task: a peripheral interrupt that wakes a task, per byte. The measuring task blocks
 * on a semaphore; a lower task then sends the next byte on the benchmark UART and spins; the
 * UART's interrupt (option baud, default 1000000) preempts it, and its handler gives the
 * semaphore. Timed: from the interrupt (the time the hardware latched where the target can,
 * else the handler's first timestamp; the note says which) to the woken task running.
 * Checked: one interrupt per byte, each after its byte was written, and each byte sent only
 * once the previous one was served. */
#include "rtb/bench.h"
#include "rtb/group.h"
#include "rtb/uart.h"

#define PRIO_SENDER 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_sem *sem;
    volatile uint32_t wanted, sent, served, out_of_turn;
    volatile uint32_t t_fire;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static bool on_sent(uint32_t t_fire, uint32_t t_entry, void *arg)
{
    (void)t_entry;
    (void)arg;
    bool switch_needed = false;
    s.t_fire = t_fire;
    if (++s.served != s.sent)
        s.out_of_turn++;
    if (rtb_os_sem_give_from_isr(s.sem, &switch_needed) != RTB_OK)
        s.out_of_turn++;
    return switch_needed;
}

/* Sends a byte whenever the measuring task has asked for one and blocked; spins meanwhile, so
 * the interrupt always finds it here and never inside the kernel. */
static void sender(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        if (s.sent != s.wanted) {
            s.sent++;
            rtb_uart_send((uint8_t)s.sent);
        }
    }
    rtb_group_done(&s.group);
}

static void measure(rtb_run *run)
{
    uint32_t timeout = rtb_os_tick_hz() / 10u + 2u;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        s.wanted = i + 1u;
        rtb_err taken = rtb_os_sem_take(s.sem, timeout);
        uint32_t t_task = rtb_now();
        if (taken != RTB_OK)
            rtb_fail(run, "the UART's interrupt never woke the task");
        else if (s.out_of_turn || s.served != i + 1u || s.sent != i + 1u)
            rtb_fail(run, "a UART interrupt came twice for one byte, or before its byte was written");
        else
            rtb_sample(run, (int32_t)(t_task - s.t_fire));
    }
}

static void run(rtb_run *run)
{
    uint32_t baud = rtb_option(run, "baud", RTB_UART_BAUD);
    if (rtb_failed(run))
        return;
    if (baud == 0u) {
        rtb_fail(run, "option baud must be at least 1");
        return;
    }
    s.run = run;
    s.wanted = s.sent = s.served = s.out_of_turn = 0;
    s.sem = rtb_os_sem_create(0, 1);
    if (!s.sem) {
        rtb_fail(run, "could not create a semaphore");
        return;
    }
    if (rtb_uart_attach(on_sent, 0, baud)) {
        rtb_note(run, RTB_UART_LINE);
#ifdef RTB_UART_FIRE_LATCHED
        rtb_note(run, "timed from the time the UART raised its interrupt, latched by the hardware");
#else
        rtb_note(run, "timed from the handler's first timestamp: this UART cannot latch when it raised its interrupt");
#endif
        if (rtb_group_init(&s.group, run)) {
            rtb_group_spawn(&s.group, "sender", sender, 0, PRIO_SENDER);
            measure(run);
            rtb_group_stop(&s.group);
            rtb_group_join(&s.group, 1);
        }
        rtb_uart_detach();
    }
    rtb_os_sem_delete(s.sem);
}

RTB_BENCHMARK(uart_irq_task, 126, "UART transmit interrupt (a lower task running) whose handler gives a semaphore: interrupt to the woken task running",
              run, .flags = RTB_RAW);
