/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* queue_wake: a high task blocks on an empty queue, a low task sends. Timed: from the send
 * call to the high task holding the message. Checked: the message content, and preemption. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_HIGH 20u
#define PRIO_LOW 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_queue *queue;
    volatile uint32_t t0;
    volatile uint32_t expected;
    volatile bool woke;
} s;

static void receiver(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t message = 0;
        rtb_err received = rtb_os_queue_recv(s.queue, &message, RTB_WAIT_FOREVER);
        uint32_t t1 = rtb_now();
        s.woke = true;
        if (!rtb_expect_ok(s.run, received, "blocking queue receive failed"))
            continue;
        if (message != s.expected)
            rtb_fail(s.run, "the message received differs from the message sent");
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
    }
}

static void sender(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        uint32_t message = 0x5A000000u ^ i;
        s.expected = message;
        s.woke = false;
        s.t0 = rtb_now();
        if (rtb_expect_ok(s.run, rtb_os_queue_send(s.queue, &message, RTB_NO_WAIT), "queue send failed") &&
            !s.woke)
            rtb_fail(s.run, "sending did not wake the higher-priority receiver");
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    rtb_note(run, rtb_os_queue_kind(sizeof(uint32_t))); /* what the port adds to the kernel */
    s.queue = rtb_os_queue_create(sizeof(uint32_t), 1);
    if (!s.queue) {
        rtb_fail(run, "could not create a queue");
        return;
    }
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "receiver", receiver, 0, PRIO_HIGH);
        rtb_group_spawn(&s.group, "sender", sender, 0, PRIO_LOW);
        rtb_group_join(&s.group, 1);
    }
    rtb_os_queue_delete(s.queue);
}

RTB_BENCHMARK(queue_wake, 52, "high task blocked on an empty queue, low task sends: send to high task holding the message", run);
