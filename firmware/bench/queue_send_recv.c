/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* queue_send, queue_recv: non-blocking 4-byte messages in one task, each call timed on its
 * own. Checked: every message comes back with the content sent, and the queue is then empty. */
#include "rtb/bench.h"

typedef enum { TIME_SEND, TIME_RECV } timed_call;

static void run(rtb_run *run, timed_call timed)
{
    rtb_note(run, rtb_os_queue_kind(sizeof(uint32_t))); /* what the port adds to the kernel */
    rtb_queue *queue = rtb_os_queue_create(sizeof(uint32_t), 1);
    if (!queue) {
        rtb_fail(run, "could not create a queue");
        return;
    }
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t sent = 0xA5000000u ^ i, received = 0;
        uint32_t t0 = rtb_now();
        rtb_err send = rtb_os_queue_send(queue, &sent, RTB_NO_WAIT);
        uint32_t t1 = rtb_now();
        rtb_err recv = rtb_os_queue_recv(queue, &received, RTB_NO_WAIT);
        uint32_t t2 = rtb_now();
        if (send != RTB_OK || recv != RTB_OK || received != sent) {
            rtb_fail(run, "the message received differs from the message sent");
            break;
        }
        if (rtb_os_queue_recv(queue, &received, RTB_NO_WAIT) != RTB_TIMEOUT) {
            rtb_fail(run, "the queue still held a message after it was received");
            break;
        }
        rtb_sample(run, (int32_t)(timed == TIME_SEND ? t1 - t0 : t2 - t1));
    }
    rtb_os_queue_delete(queue);
}

static void run_send(rtb_run *r) { run(r, TIME_SEND); }
static void run_recv(rtb_run *r) { run(r, TIME_RECV); }

RTB_BENCHMARK(queue_send, 50, "non-blocking send of a 4-byte message to an empty queue, one task", run_send);
RTB_BENCHMARK(queue_recv, 51, "non-blocking receive of a 4-byte message from a queue, one task", run_recv);
