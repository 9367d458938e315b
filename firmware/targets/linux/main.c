/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The process entry: keep the command line, block the interrupt signal in every thread to
 * come, catch faults, then hand over to rtbench. Real-time set-up follows in rtb_target_init. */
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

/* The process starts when main does: rtbench times nothing before it. */
uint32_t rtb_target_reset_ts(void) { return rtb_target_ts(); }

void rtb_target_init(void) { rtb_linux_realtime_setup(); }

int main(int argc, char **argv)
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
