/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* window_pool: the 2012 study's get and release fixed-size memory counts, as pairs. One task
 * allocates a 128-byte block and frees it, as often as it can in a window of the kernel's own
 * tick (option window_ms, default 10). The study counted allocations and releases in separate
 * windows from a pool larger than a window's blocks; rtbench's pools are small, so one
 * operation here is an allocation and its release. The note names the allocator. Checked:
 * every allocation succeeded and gave a word-aligned block. */
#include "rtb/bench.h"
#include "rtb/window.h"

#define BLOCK_SIZE 128u
#define BLOCKS 2u

static void run(rtb_run *run)
{
    rtb_note(run, rtb_os_pool_kind());
    uint32_t ticks = rtb_window_ticks(run, rtb_option(run, "window_ms", RTB_WINDOW_MS));
    rtb_pool *pool = ticks ? rtb_os_pool_create(BLOCK_SIZE, BLOCKS) : 0;
    if (ticks && !pool)
        rtb_fail(run, "could not create a block pool");
    for (uint32_t w = 0; pool && w < rtb_loops(run) && !rtb_failed(run); w++) {
        uint32_t count = 0;
        uint32_t closes = rtb_window_open(ticks);
        while (rtb_window_is_open(closes)) {
            void *block = rtb_os_pool_alloc(pool);
            if (!block || ((uintptr_t)block & 3u) != 0u) {
                rtb_fail(run, block ? "allocated block is not word-aligned" : "allocation failed");
                break;
            }
            rtb_os_pool_free(pool, block);
            count++;
        }
        rtb_sample(run, (int32_t)count);
    }
    if (pool)
        rtb_os_pool_delete(pool);
}

RTB_BENCHMARK(window_pool, 124, "128-byte block allocate + free pairs per tick window, one task", run,
              .count = 10, .count_warmup = 1, .count_key = "windows", .unit = "operations");
