/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Console = stdout (on the host a pipe to the runner, in the qemu-a9 guest /dev/console, the
 * board's PL011), one write per record line (atomic on a pipe); command line = the words
 * rtb_linux_enter was given. */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "linux_target.h"
#include "rtb/target.h"

void rtb_target_write(const char *text, size_t len)
{
    /* A task deleted while it writes must not leave half a record behind. */
    int old;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
    while (len > 0) {
        ssize_t done = write(STDOUT_FILENO, text, len);
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            break; /* the host went away: nothing left to tell it */
        text += done;
        len -= (size_t)done;
    }
    pthread_setcancelstate(old, NULL);
}

size_t rtb_target_cmdline(char *buf, size_t cap)
{
    size_t len = 0;
    for (int i = 1; i < rtb_linux_argc; i++) {
        size_t word = strlen(rtb_linux_argv[i]);
        if (len + word + 1u >= cap)
            break;
        if (len)
            buf[len++] = ' ';
        memcpy(buf + len, rtb_linux_argv[i], word);
        len += word;
    }
    return len;
}
