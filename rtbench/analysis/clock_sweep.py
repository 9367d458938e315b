# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The emulation study's clock sweep (Weiss et al., Figure 6): for a reaction chain measured in
cycles on every CPU configuration of a run, the time it takes over the time it may take, against
the clock, and the share of the chain that is the RTOS's (everything but the application work)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..acquire import frequencies
from ..errors import RtbenchError
from ..model import Result, Run, result_label
from ..results.runsource import run_title
from ..results.stats import median
from ..results.tables import Column, Table, as_text, cell
from .variants import by_variant

CHAIN = "reaction_chain"
WORK_PHASE = "work"
_PHASE = re.compile(r"phase (\w+): (-?[0-9.]+) ")


@dataclass
class SweepRow:
    variant: str
    worst: int            # cycles
    median: float         # cycles
    phases: dict[str, float]  # mean cycles per stage, as the firmware reported them
    points: list[tuple[float, float, float]]  # (clock Hz, worst / budget, median / budget)
    min_clock_hz: float   # the worst chain just meets the deadline

    @property
    def rtos_share(self) -> float | None:
        """The RTOS's share of the mean chain: 1 - the mean application work / the mean chain."""
        total = sum(self.phases.values())
        if WORK_PHASE not in self.phases or total <= 0:
            return None
        return 1.0 - self.phases[WORK_PHASE] / total


def parse_sweep(text: str) -> list[float]:
    """'25MHz:80MHz' (steps of 5 MHz) or '25MHz:80MHz:1MHz' -> the clocks in Hz, both ends included."""
    parts = text.split(":")
    if len(parts) not in (2, 3):
        raise RtbenchError(f"--sweep '{text}' is not LOW:HIGH or LOW:HIGH:STEP", "e.g. --sweep 25MHz:80MHz")
    low, high = (frequencies.clock(part, "--sweep") for part in parts[:2])
    step = frequencies.parse(parts[2], "--sweep's STEP") if len(parts) == 3 else 5e6
    if high <= low:
        raise RtbenchError(f"--sweep '{text}': the upper clock must be above the lower", "e.g. --sweep 25MHz:80MHz")
    count = int((high - low) / step + 1e-9) + 1
    if count > 1000:
        raise RtbenchError(f"--sweep '{text}' has {count} steps", "use a coarser STEP (at most 1000 clocks)")
    clocks = [low + i * step for i in range(count)]
    return clocks if clocks[-1] >= high - 1e-6 else clocks + [high]


def phases(result: Result) -> dict[str, float]:
    """The phases a benchmark reported with its result (notes 'phase NAME: VALUE UNIT')."""
    found: dict[str, float] = {}
    for note in result.notes:
        match = _PHASE.match(note)
        if match:
            found[match.group(1)] = float(match.group(2))
    return found


def chain_label(run: Run, chain: str | None) -> str:
    """The chain to sweep: the one given, else the reaction_chain with the most background tasks."""
    labels = {label for results in by_variant(run).values() for label in results}
    if chain is not None and chain in labels:
        return chain
    # A benchmark's name alone (`--chain reaction_chain`) stands for its busiest parameter set.
    wanted = chain or CHAIN
    candidates = [r for r in run.results if r.bench == wanted and r.status == "ok"]
    if chain is not None and not candidates:
        raise RtbenchError(f"{run_title(run)} has no ok cycle result '{chain}'",
                           f"one of: {', '.join(sorted(labels)) or '(none)'}")
    if not candidates:
        raise RtbenchError(f"{run_title(run)} has no ok {CHAIN} result",
                           f"rtbench run --target vexriscv-sim --cpu-variant minimal,lite,standard --bench {CHAIN}")
    busiest = max(candidates, key=lambda r: int(r.params.get("tasks", 0)))
    return result_label(wanted, {k: v for k, v in busiest.params.items() if k != "cpu_variant"})


def sweep(run: Run, chain: str, deadline_s: float, clocks: list[float]) -> list[SweepRow]:
    table = by_variant(run)
    rows = []
    for variant, results in table.items():
        result = results.get(chain)
        if result is None:
            continue
        samples = result.samples()
        worst, mid = max(samples), float(median(samples))
        points = [(f, worst / (deadline_s * f), mid / (deadline_s * f)) for f in clocks]
        rows.append(SweepRow(variant, worst, mid, phases(result), points, worst / deadline_s))
    if not rows:
        raise RtbenchError(f"{run_title(run)} has no '{chain}' result in cycles", "run it on vexriscv-sim first")
    order = run.manifest.get("target_settings", {}).get("cpu_variant")
    if isinstance(order, list):
        rows.sort(key=lambda r: order.index(r.variant) if r.variant in order else len(order))
    return rows


def _mhz(hz: float) -> str:
    return f"{hz / 1e6:g} MHz"


def sweep_table(rows: list[SweepRow], chain: str, deadline_s: float) -> str:
    """Per configuration: worst and median, the minimum clock, the RTOS's share and the stages;
    then the used/available ratio (worst case) per clock."""
    stages = list(dict.fromkeys(name for row in rows for name in row.phases))
    head = Table([Column("variant", "configuration"), Column("worst", "worst cycles", "number"),
                  Column("median", "median cycles", "number"), Column("min_clock", "min clock (worst)", "number"),
                  Column("rtos_share", "RTOS share", "number")]
                 + [Column(f"phase_{s}", f"{s} (mean)", "number") for s in stages])
    for row in rows:
        share = row.rtos_share
        head.add([cell(row.variant), cell(row.worst), cell(row.median, f"{row.median:.0f}"),
                  cell(row.min_clock_hz, f"{row.min_clock_hz / 1e6:.1f} MHz"),
                  cell(share, "-" if share is None else f"{100 * share:.0f} %")]
                 + [cell(row.phases.get(s), f"{row.phases[s]:.0f}" if s in row.phases else "-") for s in stages])
    ratio = Table([Column("clock", "clock", "number")]
                  + [Column(f"{row.variant}_ratio", f"{row.variant} used/available", "number") for row in rows])
    for i, (clock_hz, _, _) in enumerate(rows[0].points):
        ratio.add([cell(clock_hz, _mhz(clock_hz))]
                  + [cell(row.points[i][1], f"{row.points[i][1]:.2f}" + (" *" if row.points[i][1] > 1 else ""))
                     for row in rows])
    return (f"{chain}: deadline {deadline_s * 1e6:g} us; cycles per CPU configuration, RTOS share = 1 - the "
            "mean application work (phase 'work') / the mean chain\n" + as_text.render(head)
            + "\n\nused/available = worst observed chain / (deadline x clock); * = misses the deadline\n"
            + as_text.render(ratio)
            + "\nworst observed, not a proven bound: more samples or other interference can exceed it")
