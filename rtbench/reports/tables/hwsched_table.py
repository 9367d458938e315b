# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The software-vs-hardware scheduler table, in the shape of the published one (the view
`hwsched_table`; scripts/hwsched_table.py prints it): the switch decision (sched_decision) and
the tick (tick_cost) per number of tasks N, plus going to sleep (delay_block), where the timer
bank replaces a sorted-list insertion; mean and standard deviation in cycles, for a software run
and a hardware run (rtbench run --json):

    hwsched_table sw.json hw.json [--cpu-variant V]

A run of several CPU variants (--cpu-variant minimal,standard) is read one variant at a time:
--cpu-variant V keeps its results on V (and a single-variant run's, which carry no variant)."""
from __future__ import annotations

from typing import Any

from ...errors import RtbenchError
from .arguments import two_runs

BENCHES = (("sched_decision", "switch decision"), ("tick_cost", "tick"), ("delay_block", "going to sleep"))


def by_tasks(run: dict[str, Any], bench: str, variant: str | None = None) -> dict[int, dict[str, Any]]:
    """The run's results of `bench`, by their `tasks` parameter; with `variant`, only those on
    that CPU variant (a result without a `cpu_variant` parameter counts as on every variant)."""
    return {int(row["params"]["tasks"]): row for row in run["results"]
            if row["bench"] == bench and "tasks" in row["params"]
            and (variant is None or str(row["params"].get("cpu_variant", variant)) == variant)}


def _cells(row: dict[str, Any] | None) -> list[str]:
    if row is None:
        return ["—", "—"]
    if row["status"] != "ok":
        return [row["status"], ""]
    return [f"{row['mean']:.1f}", f"{row['stddev']:.1f}"]


def mean_ratio(sw: dict[str, Any] | None, hw: dict[str, Any] | None) -> str:
    """Software's mean over the other kernel's, where both are ok."""
    if not sw or not hw or sw["status"] != "ok" or hw["status"] != "ok" or not hw["mean"]:
        return "—"
    return f"{sw['mean'] / hw['mean']:.2f}x"


def table(software: dict[str, Any], hardware: dict[str, Any], variant: str | None = None) -> str:
    unit = next((row["unit"] for row in software["results"] if row["bench"] in dict(BENCHES)), "cycles")
    head = ["N"]
    for _bench, title in BENCHES:
        head += [f"{title} SW mean", "SW SD", "HW mean", "HW SD", "SW/HW"]
    on = f"; CPU variant `{variant}`." if variant else "."
    lines = [(f"Mean and standard deviation in {unit}; SW = {software['manifest']['os']}, "
              f"HW = {hardware['manifest']['os']}{on}"), "", "| " + " | ".join(head) + " |",
             "|" + " --- |" * len(head)]
    sw_rows = {bench: by_tasks(software, bench, variant) for bench, _ in BENCHES}
    hw_rows = {bench: by_tasks(hardware, bench, variant) for bench, _ in BENCHES}
    counts = sorted({n for rows in (*sw_rows.values(), *hw_rows.values()) for n in rows if n > 0})
    if not counts:
        raise RtbenchError("neither run has sched_decision, tick_cost or delay_block results with a `tasks` parameter")
    for n in counts:
        cells = [str(n)]
        for bench, _title in BENCHES:
            sw, hw = sw_rows[bench].get(n), hw_rows[bench].get(n)
            cells += _cells(sw) + _cells(hw) + [mean_ratio(sw, hw)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def render(argv: list[str]) -> str:
    software, hardware, variant = two_runs(
        "hwsched_table", "The software-vs-hardware scheduler table.", argv,
        ("software", "the software kernel's run (JSON)"), ("hardware", "the hardware-scheduler kernel's run (JSON)"),
        (None, "only the results on this CPU variant"))
    return table(software, hardware, variant)
