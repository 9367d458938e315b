/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Command line and exit on a real board (images built with RTB_BOARD_HOST), where no
 * semihosting host answers: the board runner writes the command line into rtb_board_cmdline
 * through the debug probe after loading the image, and reads rtb_board_exit_status after the
 * stream's end. Exiting parks the core with interrupts masked. */
#include <stdint.h>
#include <string.h>

#include "rtb/target.h"

#define RTB_BOARD_CMDLINE_CAP 1024u /* as the core's own buffer */

/* Not zeroed at reset: the runner writes it before the core starts. */
__attribute__((used, section(".noinit"))) volatile char rtb_board_cmdline[RTB_BOARD_CMDLINE_CAP];
__attribute__((used, section(".noinit"))) volatile uint32_t rtb_board_exit_status;

size_t rtb_target_cmdline(char *buf, size_t cap)
{
    size_t len = 0;
    if (cap == 0u)
        return 0u;
    while (len + 1u < cap && len < RTB_BOARD_CMDLINE_CAP && rtb_board_cmdline[len] != '\0') {
        buf[len] = rtb_board_cmdline[len];
        len++;
    }
    buf[len] = '\0';
    return len;
}

_Noreturn void rtb_target_exit(int status)
{
    rtb_board_exit_status = (uint32_t)status | 0x80000000u; /* the top bit says "exited" */
    __asm__ volatile("cpsid i" ::: "memory");
    for (;;)
        __asm__ volatile("wfi");
}
