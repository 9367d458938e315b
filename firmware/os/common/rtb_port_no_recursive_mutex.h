/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtb/os.h's recursive mutexes on a kernel without them: included once by such a port's
 * rtb_os_<kernel>.c, whose rtb_port_service_lacking(RTB_SERVICE_RECURSIVE) says why. */
#ifndef RTB_PORT_NO_RECURSIVE_MUTEX_H
#define RTB_PORT_NO_RECURSIVE_MUTEX_H

rtb_mutex *rtb_os_mutex_create_recursive(void) { return NULL; }

rtb_err rtb_os_mutex_lock_recursive(rtb_mutex *mutex, uint32_t timeout)
{
    (void)mutex;
    (void)timeout;
    return RTB_UNSUPPORTED;
}

rtb_err rtb_os_mutex_unlock_recursive(rtb_mutex *mutex)
{
    (void)mutex;
    return RTB_UNSUPPORTED;
}

#endif
