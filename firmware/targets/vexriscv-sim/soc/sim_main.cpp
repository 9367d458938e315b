/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's simulation loop for the vexriscv-sim SoC, in place of LiteX's generic one (an event
 * loop, loadable modules, a tracer and two module calls per half-cycle). It drives the same
 * inputs in the same order, so the model sees exactly what it saw under LiteX's loop:
 *   clock high, evaluate; the console takes the UART's byte (always ready, nothing to receive);
 *   clock low, evaluate.
 * Built with RTB_SIM_CLOCK_PREVIOUS (sim_build.py: a design with no falling-edge logic), the
 * falling edge's evaluation is left out: it would only record the low clock for the next rising
 * edge's trigger, and the loop records it in that same variable of the model's.
 * Cycles in which the SoC provably only waits are skipped exactly (idle_skip.h).
 * Set RTBENCH_SIM_STATS=FILE to append "cycles user_s sys_s skipped" for the run (speed
 * measurements; cycles counts the skipped ones too); RTBENCH_SIM_LINES=FILE to write each console
 * line with the cycle its first byte left the UART and the cycles skipped until then (where a
 * catalogue's cycles go: scripts/soc_cycles.py);
 * RTBENCH_SIM_MAX_CYCLES=N stops after N cycles (the model build's profiling run). */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <sys/resource.h>

#include "Vsim.h"
#include "Vsim___024root.h"
#include "idle_skip.h"
#include "verilated.h"

static void write_stats(std::uint64_t cycles, std::uint64_t skipped)
{
    const char *path = std::getenv("RTBENCH_SIM_STATS");
    if (path == nullptr || *path == '\0')
        return;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    FILE *out = std::fopen(path, "a");
    if (out == nullptr)
        return;
    std::fprintf(out, "%llu %ld.%06ld %ld.%06ld %llu\n", static_cast<unsigned long long>(cycles),
                 static_cast<long>(usage.ru_utime.tv_sec), static_cast<long>(usage.ru_utime.tv_usec),
                 static_cast<long>(usage.ru_stime.tv_sec), static_cast<long>(usage.ru_stime.tv_usec),
                 static_cast<unsigned long long>(skipped));
    std::fclose(out);
}

/* RTBENCH_SIM_LINES: "cycle skipped line" per console line. */
class LineStamps {
public:
    LineStamps() : out_(nullptr)
    {
        const char *path = std::getenv("RTBENCH_SIM_LINES");
        if (path != nullptr && *path != '\0')
            out_ = std::fopen(path, "a"); /* a run may start several images, one after another */
    }
    ~LineStamps()
    {
        if (out_ != nullptr)
            std::fclose(out_);
    }
    void byte(char c, std::uint64_t cycles, std::uint64_t skipped)
    {
        if (out_ == nullptr)
            return;
        if (line_.empty())
            line_ = std::to_string(cycles) + " " + std::to_string(skipped) + " ";
        line_ += c;
        if (c == '\n') {
            std::fputs(line_.c_str(), out_);
            line_.clear();
        }
    }

private:
    FILE *out_;
    std::string line_;
};

int main(int argc, char **argv)
{
    const std::unique_ptr<VerilatedContext> context{new VerilatedContext};
    context->commandArgs(argc, argv);
    const std::unique_ptr<Vsim> soc{new Vsim{context.get()}};
    const char *limit_text = std::getenv("RTBENCH_SIM_MAX_CYCLES");
    const std::uint64_t limit = limit_text ? std::strtoull(limit_text, nullptr, 10) : 0;
    std::uint64_t cycles = 0, skipped = 0;
    LineStamps stamps;
#ifdef RTB_SKIP_PC
    IdleSkip idle{*soc->rootp};
#endif
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
            stamps.byte(static_cast<char>(soc->serial_source_data), cycles, skipped);
        }
#ifdef RTB_SKIP_PC
        const std::uint64_t jump = idle.after_cycle(cycles);
        cycles += jump;
        skipped += jump;
#endif
        if (context->gotFinish() || (limit != 0 && cycles >= limit))
            break;
        soc->sys_clk = 0;
#ifdef RTB_SIM_CLOCK_PREVIOUS
        soc->rootp->RTB_SIM_CLOCK_PREVIOUS = 0;
#else
        soc->eval();
#endif
    }
    soc->final();
    std::fflush(stdout);
    write_stats(cycles, skipped);
    return 0;
}
