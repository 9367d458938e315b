/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What a benchmark sees: its registration macro and the run context. Benchmarks include
 * only rtb/ headers; they never see a kernel or a platform. */
#ifndef RTB_BENCH_H
#define RTB_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "rtb/os.h"
#include "rtb/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rtb_run rtb_run;
typedef void (*rtb_bench_fn)(rtb_run *run);

/* flags */
#define RTB_RAW 1u /* the interval starts at a hardware event: no read overhead to subtract */
/* Needs the kernel's trace hooks: the host runs it in an image built with its port's
 * trace_define (os.toml), so that no other benchmark pays for the hooks. */
#define RTB_TRACED 2u
/* Needs services that kernels make the other benchmarks pay for (event flags, software timers: a
 * timer task, a tick hook, more kernel initialisation): the host runs it in an image built with
 * its port's services_define (os.toml), RTB_WITH_SERVICES, so that no other benchmark pays. */
#define RTB_SERVICES 4u

typedef struct {
    const char *name;
    const char *summary;
    rtb_bench_fn fn;
    uint16_t order;  /* position in the catalogue */
    uint16_t flags;
    const char *param; /* the swept parameter, or NULL */
    const uint32_t *values;
    uint32_t nvalues;
    /* Benchmarks that sample something other than loop iterations (ticks, periods, boot)
     * set their own sample count, optionally overridable by the option `count_key`. */
    uint32_t count;
    uint32_t count_warmup;
    const char *count_key;
    /* A benchmark that counts (operations per period) instead of timing names its unit;
     * its samples are then reported as they are, without overhead or scaling. */
    const char *unit;
    /* When set, the sample count and warm-up are multiplied by this option's value (for
     * benchmarks whose `count_key` counts per worker, e.g. per periodic thread). */
    const char *count_per_key;
} rtb_bench;

/* Registration goes into the `rtb_benches` section, which the linker gathers
 * (__start_rtb_benches .. __stop_rtb_benches) on every ELF platform. A kernel whose linker
 * script places every section itself names one it keeps (RTEMS: a linker set, os.cmake). */
#ifndef RTB_BENCH_SECTION
#define RTB_BENCH_SECTION "rtb_benches"
#endif
#define RTB_SECTION_ATTR __attribute__((used, section(RTB_BENCH_SECTION), aligned(sizeof(void *))))

/* RTB_BENCHMARK(name, order, "summary", fn [, .flags = RTB_RAW, RTB_PARAM(name, "param")]) */
/* The function is the first of the variadic arguments, so that a registration without options
 * still passes one (ISO C requires it: -Wpedantic). */
#define RTB_BENCHMARK(id, ord, text, ...)                                                        \
    static const rtb_bench rtb_bench_##id RTB_SECTION_ATTR = {                                   \
        .name = #id, .summary = text, .order = ord, .fn = __VA_ARGS__}

/* A swept parameter: RTB_PARAM_VALUES(name, v1, v2, ...) then RTB_PARAM(name, "param"). */
#define RTB_PARAM_VALUES(id, ...) static const uint32_t rtb_values_##id[] = {__VA_ARGS__}
#define RTB_PARAM(id, pname)                                                                     \
    .param = pname, .values = rtb_values_##id,                                                   \
    .nvalues = sizeof(rtb_values_##id) / sizeof(rtb_values_##id[0])

static inline uint32_t rtb_now(void) { return rtb_target_ts(); }

/* The run context. */
uint32_t rtb_param(const rtb_run *run);      /* the swept parameter's value (0 if none) */
uint32_t rtb_loops(const rtb_run *run);      /* warm-up plus measured iterations */
uint32_t rtb_warmup(const rtb_run *run);     /* the first rtb_loops() iterations whose samples are dropped */
uint32_t rtb_option(const rtb_run *run, const char *key, uint32_t fallback);
void rtb_sample(rtb_run *run, int32_t delta); /* the first `warmup` samples are dropped */
void rtb_fail(rtb_run *run, const char *reason);
void rtb_unsupported(rtb_run *run, const char *reason);
bool rtb_failed(const rtb_run *run);
void rtb_note(rtb_run *run, const char *text);
/* Converts microseconds to timestamp units of this platform. */
uint32_t rtb_us_to_ts(uint32_t us);

/* Reset to the first task's first instruction, without rtbench's own console set-up. */
uint32_t rtb_boot_span(void);
/* Reports that span's phases (rtb/boot.h) with the run, as rtb_phase records. */
void rtb_boot_phases(rtb_run *run);
/* One named part of the run's (single) measurement, in raw timestamp units: the host converts
 * it to the run's unit and keeps it with the result. */
void rtb_phase(rtb_run *run, const char *name, int32_t raw);

/* Checks a kernel result and fails the run with `what` when it is not RTB_OK. */
bool rtb_expect_ok(rtb_run *run, rtb_err err, const char *what);

#ifdef __cplusplus
}
#endif

#endif
