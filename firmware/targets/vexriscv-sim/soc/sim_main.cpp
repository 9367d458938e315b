/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's simulation loop for the vexriscv-sim SoC, in place of LiteX's generic one (an event
 * loop, loadable modules, a tracer and two module calls per half-cycle). It drives the same
 * inputs in the same order, so the model sees exactly what it saw under LiteX's loop:
 *   clock high, evaluate; the console takes the UART's byte (always ready, nothing to receive);
 *   clock low, evaluate.
 * Set RTBENCH_SIM_STATS=FILE to append "cycles user_s sys_s" for the run (speed measurements);
 * RTBENCH_SIM_MAX_CYCLES=N stops after N cycles (the model build's profiling run). */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sys/resource.h>

#include "Vsim.h"
#include "verilated.h"

static void write_stats(std::uint64_t cycles)
{
    const char *path = std::getenv("RTBENCH_SIM_STATS");
    if (path == nullptr || *path == '\0')
        return;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    FILE *out = std::fopen(path, "a");
    if (out == nullptr)
        return;
    std::fprintf(out, "%llu %ld.%06ld %ld.%06ld\n", static_cast<unsigned long long>(cycles),
                 static_cast<long>(usage.ru_utime.tv_sec), static_cast<long>(usage.ru_utime.tv_usec),
                 static_cast<long>(usage.ru_stime.tv_sec), static_cast<long>(usage.ru_stime.tv_usec));
    std::fclose(out);
}

int main(int argc, char **argv)
{
    const std::unique_ptr<VerilatedContext> context{new VerilatedContext};
    context->commandArgs(argc, argv);
    const std::unique_ptr<Vsim> soc{new Vsim{context.get()}};
    const char *limit_text = std::getenv("RTBENCH_SIM_MAX_CYCLES");
    const std::uint64_t limit = limit_text ? std::strtoull(limit_text, nullptr, 10) : 0;
    std::uint64_t cycles = 0;
    soc->sys_clk = 0;
    soc->serial_sink_valid = 0;
    while (!context->gotFinish()) {
        soc->sys_clk = 1;
        soc->eval();
        cycles++;
        /* The console: a byte offered on this edge is printed, and the UART may always send. */
        soc->serial_source_ready = 1;
        if (soc->serial_source_valid) {
            std::putchar(soc->serial_source_data);
            std::fflush(stdout);
        }
        if (context->gotFinish() || cycles == limit)
            break;
        soc->sys_clk = 0;
        soc->eval();
    }
    soc->final();
    std::fflush(stdout);
    write_stats(cycles);
    return 0;
}
