/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* window_sem_take, window_sem_give: the 2012 study's get and release semaphore counts. One task
 * takes an available counting semaphore (or gives one no task waits for) as often as it can in
 * a window of the kernel's own tick (option window_ms, default 10). The semaphore holds more
 * than a window can take (it is refilled between windows, outside them). Checked: every call
 * succeeded, and the count moved by exactly the operations counted. */
#include "rtb/bench.h"
#include "rtb/window.h"

/* uC/OS-II counts to 65535; the other kernels further, tried first. */
static const uint32_t capacities[] = {0x7FFFFFFFu, 65535u};

typedef enum { COUNT_TAKES, COUNT_GIVES } counted_call;

static rtb_sem *create(uint32_t *capacity, bool full)
{
    for (unsigned i = 0; i < sizeof capacities / sizeof capacities[0]; i++) {
        rtb_sem *sem = rtb_os_sem_create(full ? capacities[i] : 0u, capacities[i]);
        if (sem) {
            *capacity = capacities[i];
            return sem;
        }
    }
    return 0;
}

/* Takes (or gives) until the semaphore is empty (or full) again: how many it took. */
static uint32_t settle(rtb_sem *sem, counted_call call)
{
    uint32_t n = 0;
    while ((call == COUNT_TAKES ? rtb_os_sem_give(sem) : rtb_os_sem_take(sem, RTB_NO_WAIT)) == RTB_OK)
        n++;
    return n;
}

static void run(rtb_run *run, counted_call call)
{
    uint32_t ticks = rtb_window_ticks(run, rtb_option(run, "window_ms", RTB_WINDOW_MS));
    uint32_t capacity = 0;
    rtb_sem *sem = ticks ? create(&capacity, call == COUNT_TAKES) : 0;
    if (ticks && !sem)
        rtb_fail(run, "could not create a counting semaphore");
    for (uint32_t w = 0; sem && w < rtb_loops(run) && !rtb_failed(run); w++) {
        uint32_t count = 0;
        rtb_err err = RTB_OK;
        uint32_t closes = rtb_window_open(ticks);
        while (rtb_window_is_open(closes)) {
            err = call == COUNT_TAKES ? rtb_os_sem_take(sem, RTB_NO_WAIT) : rtb_os_sem_give(sem);
            if (err != RTB_OK)
                break;
            count++;
        }
        if (err != RTB_OK) {
            rtb_fail(run, "the semaphore ran out within a window: use a shorter window_ms");
            break;
        }
        /* Back to full (or empty): what that moves must be what the window counted. */
        if (settle(sem, call) != count)
            rtb_fail(run, "the semaphore's count does not match the operations counted");
        rtb_sample(run, (int32_t)count);
    }
    if (sem)
        rtb_os_sem_delete(sem);
}

static void run_take(rtb_run *r) { run(r, COUNT_TAKES); }
static void run_give(rtb_run *r) { run(r, COUNT_GIVES); }

RTB_BENCHMARK(window_sem_take, 121, "semaphore takes (count available) per tick window, one task", run_take,
              .count = 10, .count_warmup = 1, .count_key = "windows", .unit = "operations");
RTB_BENCHMARK(window_sem_give, 122, "semaphore gives (no waiter) per tick window, one task", run_give,
              .count = 10, .count_warmup = 1, .count_key = "windows", .unit = "operations");
