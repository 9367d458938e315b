/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* sem_wake_order, queue_wake_order: N waiters (parameter `waiters`) blocked on one semaphore (or
 * one empty queue), each at a priority of its own, then N gives (or sends of 4-byte messages)
 * from a task less urgent than all of them. The waiters block least urgent first, so a kernel
 * that wakes in the order waiters blocked fails. A kernel that queues waiters in FIFO order and
 * has a call that puts the most urgent first (ThreadX: tx_*_prioritize) makes it before each give,
 * timed with it, and the note says so (option prioritize=0 leaves the call out, to see the
 * kernel's own order: ThreadX then fails the check). Timed: each give, from the call to the woken waiter
 * running (with N, N-1 ... 1 waiters still blocked). Checked: the most urgent waiter woke first,
 * then the next, each at once (it preempted the giver), with the message sent. A kernel whose
 * queues wake receivers only in the order they waited, with no such call, is unsupported. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define MAX_WAITERS 10u
#define PRIO_GIVER 2u
#define PRIO_FIRST_WAITER (PRIO_GIVER + 1u)

typedef enum { ON_SEM, ON_QUEUE } waited_object;

static struct {
    rtb_run *run;
    rtb_group group;
    waited_object object;
    bool prioritize;
    rtb_sem *sem;
    rtb_queue *queue;
    rtb_task *waiters[MAX_WAITERS];
    uint32_t count;
    uint32_t samples;
    volatile uint32_t woken;
    volatile uint32_t t0;
    volatile uint32_t order[MAX_WAITERS];
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static void waiter(void *arg)
{
    uint32_t rank = (uint32_t)(uintptr_t)arg; /* 0: least urgent */
    for (;;) {
        rtb_os_task_suspend_self();
        uint32_t message = 0;
        rtb_err got = s.object == ON_SEM ? rtb_os_sem_take(s.sem, RTB_WAIT_FOREVER)
                                         : rtb_os_queue_recv(s.queue, &message, RTB_WAIT_FOREVER);
        uint32_t t1 = rtb_now();
        uint32_t nth = s.woken;
        if (!rtb_expect_ok(s.run, got, "blocking take or receive failed"))
            continue;
        if (nth < MAX_WAITERS)
            s.order[nth] = rank;
        s.woken = nth + 1u;
        if (s.object == ON_QUEUE && message != nth)
            rtb_fail(s.run, "a waiter received another message than the one sent");
        if (s.samples < rtb_loops(s.run)) {
            s.samples++;
            rtb_sample(s.run, (int32_t)(t1 - s.t0));
        }
    }
}

static void giver(void *arg)
{
    (void)arg;
    bool fifo = s.prioritize && rtb_os_wake_order_fifo() != 0;
    while (s.samples < rtb_loops(s.run) && !rtb_failed(s.run)) {
        for (uint32_t k = 0; k < s.count; k++)
            rtb_os_task_resume(s.waiters[k]); /* it preempts, and blocks: least urgent first */
        s.woken = 0;
        for (uint32_t j = 0; j < s.count && !rtb_failed(s.run); j++) {
            uint32_t message = j;
            s.t0 = rtb_now();
            rtb_err sent;
            if (s.object == ON_SEM) {
                if (fifo)
                    rtb_os_sem_prioritize(s.sem);
                sent = rtb_os_sem_give(s.sem);
            } else {
                if (fifo)
                    rtb_os_queue_prioritize(s.queue);
                sent = rtb_os_queue_send(s.queue, &message, RTB_NO_WAIT);
            }
            if (!rtb_expect_ok(s.run, sent, "give or send failed"))
                break;
            if (s.woken != j + 1u)
                rtb_fail(s.run, "a give did not wake a more urgent waiter at once");
            else if (s.order[j] != s.count - 1u - j)
                rtb_fail(s.run, "a less urgent waiter woke before a more urgent one");
        }
    }
    rtb_group_done(&s.group);
}

static void run(rtb_run *run, waited_object object)
{
    s.run = run;
    s.object = object;
    s.count = rtb_param(run);
    s.samples = 0;
    s.woken = 0;
    if (s.count == 0u || s.count > MAX_WAITERS) {
        rtb_fail(run, "option waiters must be 1..10");
        return;
    }
    const char *lacking = object == ON_QUEUE ? rtb_os_service_unsupported(RTB_SERVICE_QUEUE_WAKE_ORDER) : 0;
    if (lacking) {
        rtb_unsupported(run, lacking);
        return;
    }
    s.prioritize = rtb_option(run, "prioritize", 1u) != 0u;
    const char *fifo = rtb_os_wake_order_fifo();
    if (fifo)
        rtb_note(run, s.prioritize ? fifo : "the kernel's own wake order: option prioritize=0");
    s.sem = object == ON_SEM ? rtb_os_sem_create(0, 1) : 0;
    s.queue = object == ON_QUEUE ? rtb_os_queue_create(sizeof(uint32_t), 1) : 0;
    if (!s.sem && !s.queue) {
        rtb_fail(run, "could not create a semaphore or a queue");
        return;
    }
    if (object == ON_QUEUE)
        rtb_note(run, rtb_os_queue_kind(sizeof(uint32_t)));
    if (rtb_group_init(&s.group, run)) {
        for (uint32_t k = 0; k < s.count && !rtb_failed(run); k++)
            s.waiters[k] = rtb_group_spawn(&s.group, "waiter", waiter, (void *)(uintptr_t)k, PRIO_FIRST_WAITER + k);
        if (!rtb_failed(run))
            rtb_group_spawn(&s.group, "giver", giver, 0, PRIO_GIVER);
        rtb_group_join(&s.group, 1);
    }
    if (s.sem)
        rtb_os_sem_delete(s.sem);
    if (s.queue)
        rtb_os_queue_delete(s.queue);
}

static void run_sem(rtb_run *r) { run(r, ON_SEM); }
static void run_queue(rtb_run *r) { run(r, ON_QUEUE); }

RTB_PARAM_VALUES(sem_wake_order, 2, 5, 10);
RTB_BENCHMARK(sem_wake_order, 135, "N waiters at distinct priorities on one semaphore, N gives: give to the most urgent waiter running",
              run_sem, RTB_PARAM(sem_wake_order, "waiters"));
RTB_PARAM_VALUES(queue_wake_order, 2, 5, 10);
RTB_BENCHMARK(queue_wake_order, 136, "N waiters at distinct priorities on one queue, N sends: send to the most urgent waiter running",
              run_queue, RTB_PARAM(queue_wake_order, "waiters"));
