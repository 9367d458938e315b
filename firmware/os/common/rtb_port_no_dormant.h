/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtb/os.h's dormant creation (RTB_SERVICE_TASK_DORMANT) on a port whose kernel readies a task when
 * it creates it: no creation apart from the start. Included once by such a port's rtb_os_<kernel>.c;
 * its rtb_port_service_lacking says why for RTB_SERVICE_TASK_DORMANT. Not a creation followed by
 * a suspend: that would time two calls and a task that was ready in between. */
#ifndef RTB_PORT_NO_DORMANT_H
#define RTB_PORT_NO_DORMANT_H

rtb_task *rtb_os_task_create_dormant(const char *name, rtb_task_fn fn, void *arg, unsigned prio)
{
    (void)name;
    (void)fn;
    (void)arg;
    (void)prio;
    return NULL;
}

rtb_err rtb_os_task_start(rtb_task *task)
{
    (void)task;
    return RTB_UNSUPPORTED;
}

#endif
