/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* flag_set, flag_wait_wake: event flags (FreeRTOS event groups, uC/OS-II OSFlag*, ThreadX event
 * flags; on Linux an emulation, which the note says).
 * flag_set: one task sets a flag no task waits for; timed: the set call. Checked: the flag is
 * then set, a wait without blocking consumes it, and a second finds it clear.
 * flag_wait_wake: a high task waits for either of two flags, a low task sets one of them; timed:
 * from the set call to the high task running with the flag. Checked: the waiter preempted the
 * setter at once, saw exactly the flag set, and consumed it. */
#include "rtb/bench.h"
#include "rtb/group.h"

#define FLAG_A 0x0001u
#define FLAG_B 0x0100u
#define PRIO_HIGH 20u
#define PRIO_LOW 10u

static struct {
    rtb_run *run;
    rtb_group group;
    rtb_flags *flags;
    volatile uint32_t t0;
    volatile uint32_t expected;
    volatile bool woke;
} s RTB_NOINIT; /* set up by every run: not zeroed at reset, so it adds nothing to boot_time */

static bool begin(rtb_run *run)
{
    const char *why = rtb_os_service_unsupported(RTB_SERVICE_FLAGS);
    if (why) {
        rtb_unsupported(run, why);
        return false;
    }
    rtb_note(run, rtb_os_service_kind(RTB_SERVICE_FLAGS));
    s.run = run;
    s.flags = rtb_os_flags_create();
    if (!s.flags)
        rtb_fail(run, "could not create an event flag group");
    return s.flags != 0;
}

static void run_set(rtb_run *run)
{
    if (!begin(run))
        return;
    for (uint32_t i = 0; i < rtb_loops(run) && !rtb_failed(run); i++) {
        uint32_t flag = i & 1u ? FLAG_B : FLAG_A, seen = 0;
        uint32_t t0 = rtb_now();
        rtb_err set = rtb_os_flags_set(s.flags, flag);
        uint32_t t1 = rtb_now();
        if (!rtb_expect_ok(run, set, "setting a flag failed"))
            break;
        if (rtb_os_flags_wait(s.flags, FLAG_A | FLAG_B, false, RTB_NO_WAIT, &seen) != RTB_OK || seen != flag ||
            rtb_os_flags_wait(s.flags, FLAG_A | FLAG_B, false, RTB_NO_WAIT, &seen) != RTB_TIMEOUT) {
            rtb_fail(run, "the flags read back differ from the flag set, or were not consumed");
            break;
        }
        rtb_sample(run, (int32_t)(t1 - t0));
    }
    rtb_os_flags_delete(s.flags);
}

static void waiter(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t seen = 0;
        rtb_err waited = rtb_os_flags_wait(s.flags, FLAG_A | FLAG_B, false, RTB_WAIT_FOREVER, &seen);
        uint32_t t1 = rtb_now();
        s.woke = true;
        if (!rtb_expect_ok(s.run, waited, "waiting for a flag failed"))
            continue;
        if (seen != s.expected)
            rtb_fail(s.run, "the waiter saw other flags than the one set");
        else if (rtb_os_flags_wait(s.flags, FLAG_A | FLAG_B, false, RTB_NO_WAIT, &seen) != RTB_TIMEOUT)
            rtb_fail(s.run, "the wait did not consume the flag");
        rtb_sample(s.run, (int32_t)(t1 - s.t0));
    }
}

static void setter(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < rtb_loops(s.run) && !rtb_failed(s.run); i++) {
        uint32_t flag = i & 1u ? FLAG_B : FLAG_A;
        s.expected = flag;
        s.woke = false;
        s.t0 = rtb_now();
        if (rtb_expect_ok(s.run, rtb_os_flags_set(s.flags, flag), "setting a flag failed") && !s.woke)
            rtb_fail(s.run, "setting a flag did not wake the higher-priority waiter");
    }
    rtb_group_done(&s.group);
}

static void run_wake(rtb_run *run)
{
    if (!begin(run))
        return;
    if (rtb_group_init(&s.group, run)) {
        rtb_group_spawn(&s.group, "waiter", waiter, 0, PRIO_HIGH);
        rtb_group_spawn(&s.group, "setter", setter, 0, PRIO_LOW);
        rtb_group_join(&s.group, 1);
    }
    rtb_os_flags_delete(s.flags);
}

RTB_BENCHMARK(flag_set, 180, "set an event flag no task waits for: the call", run_set, .flags = RTB_SERVICES);
RTB_BENCHMARK(flag_wait_wake, 181, "high task waits on event flags, low task sets one: set call to the waiter running",
              run_wake, .flags = RTB_SERVICES);
