/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtb/os.h's heap where there is none: included once by the services file of a port whose kernel
 * has no variable-size heap (its rtb_port_service_lacking(RTB_SERVICE_HEAP) says why), and by
 * rtb_port_services_absent.c for images built without the optional services. */
#ifndef RTB_PORT_NO_HEAP_H
#define RTB_PORT_NO_HEAP_H

rtb_heap *rtb_os_heap_create(size_t bytes)
{
    (void)bytes;
    return NULL;
}

void rtb_os_heap_delete(rtb_heap *heap) { (void)heap; }

void *rtb_os_heap_alloc(rtb_heap *heap, size_t size)
{
    (void)heap;
    (void)size;
    return NULL;
}

void rtb_os_heap_free(rtb_heap *heap, void *block)
{
    (void)heap;
    (void)block;
}

size_t rtb_os_heap_available(const rtb_heap *heap)
{
    (void)heap;
    return 0u;
}

#endif
