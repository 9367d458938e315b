/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The smallest application of a kernel: one task that yields forever and nothing else. Built
 * beside the catalogue image, on request only (rtbench-minimal.elf), so that `rtbench kernels`
 * can report what a kernel costs an application that only starts a task. */
#include "rtb/os.h"
#include "rtb/target.h"

static void only_task(void *arg)
{
    (void)arg;
    for (;;)
        rtb_os_task_yield();
}

_Noreturn void rtb_main(void)
{
    rtb_target_init();
    rtb_os_start(only_task, 0);
}
