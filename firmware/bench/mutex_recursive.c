/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* mutex_lock_recursive, mutex_unlock_recursive: the owner of a recursive mutex locks it a second
 * time and unlocks that inner lock (latency_measure's recursive lock and unlock), each call timed
 * on its own (in the image with the kernel's recursive mutexes, RTB_SERVICES). Checked: both
 * nested calls succeed, and the mutex stays the owner's until the outer unlock: a less urgent
 * task trying it without waiting in between finds it taken, and takes it after. Kernels without
 * recursive mutexes report unsupported. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define PRIO_PROBE (RTB_PRIO_RUNNER - 1u)

typedef enum { TIME_LOCK, TIME_UNLOCK } timed_call;

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_mutex *mutex;
    rtb_sem *probe_go, *probe_done;
    volatile bool got;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

/* Tries the mutex without waiting each time it is asked, and says whether it got it. */
static void probe_task(void *arg)
{
    (void)arg;
    for (;;) {
        if (rtb_os_sem_take(s.probe_go, RTB_WAIT_FOREVER) != RTB_OK)
            continue;
        s.got = rtb_os_mutex_lock_recursive(s.mutex, RTB_NO_WAIT) == RTB_OK;
        if (s.got)
            rtb_os_mutex_unlock_recursive(s.mutex);
        rtb_os_sem_give(s.probe_done);
    }
}

/* Less urgent than the runner: it runs while the runner waits for it. */
static bool probe_gets_it(void)
{
    rtb_os_sem_give(s.probe_go);
    return rtb_os_sem_take(s.probe_done, RTB_WAIT_FOREVER) == RTB_OK && s.got;
}

static void measure(rtb_run *run, timed_call timed)
{
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        if (!rtb_expect_ok(run, rtb_os_mutex_lock_recursive(s.mutex, RTB_NO_WAIT), "could not lock the free mutex"))
            break;
        uint32_t t0 = rtb_now();
        rtb_err inner = rtb_os_mutex_lock_recursive(s.mutex, RTB_NO_WAIT);
        uint32_t t1 = rtb_now();
        rtb_err inner_unlocked = inner == RTB_OK ? rtb_os_mutex_unlock_recursive(s.mutex) : RTB_ERROR;
        uint32_t t2 = rtb_now();
        if (!rtb_expect_ok(run, inner, "the owner could not lock its recursive mutex again") ||
            !rtb_expect_ok(run, inner_unlocked, "the inner unlock failed"))
            break;
        /* Checking costs a round trip to the probe: a few times are enough. */
        bool check = i < 4u || i + 1u == rtb_loops(run);
        if (check && probe_gets_it()) {
            rtb_fail(run, "the inner unlock released a recursive mutex its owner still held");
            break;
        }
        if (!rtb_expect_ok(run, rtb_os_mutex_unlock_recursive(s.mutex), "the outer unlock failed"))
            break;
        if (check && !probe_gets_it()) {
            rtb_fail(run, "the outer unlock did not release the recursive mutex");
            break;
        }
        rtb_sample(run, (int32_t)(timed == TIME_LOCK ? t1 - t0 : t2 - t1));
    }
}

static void run(rtb_run *run, timed_call timed)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_RECURSIVE);
    if (why) {
        rtb_unsupported(run, why);
        return;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_RECURSIVE));
    s.run = run;
    s.mutex = rtb_os_mutex_create_recursive();
    s.probe_go = rtb_os_sem_create(0, 1);
    s.probe_done = rtb_os_sem_create(0, 1);
    if (!s.mutex || !s.probe_go || !s.probe_done)
        rtb_fail(run, "could not create a recursive mutex and two semaphores");
    else if (rtb_group_init(&s.group, run)) {
        if (rtb_group_spawn(&s.group, "probe", probe_task, 0, PRIO_PROBE))
            measure(run, timed);
        rtb_group_join(&s.group, 0);
    }
    rtb_os_sem_delete(s.probe_done);
    rtb_os_sem_delete(s.probe_go);
    rtb_os_mutex_delete(s.mutex);
}

static void run_lock(rtb_run *r) { run(r, TIME_LOCK); }
static void run_unlock(rtb_run *r) { run(r, TIME_UNLOCK); }

RTB_BENCHMARK(mutex_lock_recursive, 186, "the owner locks its recursive mutex again: the call", run_lock,
              .flags = RTB_SERVICES);
RTB_BENCHMARK(mutex_unlock_recursive, 187, "the owner unlocks the inner lock of its recursive mutex: the call",
              run_unlock, .flags = RTB_SERVICES);
