/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* heap_alloc, heap_free: the kernel's variable-size heap (FreeRTOS heap_4, ThreadX byte pool; the
 * note says which), in the image built with it (RTB_SERVICES). Batches of 8 blocks of sizes from
 * 16 to 240 bytes, in a fixed pseudo-random order, are allocated then freed in another order, so
 * that frees merge neighbours and allocations search past holes; each call timed on its own.
 * Checked: blocks are aligned, do not overlap, keep what was written into them, and once a batch
 * is freed the heap counts as many free bytes as before it (where the kernel counts them). Kernels
 * without one report unsupported. */
#include "rtb/bench.h"

#define HEAP_BYTES 4096u
#define BATCH 8u
#define MIN_SIZE 16u
#define SIZE_STEPS 15u /* 16 .. 240 in steps of 16 */

typedef enum { TIME_ALLOC, TIME_FREE } timed_call;

static struct {
    uint8_t *block[BATCH];
    uint32_t size[BATCH];
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 16;
}

static bool intact(unsigned count, uint32_t seed)
{
    for (unsigned b = 0; b < count; b++)
        for (uint32_t i = 0; i < s.size[b]; i++)
            if (s.block[b][i] != (uint8_t)(seed + b * 37u + i))
                return false;
    return true;
}

static bool overlaps(unsigned b)
{
    for (unsigned o = 0; o < b; o++)
        if (s.block[b] < s.block[o] + s.size[o] && s.block[o] < s.block[b] + s.size[b])
            return true;
    return false;
}

static void measure(rtb_run *run, rtb_heap *heap, timed_call timed)
{
    uint32_t state = 12345u;
    size_t available = rtb_os_heap_available(heap);
    uint32_t batches = (rtb_loops(run) + BATCH - 1u) / BATCH;
    uint32_t allocs = 0, frees = 0;
    for (uint32_t n = 0; n < batches && !rtb_failed(run); n++) {
        for (unsigned b = 0; b < BATCH; b++) {
            s.size[b] = MIN_SIZE * (1u + next_random(&state) % SIZE_STEPS);
            uint32_t t0 = rtb_now();
            s.block[b] = rtb_os_heap_alloc(heap, s.size[b]);
            uint32_t t1 = rtb_now();
            if (!s.block[b] || ((uintptr_t)s.block[b] & 3u) != 0u || overlaps(b)) {
                rtb_fail(run, !s.block[b] ? "a heap allocation failed" : "a heap block is misaligned or overlaps another");
                for (unsigned f = 0; f < b; f++)
                    rtb_os_heap_free(heap, s.block[f]);
                return;
            }
            for (uint32_t i = 0; i < s.size[b]; i++)
                s.block[b][i] = (uint8_t)(n + b * 37u + i);
            if (timed == TIME_ALLOC && allocs++ < rtb_loops(run))
                rtb_sample(run, (int32_t)(t1 - t0));
        }
        if (!intact(BATCH, n))
            rtb_fail(run, "a heap block lost what was written into it");
        /* Free in an order of its own: every other block, then the rest backwards. */
        static const uint8_t order[BATCH] = {1, 3, 5, 7, 6, 4, 2, 0};
        for (unsigned k = 0; k < BATCH; k++) {
            uint32_t t0 = rtb_now();
            rtb_os_heap_free(heap, s.block[order[k]]);
            uint32_t t1 = rtb_now();
            if (timed == TIME_FREE && frees++ < rtb_loops(run))
                rtb_sample(run, (int32_t)(t1 - t0));
        }
        if (rtb_os_heap_available(heap) != available)
            rtb_fail(run, "after freeing every block the heap does not count the free bytes it had before");
    }
}

static void run(rtb_run *run, timed_call timed)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_HEAP);
    if (why) {
        rtb_unsupported(run, why);
        return;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_HEAP));
    rtb_heap *heap = rtb_os_heap_create(HEAP_BYTES);
    if (!heap) {
        rtb_fail(run, "could not create a heap");
        return;
    }
    measure(run, heap, timed);
    rtb_os_heap_delete(heap);
}

static void run_alloc(rtb_run *r) { run(r, TIME_ALLOC); }
static void run_free(rtb_run *r) { run(r, TIME_FREE); }

RTB_BENCHMARK(heap_alloc, 188, "allocate 16 to 240 bytes from the kernel's variable-size heap (batches of 8): the call",
              run_alloc, .flags = RTB_SERVICES);
RTB_BENCHMARK(heap_free, 189, "free a block of the variable-size heap, merging free neighbours: the call", run_free,
              .flags = RTB_SERVICES);
