/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The optional services of rtb/os.h (event flags, software timers, the heap) in an RTOS port's image built
 * without them: the kernels make the other benchmarks pay for them (a timer task, a tick hook,
 * more kernel initialisation and zeroed state), so rtbench builds them, in the port's
 * <port>_services.c, only into the image of the benchmarks that use them (RTB_WITH_SERVICES). */
#ifndef RTB_WITH_SERVICES

#include "rtb/os.h"
#include "rtb_port_services.h"

const char *rtb_os_service_unsupported(rtb_service service)
{
    const char *lacking = rtb_port_service_lacking(service);
    if (lacking)
        return lacking;
    if (service == RTB_SERVICE_FLAGS || service == RTB_SERVICE_TIMERS || service == RTB_SERVICE_HEAP)
        return "this image was built without the kernel's event flags, software timers and heap: rtbench builds "
               "them only into the image of the benchmarks that use them (RTB_WITH_SERVICES)";
    return NULL;
}

#include "rtb_port_no_heap.h"

rtb_flags *rtb_os_flags_create(void) { return NULL; }

void rtb_os_flags_delete(rtb_flags *flags) { (void)flags; }

rtb_err rtb_os_flags_set(rtb_flags *flags, uint32_t bits)
{
    (void)flags;
    (void)bits;
    return RTB_UNSUPPORTED;
}

rtb_err rtb_os_flags_wait(rtb_flags *flags, uint32_t bits, bool all, uint32_t timeout, uint32_t *seen)
{
    (void)flags;
    (void)bits;
    (void)all;
    (void)timeout;
    *seen = 0u;
    return RTB_UNSUPPORTED;
}

rtb_timer *rtb_os_timer_create(uint32_t ticks, rtb_timer_fn fn, void *arg)
{
    (void)ticks;
    (void)fn;
    (void)arg;
    return NULL;
}

void rtb_os_timer_delete(rtb_timer *timer) { (void)timer; }

rtb_err rtb_os_timer_start(rtb_timer *timer)
{
    (void)timer;
    return RTB_UNSUPPORTED;
}

rtb_err rtb_os_timer_stop(rtb_timer *timer)
{
    (void)timer;
    return RTB_UNSUPPORTED;
}

#endif
