/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Runs the selected benchmarks of the image in catalogue order, each over its parameter sweep. */
#include "catalogue.h"

#include <string.h>

#include "boot.h"
#include "options.h"
#include "rtb/stream.h"
#include "run.h"

#define CATALOGUE_MAX 255u
#define CALIBRATION_READS 31u

extern const rtb_bench __start_rtb_benches[];
extern const rtb_bench __stop_rtb_benches[];

/* Indices into the registrations, one byte each: as many bytes as the 64 pointers this held
 * before, so that the start-up's zeroing of .bss (inside boot_time) does not grow with it. */
static uint8_t sorted_index[CATALOGUE_MAX + 1u] __attribute__((aligned(4)));

static const rtb_bench *sorted(unsigned i) { return &__start_rtb_benches[sorted_index[i]]; }

static bool before(const rtb_bench *a, const rtb_bench *b)
{
    return a->order != b->order ? a->order < b->order : strcmp(a->name, b->name) < 0;
}

static unsigned sort_catalogue(void)
{
    unsigned n = 0;
    for (const rtb_bench *b = __start_rtb_benches; b < __stop_rtb_benches && n < CATALOGUE_MAX; b++) {
        unsigned i = n++;
        while (i > 0 && before(b, sorted(i - 1u))) {
            sorted_index[i] = sorted_index[i - 1u];
            i--;
        }
        sorted_index[i] = (uint8_t)(b - __start_rtb_benches);
    }
    return n;
}

/* The median cost of one timestamp read, measured back to back. */
static uint32_t calibrate_overhead(void)
{
    uint32_t deltas[CALIBRATION_READS];
    for (unsigned i = 0; i < CALIBRATION_READS; i++) {
        uint32_t t0 = rtb_now();
        uint32_t t1 = rtb_now();
        deltas[i] = t1 - t0;
    }
    for (unsigned i = 1; i < CALIBRATION_READS; i++)
        for (unsigned j = i; j > 0 && deltas[j] < deltas[j - 1u]; j--) {
            uint32_t swap = deltas[j];
            deltas[j] = deltas[j - 1u];
            deltas[j - 1u] = swap;
        }
    uint32_t median = deltas[CALIBRATION_READS / 2u];
    rtb_field fields[] = {RTB_NUM("overhead", median), RTB_NUM("reads", CALIBRATION_READS)};
    rtb_stream_record("CAL", fields, 2);
    return median;
}

/* Diagnostics for testing the host's error paths: inject=fault:<bench> or hang:<bench>. */
static void inject_if_asked(const rtb_bench *bench)
{
    const char *inject = rtb_options_text("inject");
    if (!inject)
        return;
    const char *colon = strchr(inject, ':');
    if (!colon || strcmp(colon + 1, bench->name) != 0)
        return;
    if (strncmp(inject, "fault", (size_t)(colon - inject)) == 0)
        __builtin_trap();
    if (strncmp(inject, "hang", (size_t)(colon - inject)) == 0)
        for (;;) {
            __asm__ volatile("" ::: "memory");
        }
}

/* The host passes `select` (the benchmarks to run) or `skip` (those not to), whichever is shorter:
 * the options' text has a bounded length. */
static bool selected(const rtb_bench *bench)
{
    if (rtb_options_list_has("skip", bench->name))
        return false;
    return rtb_options_text("select") == NULL || rtb_options_list_has("select", bench->name);
}

static unsigned run_bench(const rtb_bench *bench, uint32_t overhead)
{
    unsigned failures = 0;
    unsigned sweeps = bench->nvalues ? bench->nvalues : 1u;
    /* An option named like the swept parameter replaces the sweep with its one value. */
    bool overridden = bench->param && rtb_options_text(bench->param) != NULL;
    if (overridden)
        sweeps = 1u;
    for (unsigned i = 0; i < sweeps; i++) {
        uint32_t value = overridden ? rtb_options_u32(bench->param, 0u) : bench->nvalues ? bench->values[i] : 0u;
        /* Start on a tick: what ran before (other benchmarks, the catalogue's own set-up) then
         * moves no tick interrupt within this one, so adding or selecting benchmarks leaves the
         * others' samples as they were. */
        rtb_os_delay_ticks(1);
        rtb_run run;
        rtb_run_begin(&run, bench, value, overhead);
        inject_if_asked(bench);
        if (!rtb_failed(&run)) /* a bad option failed it already */
            bench->fn(&run);
        rtb_run_end(&run);
        failures += run.status == RTB_STATUS_FAIL;
    }
    return failures;
}

void rtb_catalogue_task(void *arg)
{
    (void)arg;
    rtb_boot_first_task();
    uint32_t overhead = calibrate_overhead();
    unsigned count = sort_catalogue();
    unsigned ran = 0, failures = 0;
    for (unsigned i = 0; i < count; i++) {
        if (!selected(sorted(i)))
            continue;
        failures += run_bench(sorted(i), overhead);
        ran++;
    }
    rtb_field fields[] = {RTB_NUM("benches", ran), RTB_NUM("failed", failures)};
    rtb_stream_record("DONE", fields, 2);
    rtb_target_exit(failures ? 1 : 0);
}
