/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The global timer from user space: /dev/mem maps the A9 private region (0x1E000000), which the
 * kernel's drivers ioremap without claiming, so CONFIG_IO_STRICT_DEVMEM lets a root process map it. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "a9_guest.h"
#include "linux_target.h"
#include "rtb/target.h"

#define A9_PRIVATE_BASE 0x1E000000u
#define GTIMER_OFFSET 0x200u

volatile const uint32_t *rtb_a9_global_timer;

void rtb_a9_map_counter(void)
{
    int fd = open("/dev/mem", O_RDONLY | O_SYNC | O_CLOEXEC);
    void *page = fd < 0 ? MAP_FAILED : mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, A9_PRIVATE_BASE);
    if (page == MAP_FAILED) {
        fprintf(stderr, "rtbench qemu-a9 guest: cannot map the global timer from /dev/mem: %s\n", strerror(errno));
        _exit(2);
    }
    rtb_a9_global_timer = (volatile const uint32_t *)((volatile const char *)page + GTIMER_OFFSET);
}

uint64_t rtb_a9_count64(void)
{
    uint32_t hi, lo;
    do {
        hi = rtb_a9_global_timer[1];
        lo = rtb_a9_global_timer[0];
    } while (hi != rtb_a9_global_timer[1]);
    return ((uint64_t)hi << 32) | lo;
}

/* From one counter load to the next: the first load itself, a mov and 4000 iterations of a
 * 2-instruction loop (subs, bne), 8002 instructions in all. */
void rtb_a9_unit_check(char *buf, unsigned cap)
{
    /* The shortest of five: a kernel tick interrupting the loop lengthens one. */
    uint32_t ticks = UINT32_MAX;
    for (int i = 0; i < 5; i++) {
        uint32_t t0, t1;
    __asm__ volatile("ldr %0, [%2]\n"
                     "mov r3, #4000\n"
                     "1: subs r3, r3, #1\n"
                     "bne 1b\n"
                     "ldr %1, [%2]\n"
                     : "=&r"(t0), "=&r"(t1)
                     : "r"(rtb_a9_global_timer)
                     : "r3", "cc", "memory");
        if (t1 - t0 < ticks)
            ticks = t1 - t0;
    }
    snprintf(buf, cap, "8002 instructions (load, mov, 4000 x subs+bne) read as %u ticks = %u instructions", ticks,
             (unsigned)(((uint64_t)ticks * RTB_TS_SCALE_NUM + RTB_TS_SCALE_DEN / 2) / RTB_TS_SCALE_DEN));
}

/* The benchmark interrupt's expiry (../linux/irq_timer.c). CLOCK_MONOTONIC and the global timer
 * both count QEMU's virtual time, so they differ by a constant, measured as the midpoint of two
 * counter reads around clock_gettime (the bracket's half-width goes into the manifest). */
#define NS_PER_TICK 10u

/* Global timer count at CLOCK_MONOTONIC 0, in ticks (CLOCK_MONOTONIC = ticks x 10 ns - offset). */
static uint64_t mono_zero_ticks;

static uint64_t mono_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

uint64_t rtb_a9_mono_zero_ticks(void) { return mono_zero_ticks; }

uint32_t rtb_a9_irq_calibrate(void)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 5; i++) {
        uint64_t before = rtb_a9_count64();
        uint64_t mono = mono_ns();
        uint64_t after = rtb_a9_count64();
        if (after - before < best) {
            best = after - before;
            mono_zero_ticks = before + (after - before) / 2u - mono / NS_PER_TICK;
        }
    }
    return (uint32_t)best;
}

uint32_t rtb_linux_irq_expiry(uint32_t delay_ts, struct timespec *expiry)
{
    uint64_t fire_ns = mono_ns() + (uint64_t)delay_ts * NS_PER_TICK;
    expiry->tv_sec = (time_t)(fire_ns / 1000000000u);
    expiry->tv_nsec = (long)(fire_ns % 1000000000u);
    return (uint32_t)(mono_zero_ticks + fire_ns / NS_PER_TICK);
}
