/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* pool_alloc, pool_free: 128-byte blocks from the kernel's fixed-block allocator (or its heap
 * where it has none; the result's note says which), allocated in batches of 8 and then freed.
 * Checked: blocks are distinct, aligned, and keep what was written into them. */
#include "rtb/bench.h"

#define BLOCK_SIZE 128u
#define BATCH 8u

typedef enum { TIME_ALLOC, TIME_FREE } timed_call;

static bool fill_and_check(uint8_t *const *blocks, unsigned count, uint32_t seed, bool fill)
{
    for (unsigned b = 0; b < count; b++)
        for (unsigned i = 0; i < BLOCK_SIZE; i++) {
            uint8_t expected = (uint8_t)(seed + b * 31u + i);
            if (fill)
                blocks[b][i] = expected;
            else if (blocks[b][i] != expected)
                return false;
        }
    return true;
}

static void run(rtb_run *run, timed_call timed)
{
    rtb_note(run, rtb_os_pool_kind());
    rtb_pool *pool = rtb_os_pool_create(BLOCK_SIZE, BATCH);
    if (!pool) {
        rtb_fail(run, "could not create a block pool");
        return;
    }
    uint8_t *held[BATCH];
    unsigned count = 0;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        uint8_t *block = rtb_os_pool_alloc(pool);
        uint32_t t1 = rtb_now();
        if (!block || ((uintptr_t)block & 3u) != 0u) {
            rtb_fail(run, block ? "allocated block is not word-aligned" : "allocation failed");
            break;
        }
        for (unsigned b = 0; b < count; b++)
            if (held[b] == block)
                rtb_fail(run, "the allocator handed out a block that is still in use");
        held[count++] = block;
        if (timed == TIME_ALLOC)
            rtb_sample(run, (int32_t)(t1 - t0));
        if (count < BATCH && i + 1u < rtb_loops(run))
            continue;
        fill_and_check(held, count, i, true);
        if (!fill_and_check(held, count, i, false))
            rtb_fail(run, "a block lost what was written into it");
        for (unsigned b = 0; b < count; b++) {
            uint32_t f0 = rtb_now();
            rtb_os_pool_free(pool, held[b]);
            uint32_t f1 = rtb_now();
            if (timed == TIME_FREE)
                rtb_sample(run, (int32_t)(f1 - f0));
        }
        count = 0;
    }
    for (unsigned b = 0; b < count; b++)
        rtb_os_pool_free(pool, held[b]);
    rtb_os_pool_delete(pool);
}

static void run_alloc(rtb_run *r) { run(r, TIME_ALLOC); }
static void run_free(rtb_run *r) { run(r, TIME_FREE); }

RTB_BENCHMARK(pool_alloc, 60, "allocate a 128-byte block (batches of 8), one task", run_alloc);
RTB_BENCHMARK(pool_free, 61, "free a 128-byte block (batches of 8), one task", run_free);
