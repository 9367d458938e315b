/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The ARM semihosting calls QEMU serves: command line and exit status. The protocol is one for
 * every ARM core; only the trap differs, so the build names it in RTB_SEMIHOST_TRAP (Cortex-M:
 * "bkpt 0xab", A-profile in ARM state: "svc 0x123456"). */
#ifndef RTB_SEMIHOST_TRAP
#error "RTB_SEMIHOST_TRAP is not defined: the target's cmake names its trap (bkpt 0xab on Cortex-M, svc 0x123456 in ARM state)"
#endif

#include <stdint.h>
#include <string.h>

#include "rtb/target.h"

#define SYS_GET_CMDLINE 0x15u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static uint32_t semihost(uint32_t op, void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile(RTB_SEMIHOST_TRAP : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

/* QEMU passes "-semihosting-config arg=..." words; the first is the program name. */
size_t rtb_target_cmdline(char *buf, size_t cap)
{
    struct {
        char *buf;
        uint32_t len;
    } block = {buf, (uint32_t)cap};
    if (cap == 0u || semihost(SYS_GET_CMDLINE, &block) != 0u)
        return 0u;
    buf[block.len < cap ? block.len : cap - 1u] = '\0';
    char *space = strchr(buf, ' ');
    if (!space)
        return 0u;
    size_t rest = strlen(space + 1);
    memmove(buf, space + 1, rest + 1u);
    return rest;
}

_Noreturn void rtb_target_exit(int status)
{
    uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    for (;;)
        semihost(SYS_EXIT_EXTENDED, block);
}
