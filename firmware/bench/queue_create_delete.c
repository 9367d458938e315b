/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* queue_create, queue_delete: a queue of four 4-byte items created and deleted again, each call
 * timed on its own. Checked: every creation succeeded and the new queue is empty and carries a
 * message unchanged. Kernels whose objects are created statically (ASP3) report unsupported. */
#include "object_create_delete.h"

#define DEPTH 4u

static void run(rtb_run *run, rtb_timed_call timed)
{
    if (!rtb_creates_objects(run))
        return;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t t0 = rtb_now();
        rtb_queue *queue = rtb_os_queue_create(sizeof(uint32_t), DEPTH);
        uint32_t t1 = rtb_now();
        if (!queue) {
            rtb_fail(run, "could not create a queue");
            break;
        }
        uint32_t sent = 0xC0DE0000u ^ i, got = 0, extra = 0;
        bool works = rtb_os_queue_recv(queue, &extra, RTB_NO_WAIT) != RTB_OK &&
                     rtb_os_queue_send(queue, &sent, RTB_NO_WAIT) == RTB_OK &&
                     rtb_os_queue_recv(queue, &got, RTB_NO_WAIT) == RTB_OK && got == sent;
        uint32_t t2 = rtb_now();
        rtb_os_queue_delete(queue);
        uint32_t t3 = rtb_now();
        if (!works) {
            rtb_fail(run, "a new queue was not empty, or did not carry a message unchanged");
            break;
        }
        rtb_sample_call(run, timed, t0, t1, t2, t3);
    }
}

static void run_create(rtb_run *r) { run(r, TIME_CREATE); }
static void run_delete(rtb_run *r) { run(r, TIME_DELETE); }

RTB_BENCHMARK(queue_create, 164, "create a queue of four 4-byte items: the call", run_create);
RTB_BENCHMARK(queue_delete, 165, "delete an empty queue: the call", run_delete);
