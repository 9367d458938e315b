/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* window_queue: the 2012 study's pass and receive message counts, as pairs. One task sends a
 * 4-byte message to an empty queue and receives it back, as often as it can in a window of the
 * kernel's own tick (option window_ms, default 10). The study counted sends and receives in
 * separate windows through a queue deeper than a window's messages; rtbench's queues hold 16,
 * so one operation here is a send and its receive. Checked: every message arrives intact. */
#include "rtb/bench.h"
#include "rtb/window.h"

static void run(rtb_run *run)
{
    uint32_t ticks = rtb_window_ticks(run, rtb_option(run, "window_ms", RTB_WINDOW_MS));
    rtb_note(run, rtb_os_queue_kind(sizeof(uint32_t))); /* what the port adds to the kernel */
    rtb_queue *queue = ticks ? rtb_os_queue_create(sizeof(uint32_t), 1u) : 0;
    if (ticks && !queue)
        rtb_fail(run, "could not create a queue");
    for (uint32_t w = 0; queue && w < rtb_loops(run) && !rtb_failed(run); w++) {
        uint32_t count = 0;
        uint32_t closes = rtb_window_open(ticks);
        while (rtb_window_is_open(closes)) {
            uint32_t sent = count ^ 0x5A5A5A5Au, received = 0;
            if (rtb_os_queue_send(queue, &sent, RTB_NO_WAIT) != RTB_OK ||
                rtb_os_queue_recv(queue, &received, RTB_NO_WAIT) != RTB_OK || received != sent) {
                rtb_fail(run, "a message was refused or did not arrive intact");
                break;
            }
            count++;
        }
        rtb_sample(run, (int32_t)count);
    }
    if (queue)
        rtb_os_queue_delete(queue);
}

RTB_BENCHMARK(window_queue, 123, "4-byte message send + receive pairs per tick window, one task", run,
              .count = 10, .count_warmup = 1, .count_key = "windows", .unit = "operations");
