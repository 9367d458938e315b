/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Background load inside the guest (load=cpu): two ordinary (SCHED_OTHER) processes beside the
 * catalogue, one spinning in user space and one making system calls (a pipe written and read in a
 * loop), so that the kernel is entered, preempted and returned from all the time. */
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <signal.h>
#include <unistd.h>

#include "a9_guest.h"

static void spin(void)
{
    for (volatile unsigned long n = 0;; n++) {
    }
}

static void syscalls(void)
{
    int fds[2];
    if (pipe(fds) != 0)
        _exit(1);
    char byte = 0;
    for (;;) {
        if (write(fds[1], &byte, 1) != 1 || read(fds[0], &byte, 1) != 1)
            _exit(1);
    }
}

static void start(void (*body)(void))
{
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        body();
    }
}

const char *rtb_a9_start_load(const char *kind)
{
    if (strcmp(kind, "none") == 0)
        return "none";
    if (strcmp(kind, "cpu") == 0) {
        start(spin);
        start(syscalls);
        return "cpu: a spinning process and a system-call loop (pipe write+read), SCHED_OTHER";
    }
    return "unknown load kind: none started";
}
