/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The run-context API benchmarks use: parameters, options, samples and verdicts. */
#include "run.h"

#include "options.h"
#include "rtb/stream.h"

/* A target with room to spare sets a larger buffer, so that long runs are not flushed to the
 * console while they measure. */
#ifdef RTB_TARGET_SAMPLE_CAPACITY
#define SAMPLE_CAPACITY RTB_TARGET_SAMPLE_CAPACITY
#else
#define SAMPLE_CAPACITY 16384u
#endif

/* Not zeroed at reset: clearing it would inflate boot_time with rtbench's own work. */
static int32_t sample_buffer[SAMPLE_CAPACITY] RTB_NOINIT;

/* The run in progress, for core services that find the platform or kernel lacks what a
 * benchmark asked of them (rtb_run_unsupported_now). */
static rtb_run *active;

static void flush(rtb_run *run)
{
    rtb_stream_samples(sample_buffer, run->buffered);
    run->sent += run->buffered;
    run->buffered = 0;
}

uint32_t rtb_param(const rtb_run *run) { return run->param; }

uint32_t rtb_loops(const rtb_run *run) { return run->warmup + run->iterations; }

uint32_t rtb_warmup(const rtb_run *run) { return run->warmup; }

uint32_t rtb_option(const rtb_run *run, const char *key, uint32_t fallback)
{
    uint32_t value = rtb_options_u32(key, fallback);
    const char *bad = rtb_options_take_error();
    if (bad)
        rtb_fail((rtb_run *)run, bad);
    return value;
}

void rtb_sample(rtb_run *run, int32_t delta)
{
    if (run->status != RTB_STATUS_OK)
        return;
    if (run->seen++ < run->warmup)
        return;
    sample_buffer[run->buffered++] = delta;
    run->kept++;
    if (run->buffered == SAMPLE_CAPACITY)
        flush(run);
}

void rtb_fail(rtb_run *run, const char *reason)
{
    if (run->status == RTB_STATUS_OK) {
        run->status = RTB_STATUS_FAIL;
        run->reason = reason;
    }
}

void rtb_unsupported(rtb_run *run, const char *reason)
{
    if (run->status == RTB_STATUS_OK) {
        run->status = RTB_STATUS_UNSUPPORTED;
        run->reason = reason;
    }
}

bool rtb_failed(const rtb_run *run) { return run->status != RTB_STATUS_OK; }

void rtb_phase(rtb_run *run, const char *name, int32_t raw)
{
    (void)run;
    rtb_field fields[] = {RTB_STR("name", name), RTB_NUM("value", raw)};
    rtb_stream_record("PHASE", fields, 2);
}

void rtb_note(rtb_run *run, const char *text)
{
    (void)run;
    rtb_field field = RTB_STR("text", text);
    rtb_stream_record("NOTE", &field, 1);
}

bool rtb_expect_ok(rtb_run *run, rtb_err err, const char *what)
{
    if (err == RTB_OK)
        return true;
    if (err == RTB_UNSUPPORTED)
        rtb_unsupported(run, what);
    else
        rtb_fail(run, what);
    return false;
}

uint32_t rtb_us_to_ts(uint32_t us) { return (uint32_t)((uint64_t)us * RTB_TS_HZ / 1000000u); }

void rtb_run_unsupported_now(const char *reason)
{
    if (active)
        rtb_unsupported(active, reason);
}

void rtb_run_begin(rtb_run *run, const rtb_bench *bench, uint32_t param, uint32_t overhead)
{
    *run = (rtb_run){.bench = bench, .param = param, .status = RTB_STATUS_OK};
    active = run;
    if (bench->count) {
        run->iterations = bench->count_key ? rtb_options_u32(bench->count_key, bench->count)
                                           : bench->count;
        run->warmup = bench->count_warmup;
        uint32_t per = bench->count_per_key ? rtb_options_u32(bench->count_per_key, 1u) : 1u;
        if (per > 1u && (run->iterations > UINT32_MAX / per || run->warmup > UINT32_MAX / per)) {
            rtb_fail(run, "the sample count times its multiplier exceeds 4294967295");
        } else if (per > 1u) {
            run->iterations *= per;
            run->warmup *= per;
        }
    } else {
        run->iterations = rtb_options_u32("iterations", 1000u);
        run->warmup = rtb_options_u32("warmup", 100u);
    }
    /* A bad option (here or the swept parameter's, read just before) or counts that wrap fail
     * the run before it measures anything. */
    const char *bad = rtb_options_take_error();
    if (bad)
        rtb_fail(run, bad);
    else if (run->warmup > UINT32_MAX - run->iterations)
        rtb_fail(run, "iterations plus warm-up exceed 4294967295");
    rtb_field fields[] = {
        RTB_STR("bench", bench->name),
        RTB_STR("param", bench->param ? bench->param : "-"),
        RTB_NUM("value", param),
        RTB_NUM("iterations", run->iterations),
        RTB_NUM("warmup", run->warmup),
        RTB_NUM("overhead", (bench->flags & RTB_RAW) || bench->unit ? 0u : overhead),
        RTB_STR("unit", bench->unit ? bench->unit : ""),
    };
    /* The unit field is only sent by counting benchmarks. */
    rtb_stream_record("BEGIN", fields, sizeof fields / sizeof fields[0] - (bench->unit ? 0u : 1u));
}

void rtb_run_end(rtb_run *run)
{
    if (run->status == RTB_STATUS_OK && run->kept != run->iterations)
        rtb_fail(run, "the benchmark recorded fewer samples than its iterations");
    if (run->status == RTB_STATUS_OK)
        flush(run);
    static const char *const names[] = {"ok", "fail", "unsupported"};
    rtb_field fields[] = {
        RTB_STR("bench", run->bench->name),
        RTB_STR("status", names[run->status]),
        RTB_NUM("n", run->sent),
        RTB_STR("reason", run->reason ? run->reason : "-"),
    };
    rtb_stream_record("END", fields, sizeof fields / sizeof fields[0]);
    run->buffered = 0;
    active = 0;
}
