/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* queue_send_ptr, queue_recv_ptr: queue_send and queue_recv with items that are one pointer,
 * passed as such: uC/OS-II's queues carry pointers natively (no copy), the other kernels copy a
 * pointer-sized item. This shows each kernel's own cost without rtbench's adapter (on uC/OS-II
 * queue_send copies 4-byte items into and out of the pointer). Non-blocking, one task, each
 * call timed on its own. Checked: every pointer comes back as sent, and the queue is then empty. */
#include "rtb/bench.h"

typedef enum { TIME_SEND, TIME_RECV } timed_call;

static struct {
    uint32_t items[4];
} s RTB_NOINIT; /* only their addresses travel */

static void run(rtb_run *run, timed_call timed)
{
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_QUEUE_PTR));
    rtb_queue *queue = rtb_os_queue_create(sizeof(void *), 1);
    if (!queue) {
        rtb_fail(run, "could not create a queue");
        return;
    }
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        void *sent = &s.items[i % 4u], *received = 0;
        uint32_t t0 = rtb_now();
        rtb_err send = rtb_os_queue_send_ptr(queue, sent, RTB_NO_WAIT);
        uint32_t t1 = rtb_now();
        rtb_err recv = rtb_os_queue_recv_ptr(queue, &received, RTB_NO_WAIT);
        uint32_t t2 = rtb_now();
        if (send != RTB_OK || recv != RTB_OK || received != sent) {
            rtb_fail(run, "the pointer received differs from the pointer sent");
            break;
        }
        if (rtb_os_queue_recv_ptr(queue, &received, RTB_NO_WAIT) != RTB_TIMEOUT) {
            rtb_fail(run, "the queue still held a pointer after it was received");
            break;
        }
        rtb_sample(run, (int32_t)(timed == TIME_SEND ? t1 - t0 : t2 - t1));
    }
    rtb_os_queue_delete(queue);
}

static void run_send(rtb_run *r) { run(r, TIME_SEND); }
static void run_recv(rtb_run *r) { run(r, TIME_RECV); }

RTB_BENCHMARK(queue_send_ptr, 137, "non-blocking send of a pointer (the kernel's own message where it has one) to an empty queue",
              run_send);
RTB_BENCHMARK(queue_recv_ptr, 138, "non-blocking receive of a pointer from a queue, one task", run_recv);
