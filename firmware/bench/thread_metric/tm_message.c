/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* tm_message (Thread-Metric message processing, as the suite defines it): one task sends a
 * 16-byte (4-word) message to a queue and receives it back, changing only the last word of
 * the next message. Reports round trips per period. Checked: the last word of every message
 * arrives as sent (the suite's check), and at the end the whole last message. */
#include "tm_measure.h"

#define PRIO 10u
#define WORDS 4u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_queue *queue;
    volatile uint32_t count;
    uint32_t sent[WORDS], received[WORDS];
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void worker(void *arg)
{
    (void)arg;
    while (rtb_group_running(&s.group)) {
        if (rtb_os_queue_send(s.queue, s.sent, RTB_NO_WAIT) != RTB_OK ||
            rtb_os_queue_recv(s.queue, s.received, RTB_NO_WAIT) != RTB_OK || s.received[3] != s.sent[3])
            rtb_fail(s.run, "a message was refused or its last word changed on the way");
        s.sent[3]++;
        s.count++;
    }
    rtb_group_done(&s.group);
}

static void check(rtb_run *run)
{
    for (unsigned w = 0; w < WORDS - 1u; w++)
        if (s.received[w] != s.sent[w])
            rtb_fail(run, "the message received differs from the message sent");
}

static void run(rtb_run *run)
{
    static const uint32_t first[WORDS] = {0x11112222u, 0x33334444u, 0x55556666u, 0x77778888u};
    s.run = run;
    s.count = 0;
    for (unsigned w = 0; w < WORDS; w++)
        s.sent[w] = first[w];
    rtb_note(run, rtb_os_queue_kind(sizeof s.sent)); /* what the port adds to the kernel */
    s.queue = rtb_os_queue_create(sizeof s.sent, 1);
    if (!s.queue) {
        rtb_fail(run, "could not create a queue");
        return;
    }
    if (rtb_group_init(&s.group, run))
        rtb_group_spawn(&s.group, "tm_message", worker, 0, PRIO);
    tm_measure(run, &s.group, &s.count, 1, 1, check);
    rtb_os_queue_delete(s.queue);
}

RTB_PARAM_VALUES(tm_message, 100);
RTB_BENCHMARK(tm_message, 105, "Thread-Metric message processing: 16-byte send + receive round trips per period", run,
              RTB_PARAM(tm_message, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
