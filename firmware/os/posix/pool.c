/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Fixed-size blocks: POSIX has no fixed-block allocator, so the pool is served by the C
 * library's malloc/free (locked in memory by the target's mlockall). */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "rtb/os.h"

#define MAX_POOLS 4u

struct rtb_pool {
    size_t block_size;
    bool used;
};

static struct rtb_pool pools[MAX_POOLS];
static pthread_mutex_t slots = PTHREAD_MUTEX_INITIALIZER;

rtb_pool *rtb_os_pool_create(size_t block_size, size_t blocks)
{
    (void)blocks; /* the heap is shared and grows on demand */
    rtb_pool *found = NULL;
    pthread_mutex_lock(&slots);
    for (unsigned i = 0; i < MAX_POOLS && !found; i++)
        if (!pools[i].used) {
            pools[i] = (rtb_pool){.block_size = block_size, .used = true};
            found = &pools[i];
        }
    pthread_mutex_unlock(&slots);
    return found;
}

void rtb_os_pool_delete(rtb_pool *pool)
{
    pthread_mutex_lock(&slots);
    pool->used = false;
    pthread_mutex_unlock(&slots);
}

void *rtb_os_pool_alloc(rtb_pool *pool) { return malloc(pool->block_size); }

void rtb_os_pool_free(rtb_pool *pool, void *block)
{
    (void)pool;
    free(block);
}

const char *rtb_os_pool_kind(void)
{
    return "POSIX has no fixed-block allocator: glibc malloc/free";
}

/* The variable-size heap is the C library's too; it does not count its free bytes in a way a
 * benchmark could compare (per-thread caches), so `available` says so with SIZE_MAX. */
struct rtb_heap {
    bool used;
};

static struct rtb_heap heap;

rtb_heap *rtb_os_heap_create(size_t bytes)
{
    (void)bytes;
    pthread_mutex_lock(&slots);
    rtb_heap *found = heap.used ? NULL : &heap;
    heap.used = true;
    pthread_mutex_unlock(&slots);
    return found;
}

void rtb_os_heap_delete(rtb_heap *h) { h->used = false; }

void *rtb_os_heap_alloc(rtb_heap *h, size_t size)
{
    (void)h;
    return malloc(size);
}

void rtb_os_heap_free(rtb_heap *h, void *block)
{
    (void)h;
    free(block);
}

size_t rtb_os_heap_available(const rtb_heap *h)
{
    (void)h;
    return SIZE_MAX;
}
