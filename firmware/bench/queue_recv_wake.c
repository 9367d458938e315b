/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* queue_recv_wake: a task blocks sending to a full queue; a less urgent task receives, which
 * makes room and wakes the sender (RTOSBench's blocked send released by a receive). Timed: from
 * the receive call to the sender's send returning. Checked: the sender was blocked in its send,
 * its send completed before the receive returned, and every message arrives in order. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_SENDER (RTB_PRIO_RUNNER - 1u)
#define PRIO_RECEIVER (RTB_PRIO_RUNNER - 2u)
#define MAGIC 0xA5000000u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_queue *queue;
    volatile uint32_t t0;
    volatile bool sending, finished;
    volatile uint32_t sent;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void sender(void *arg)
{
    (void)arg;
    /* The first send fills the one-item queue; every later one blocks until a receive. */
    for (uint32_t i = 0; i <= rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        uint32_t message = MAGIC ^ i;
        s.sending = true;
        rtb_err sent = rtb_os_queue_send(s.queue, &message, RTB_WAIT_FOREVER);
        uint32_t t1 = rtb_now();
        s.sending = false;
        if (!rtb_expect_ok(s.run, sent, "blocking queue send failed"))
            break;
        s.sent++;
        if (i > 0u)
            rtb_sample(s.run, (int32_t)(t1 - s.t0));
    }
    s.finished = true;
    rtb_group_done(&s.group);
}

/* Parks once the sender is done: a host kernel lets a task it deletes run on to its next
 * cancellation point. */
static void park_if_finished(void)
{
    while (s.finished)
        rtb_os_task_suspend_self();
}

static void receiver(void *arg)
{
    (void)arg;
    for (uint32_t i = 0;; i++) {
        park_if_finished();
        if (!s.sending) {
            rtb_fail(s.run, "the receiver ran while the sender was not blocked on the full queue");
            rtb_group_done(&s.group);
        }
        uint32_t message = 0, before = s.sent;
        s.t0 = rtb_now();
        rtb_err received = rtb_os_queue_recv(s.queue, &message, RTB_NO_WAIT);
        if (!rtb_expect_ok(s.run, received, "receiving from the full queue failed") || message != (MAGIC ^ i) ||
            s.sent != before + 1u) {
            rtb_fail(s.run, message != (MAGIC ^ i) ? "a message arrived out of order or altered"
                                                    : "the receive did not wake the more urgent sender");
            rtb_group_done(&s.group);
        }
    }
}

static void run(rtb_run *run)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_SEND_WAIT);
    if (why) {
        rtb_unsupported(run, why);
        return;
    }
    s.run = run;
    s.sending = s.finished = false;
    s.sent = 0;
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_SEND_WAIT));
    s.queue = rtb_os_queue_create(sizeof(uint32_t), 1);
    if (!s.queue) {
        rtb_fail(run, "could not create a queue");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "sender", sender, 0, PRIO_SENDER);
        rtb_group_spawn(&s.group, "receiver", receiver, 0, PRIO_RECEIVER);
        rtb_group_join(&s.group, 1);
    }
    rtb_os_queue_delete(s.queue);
}

RTB_BENCHMARK(queue_recv_wake, 155, "receive from a full queue a more urgent sender waits on: receive call to the sender running",
              run);
