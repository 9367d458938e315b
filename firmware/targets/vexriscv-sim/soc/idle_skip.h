/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Skips cycles in which the SoC provably only waits: the CPU spins in a loop (a kernel's idle
 * task) and nothing but the SoC's counters changes, so the simulator can move the counters on by
 * a whole number of the loop's periods instead of simulating them, stopping short of the next
 * event. Every sample stays what cycle-by-cycle simulation gives (docs/guides/speed.md).
 *
 * The argument, for the model's whole state (its root object, after inlining):
 *   - Two consecutive periods of P cycles are observed. Outside the counters (the cycle counter,
 *     timer0's value, and the copies Verilator may keep for their non-blocking updates) the state
 *     at their ends is byte for byte the state at their start, and each counter moved by the same
 *     amount in both periods. No register of the SoC was accessed in them (the CSR bridge stayed
 *     idle), so no counter value was read into the rest of the state.
 *   - The counters reach the rest of the SoC only through registers read by the CPU and two
 *     comparisons: timer0's value reaching zero (its event) and the cycle counter reaching the
 *     interrupt timer's compare value (its `due`, whose sign flips at compare and compare + 2^31).
 *   - So each further period repeats the observed one exactly until a comparison changes. The
 *     skip stops a margin of periods before the earliest such point; the simulation then goes on
 *     cycle by cycle through the event.
 * sim_build.py finds the fields by name in the generated model (rtb_sim_fields.h); without all of
 * them (another CPU, another SoC) nothing is skipped. RTBENCH_SIM_NO_SKIP=1 turns it off. */
#ifndef RTB_IDLE_SKIP_H
#define RTB_IDLE_SKIP_H

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "Vsim___024root.h"

#if __has_include("rtb_sim_fields.h")
#include "rtb_sim_fields.h"
#endif

#ifdef RTB_SKIP_PC

class IdleSkip {
public:
    explicit IdleSkip(Vsim___024root &root) : root_(root)
    {
        const char *off = std::getenv("RTBENCH_SIM_NO_SKIP");
        enabled_ = off == nullptr || *off == '\0' || *off == '0';
        add(&root_.RTB_SKIP_COUNT, sizeof root_.RTB_SKIP_COUNT);
        add(&root_.RTB_SKIP_TIMER_VALUE, sizeof root_.RTB_SKIP_TIMER_VALUE);
#ifdef RTB_SKIP_COUNT_COPY
        add(&root_.RTB_SKIP_COUNT_COPY, sizeof root_.RTB_SKIP_COUNT_COPY);
#endif
#ifdef RTB_SKIP_TIMER_VALUE_COPY
        add(&root_.RTB_SKIP_TIMER_VALUE_COPY, sizeof root_.RTB_SKIP_TIMER_VALUE_COPY);
#endif
        std::sort(fields_.begin(), fields_.end(), [](const Field &x, const Field &y) { return x.offset < y.offset; });
    }

    /* After the rising edge of cycle `cycles`: returns the cycles skipped (added to the model's
     * counters), usually 0. */
    std::uint64_t after_cycle(std::uint64_t cycles)
    {
        if (!enabled_)
            return 0;
        pcs_[cycles % RING] = root_.RTB_SKIP_PC;
        if (watching_ == 0) {
            if (cycles % CHECK_EVERY == 0 && horizon() > MIN_SKIP * 2)
                start(cycles);
            return 0;
        }
        return watch(cycles);
    }

private:
    static constexpr unsigned RING = 256, MAX_PERIOD = 64, CHECK_EVERY = 1024;
    static constexpr std::uint64_t MIN_SKIP = 1024;
    struct Field { std::size_t offset, size; };

    void add(const void *field, std::size_t size)
    {
        fields_.push_back({static_cast<std::size_t>(static_cast<const char *>(field) -
                                                    reinterpret_cast<const char *>(&root_)), size});
    }

    /* The smallest P for which the last RING PCs repeat with period P, or 0. */
    unsigned pc_period(std::uint64_t cycles) const
    {
        for (unsigned period = 1; period <= MAX_PERIOD; period++) {
            unsigned i = 0;
            while (i + period < RING && pcs_[(cycles - i) % RING] == pcs_[(cycles - i - period) % RING])
                i++;
            if (i + period == RING)
                return period;
        }
        return 0;
    }

    void start(std::uint64_t cycles)
    {
        period_ = pc_period(cycles);
        if (period_ == 0)
            return;
        std::memcpy(regs_, &root_.RTB_SKIP_REGS, sizeof regs_);
        watching_ = 1;
        mark_ = cycles;
    }

    void snapshot(std::vector<unsigned char> &into) const
    {
        into.resize(sizeof root_);
        std::memcpy(into.data(), &root_, sizeof root_);
    }

    /* Stage 1 (one period): the CPU's registers came back (cheap, rules out most busy loops).
     * Stages 2-3: full snapshots one and two periods later. */
    std::uint64_t watch(std::uint64_t cycles)
    {
        if (root_.RTB_SKIP_CSR_BUSY) {
            watching_ = 0;
            return 0;
        }
        if (cycles - mark_ != period_)
            return 0;
        mark_ = cycles;
        if (watching_ == 1) {
            watching_ = std::memcmp(regs_, &root_.RTB_SKIP_REGS, sizeof regs_) == 0 ? 2 : 0;
            if (watching_)
                snapshot(first_);
            return 0;
        }
        if (watching_ == 2) {
            snapshot(second_);
            watching_ = 3;
            return 0;
        }
        watching_ = 0;
        return skip();
    }

    static std::uint64_t read(const unsigned char *base, const Field &f)
    {
        std::uint64_t value = 0;
        std::memcpy(&value, base + f.offset, f.size); /* little-endian host */
        return value;
    }

    static std::uint64_t mask(const Field &f)
    {
        return f.size >= 8 ? ~0ull : (1ull << (8 * f.size)) - 1;
    }

    /* Cycles until the first comparison on a counter can change (0: unknown, do not skip). */
    std::uint64_t horizon() const
    {
        const std::uint64_t never = ~0ull;
        std::uint64_t until = never;
        if (root_.RTB_SKIP_TIMER_EN)
            until = root_.RTB_SKIP_TIMER_VALUE; /* timer0 counts down to its event at zero */
        const std::uint32_t ahead = root_.RTB_SKIP_IRQ_COMPARE - root_.RTB_SKIP_COUNT;
        const std::uint32_t sign_flip = ahead - 0x80000000u;
        for (std::uint32_t distance : {ahead, sign_flip})
            if (distance != 0 && distance < until)
                until = distance;
        if (ahead == 0 || sign_flip == 0)
            return 0;
        return until;
    }

    std::uint64_t skip()
    {
        const unsigned char *a = first_.data(), *b = second_.data();
        const auto *c = reinterpret_cast<const unsigned char *>(&root_);
        std::vector<std::uint64_t> step(fields_.size());
        for (std::size_t i = 0; i < fields_.size(); i++) {
            const Field &f = fields_[i];
            step[i] = (read(b, f) - read(a, f)) & mask(f);
            if (((read(c, f) - read(b, f)) & mask(f)) != step[i])
                return 0; /* not moving steadily */
        }
        if (!same_outside_counters(a, b) || !same_outside_counters(b, c))
            return 0;
        const std::uint64_t until = horizon();
        const std::uint64_t margin = 4ull * period_ + 64;
        if (until <= margin + MIN_SKIP)
            return 0;
        const std::uint64_t periods = (until - margin) / period_;
        auto *state = reinterpret_cast<unsigned char *>(&root_);
        for (std::size_t i = 0; i < fields_.size(); i++) {
            const Field &f = fields_[i];
            const std::uint64_t value = (read(state, f) + periods * step[i]) & mask(f);
            std::memcpy(state + f.offset, &value, f.size);
        }
        return periods * period_;
    }

    bool same_outside_counters(const unsigned char *x, const unsigned char *y) const
    {
        std::size_t at = 0;
        for (const Field &f : fields_) { /* fields_ is in ascending offset order */
            if (f.offset > at && std::memcmp(x + at, y + at, f.offset - at) != 0)
                return false;
            at = f.offset + f.size > at ? f.offset + f.size : at;
        }
        return std::memcmp(x + at, y + at, sizeof root_ - at) == 0;
    }

    Vsim___024root &root_;
    bool enabled_ = true;
    std::vector<Field> fields_;
    std::uint32_t pcs_[RING] = {};
    unsigned char regs_[sizeof(Vsim___024root::RTB_SKIP_REGS)] = {};
    unsigned watching_ = 0, period_ = 0;
    std::uint64_t mark_ = 0;
    std::vector<unsigned char> first_, second_;
};

#endif /* RTB_SKIP_PC */
#endif /* RTB_IDLE_SKIP_H */
