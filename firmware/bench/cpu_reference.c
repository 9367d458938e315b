/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* cpu_reference: a CPU-bound reference workload of rtbench's own, with no kernel call: integer
 * work (xorshift generator, rotations), data-dependent branches and memory traffic (an
 * insertion sort, strided reads over a 1 KiB buffer). It tells how much a platform change
 * (caches, clock, pipeline) speeds up plain code, next to what it does for the kernel paths.
 * No sample contains the kernel's tick, so every kernel gives the same figure: a sample the tick
 * count moved across is done again, after the next tick, and a sample starts only when it ends
 * before the next tick is due (on a slow core the workload takes most of a tick period).
 * Checked: every run computes the same checksum and leaves the sorted part in order. */
#include "rtb/bench.h"

#define WORDS 256u  /* 1 KiB: fits any data cache that is there */
#define SORTED 32u
#define SEED 0x2545F491u

static uint32_t buf[WORDS] RTB_NOINIT;

static uint32_t workload(void)
{
    uint32_t x = SEED;
    for (uint32_t i = 0; i < WORDS; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = x;
    }
    for (uint32_t i = 1; i < SORTED; i++) {
        uint32_t v = buf[i], j = i;
        for (; j > 0 && buf[j - 1u] > v; j--)
            buf[j] = buf[j - 1u];
        buf[j] = v;
    }
    uint32_t sum = 0;
    static const uint32_t strides[] = {1u, 7u, 31u};
    for (uint32_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
        for (uint32_t i = 0, k = 0; i < WORDS; i++, k = (k + strides[s]) & (WORDS - 1u))
            sum = ((sum << 5) | (sum >> 27)) ^ buf[k];
    }
    return sum;
}

static bool sorted(void)
{
    for (uint32_t i = 1; i < SORTED; i++)
        if (buf[i - 1u] > buf[i])
            return false;
    return true;
}

/* Waits for the kernel's tick count to move; returns when it saw it move. */
static uint32_t next_tick(void)
{
    uint32_t ticks = rtb_os_tick_count();
    while (rtb_os_tick_count() == ticks) {
    }
    return rtb_now();
}

static void run(rtb_run *run)
{
    uint32_t t_first = rtb_now();
    uint32_t expected = workload();
    /* At most a tick too long: it only decides when to wait for a tick. */
    uint32_t span = rtb_now() - t_first;
    uint32_t period = rtb_us_to_ts(1000000u / rtb_os_tick_hz());
    uint32_t margin = period / 32u; /* the tick's own interrupt, and seeing its count move */
    bool rewarm = 2u * span + margin <= period, fits = span + margin <= period, wait = true;
    uint32_t t_tick = 0;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0, t1, sum;
        for (;;) {
            bool aligned = wait || rtb_now() - t_tick + span + margin > period;
            if (aligned) {
                t_tick = next_tick();
                if (rewarm)
                    (void)workload(); /* refills what the tick's code evicted from the caches */
            }
            wait = false;
            uint32_t ticks = rtb_os_tick_count();
            t0 = rtb_now();
            sum = workload();
            t1 = rtb_now();
            if (rtb_os_tick_count() == ticks || !fits)
                break;
            /* A tick landed in it: again after the next tick; without the rewarm, or with the
             * tick kept, when even that did not fit. */
            if (aligned && rewarm)
                rewarm = false;
            else if (aligned)
                fits = false;
            wait = true;
        }
        if (sum != expected || !sorted())
            rtb_fail(run, "the workload computed a different result");
        else
            rtb_sample(run, (int32_t)(t1 - t0));
    }
    if (!fits)
        rtb_note(run, "the workload outlasts a tick period here: its samples include the kernel's tick");
}

RTB_BENCHMARK(cpu_reference, 95, "CPU-bound reference workload without kernel calls (integer and memory work)", run);
