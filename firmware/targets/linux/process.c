/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What every Linux process image shares (the host's and the qemu-a9 guest's): the command line
 * words, the interrupt signal blocked in every thread to come, fault reporting, then rtbench. */
#include <signal.h>
#include <string.h>

#include "linux_target.h"
#include "rtb/target.h"

int rtb_linux_argc;
char **rtb_linux_argv;

const char *rtb_linux_arg(const char *key)
{
    size_t len = strlen(key);
    for (int i = 1; i < rtb_linux_argc; i++)
        if (strncmp(rtb_linux_argv[i], key, len) == 0 && rtb_linux_argv[i][len] == '=')
            return rtb_linux_argv[i] + len + 1;
    return NULL;
}

int rtb_linux_irq_signal(void) { return SIGRTMIN; }

_Noreturn void rtb_linux_enter(int argc, char **argv)
{
    rtb_linux_argc = argc;
    rtb_linux_argv = argv;
    sigset_t blocked;
    sigemptyset(&blocked);
    sigaddset(&blocked, rtb_linux_irq_signal());
    pthread_sigmask(SIG_BLOCK, &blocked, NULL);
    rtb_linux_install_fault_handlers();
    rtb_main();
}
