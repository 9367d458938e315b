# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Analyses across hardware variants of a run: the cache study (each benchmark's speed-up over
the cache-less variant next to a CPU-bound reference workload's) and deadline sizing (the worst
observed cycles of a chain of steps, and the minimum clock that meets a deadline)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..acquire import durations
from ..errors import RtbenchError
from ..model import Result, Run
from ..results.runsource import run_title
from ..results.stats import median
from ..results.tables import Column, Table, as_text, cell

REFERENCE = "cpu_reference"


def result_variant(run: Run, result: Result, option: str = "cpu_variant") -> str | None:
    """The hardware variant a result was measured on: its parameter, else the run's only one."""
    if option in result.params:
        return str(result.params[option])
    single = run.manifest.get("target_settings", {}).get(option)
    return single if isinstance(single, str) else None


def _label(result: Result, option: str) -> str:
    params = {k: v for k, v in result.params.items() if k != option}
    return result.bench + ("[" + ",".join(f"{k}={v}" for k, v in sorted(params.items())) + "]" if params else "")


def by_variant(run: Run, option: str = "cpu_variant") -> dict[str, dict[str, Result]]:
    """{variant: {benchmark label without the variant: result}} for the run's ok cycle results."""
    table: dict[str, dict[str, Result]] = {}
    for result in run.results:
        variant = result_variant(run, result, option)
        if variant is None or result.status != "ok" or result.unit != "cycles":
            continue
        table.setdefault(variant, {})[_label(result, option)] = result
    return table


@dataclass
class CacheRow:
    label: str
    medians: dict[str, float]  # per variant
    gains: dict[str, float]    # baseline median / variant median


def cache_study(run: Run, baseline: str, option: str = "cpu_variant") -> tuple[list[str], list[CacheRow]]:
    """Per benchmark, the (nearest-rank) median per variant and the speed-up over `baseline`."""
    table = by_variant(run, option)
    if baseline not in table or len(table) < 2:
        raise RtbenchError(f"the cache study needs a run on the '{baseline}' variant and at least one other",
                           f"rtbench run --target vexriscv-sim --cpu-variant {baseline},lite,standard")
    variants = [v for v in run.manifest.get("target_settings", {}).get(option, []) if v in table] or sorted(table)
    rows = []
    for label in table[baseline]:
        medians = {v: float(median(table[v][label].samples())) for v in variants if label in table[v]}
        base_median = medians[baseline]
        gains = {v: base_median / m for v, m in medians.items() if m > 0 and base_median > 0}
        rows.append(CacheRow(label, medians, gains))
    return variants, rows


def cache_table(variants: list[str], rows: list[CacheRow], baseline: str) -> str:
    reference = next((r for r in rows if r.label == REFERENCE), None)
    others = [v for v in variants if v != baseline]
    columns = [Column("benchmark", "benchmark"), Column(f"{baseline}_cycles", f"{baseline} cycles", "number")]
    columns += [Column(f"{v}_cycles", f"{v} cycles", "number") for v in others]
    columns += [Column(f"{v}_gain", f"{v} gain", "number") for v in others]
    if reference:
        columns += [Column(f"{v}_vs_ref", f"{v} vs ref", "number") for v in others]
    table = Table(columns)
    for row in rows:
        cells = [cell(row.label), cell(row.medians[baseline], f"{row.medians[baseline]:.0f}")]
        cells += [cell(row.medians.get(v), f"{row.medians[v]:.0f}" if v in row.medians else "-") for v in others]
        cells += [cell(row.gains.get(v), f"{row.gains[v]:.2f}x" if v in row.gains else "-") for v in others]
        if reference:
            relative = {v: row.gains[v] / reference.gains[v] for v in others if v in row.gains and v in reference.gains}
            cells += [cell(relative.get(v), f"{relative[v]:.2f}" if v in relative else "-") for v in others]
        table.add(cells)
    out = as_text.render(table)
    if reference:
        gains = ", ".join(f"{v} {reference.gains[v]:.2f}x" for v in others if v in reference.gains)
        out += (f"\nreference workload ({REFERENCE}) gain over {baseline}: {gains}. 'vs ref' = the benchmark's gain "
                f"divided by the reference's: below 1, the kernel path profits less from the caches than plain code.")
    return out


@dataclass
class DeadlineRow:
    variant: str
    steps: dict[str, int]  # worst observed cycles per step
    worst: int
    min_clock_hz: float
    share: float | None    # of the budget at the nominal clock


def _resolve(step: str, labels: set[str]) -> str:
    """A chain step as a result label: a benchmark's name alone stands for its one parameter set,
    or for its busiest (the most background `tasks`) when it has several."""
    if step in labels:
        return step
    found = sorted((label for label in labels if label.startswith(step + "[")),
                   key=lambda label: int(m.group(1)) if (m := re.search(r"tasks=(\d+)", label)) else 0)
    return found[-1] if found and (len(found) == 1 or all("tasks=" in f for f in found)) else step


def deadline(run: Run, chain: list[str], deadline_s: float, clock_hz: float | None,
             option: str = "cpu_variant") -> list[DeadlineRow]:
    table = by_variant(run, option)
    if not table:
        raise RtbenchError("the run has no results in cycles per variant", "run it on vexriscv-sim first")
    labels = {label for results in table.values() for label in results}
    chain = [_resolve(step, labels) for step in chain]
    rows = []
    for variant, results in table.items():
        missing = [step for step in chain if step not in results]
        if missing:
            raise RtbenchError(f"{run_title(run)} has no ok result for {', '.join(missing)} on {variant}",
                               "run the chain's benchmarks first, e.g. rtbench run --target vexriscv-sim "
                               f"--cpu-variant {variant} --bench {','.join(chain)}")
        steps = {step: max(results[step].samples()) for step in chain}
        worst = sum(steps.values())
        share = worst / (deadline_s * clock_hz) if clock_hz else None
        rows.append(DeadlineRow(variant, steps, worst, worst / deadline_s, share))
    order = run.manifest.get("target_settings", {}).get(option)
    if isinstance(order, list):
        rows.sort(key=lambda r: order.index(r.variant) if r.variant in order else len(order))
    return rows


def deadline_table(rows: list[DeadlineRow], chain: list[str], deadline_s: float, clock_hz: float | None) -> str:
    chain = list(rows[0].steps) if rows else chain  # the steps as deadline() resolved them
    columns = [Column("variant", "variant")] + [Column(f"{s}_worst", f"{s} worst", "number") for s in chain]
    columns += [Column("chain_worst_cycles", "chain worst cycles", "number"),
                Column("min_clock_hz", "min clock", "number")]
    if clock_hz:
        columns += [Column("budget_share", f"kernel share of budget @ {clock_hz / 1e6:g} MHz", "number"),
                    Column("meets", "meets it", "number")]
    table = Table(columns)
    for row in rows:
        cells = [cell(row.variant)] + [cell(row.steps[s]) for s in chain]
        cells += [cell(row.worst), cell(row.min_clock_hz, f"{row.min_clock_hz / 1e6:.3f} MHz")]
        if clock_hz and row.share is not None:
            meets = row.share <= 1
            cells += [cell(row.share, f"{100 * row.share:.1f} %"), cell(meets, "yes" if meets else "no")]
        elif clock_hz:
            cells += [cell(None), cell(None)]
        table.add(cells)
    return (f"deadline {deadline_s * 1e6:g} us for the chain {' -> '.join(chain)} (worst observed cycles, "
            "summed over the steps)\n" + as_text.render(table) +
            "\nworst observed, not a proven bound: more samples or other interference can exceed it")


def parse_duration(text: str) -> float:
    """'220us', '1.5ms', '2s', '500ns' -> seconds (rtbench's one duration syntax)."""
    if re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", text):
        raise RtbenchError(f"'{text}' is not a duration: it has no unit", "write it like 220us, 1.5ms or 2s")
    return durations.seconds(text, "the duration")


def latest_with(runs: list[dict[str, Any]], target: str) -> int | None:
    ids = [row["id"] for row in runs if row.get("target") == target]
    return max(ids) if ids else None
