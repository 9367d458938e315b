/* tm_message (Thread-Metric message processing): one task sends a 16-byte message to a queue
 * and receives it back. Reports round trips per period. Checked: content of every message. */
#include "tm_measure.h"

#define PRIO 10u
#define WORDS 4u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_queue *queue;
    volatile uint32_t count;
} s;

static void worker(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; rtb_group_running(&s.group); i++) {
        uint32_t sent[WORDS] = {i, ~i, i * 3u, i ^ 0x5A5A5A5Au}, received[WORDS] = {0};
        if (rtb_os_queue_send(s.queue, sent, RTB_NO_WAIT) != RTB_OK ||
            rtb_os_queue_recv(s.queue, received, RTB_NO_WAIT) != RTB_OK)
            rtb_fail(s.run, "queue send or receive failed");
        for (unsigned w = 0; w < WORDS; w++)
            if (received[w] != sent[w])
                rtb_fail(s.run, "the message received differs from the message sent");
        s.count++;
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run)
{
    s.run = run;
    s.count = 0;
    rtb_note(run, rtb_os_queue_kind(sizeof(uint32_t) * WORDS)); /* what the port adds to the kernel */
    s.queue = rtb_os_queue_create(sizeof(uint32_t) * WORDS, 1);
    if (!s.queue) {
        rtb_fail(run, "could not create a queue");
        return;
    }
    if (rtb_group_init(&s.group, run))
        rtb_group_spawn(&s.group, "tm_message", worker, 0, PRIO);
    tm_measure(run, &s.group, &s.count, 1, 1, 0);
    rtb_os_queue_delete(s.queue);
}

RTB_PARAM_VALUES(tm_message, 100);
RTB_BENCHMARK(tm_message, 105, "Thread-Metric message processing: 16-byte send + receive round trips per period", run,
              RTB_PARAM(tm_message, "period_ms"), .count = 10, .count_warmup = 1,
              .count_key = "tm_periods", .unit = "operations");
