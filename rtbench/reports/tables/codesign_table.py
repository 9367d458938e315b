# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The co-designed kernel beside software FreeRTOS and beside the co-design study (Pereira et
al.: vTaskSwitchContext 46 cycles, standard deviation 0, at 5/10/15 tasks in hardware; 86-90
cycles, standard deviation about 14, in software): per benchmark and number of tasks N, median,
mean and standard deviation in cycles of two runs (rtbench run --json), and the ratio of means
(the view `codesign_table`; scripts/codesign_table.py prints it):

    codesign_table sw.json cd.json"""
from __future__ import annotations

from typing import Any

from ...results.split import row_split
from ...results.tables import as_markdown
from .arguments import two_runs
from .hwsched_table import by_tasks, mean_ratio

BENCHES = (("sched_decision_prio", "decision, distinct priorities (suspend/resume)"),
           ("sched_decision", "decision, equal priorities (yield)"),
           ("tick_cost", "tick with N sleepers"),
           ("delay_block", "going to sleep with N sleepers"))
STUDY = {"sched_decision_prio": "46 / 0 (SW 86-90 / ~14)"}  # the study's hardware mean / SD (software)


def _cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "—"
    if row["status"] != "ok":
        return str(row["status"])
    split = row_split(row)  # a split median shows both values, never one a few samples flip
    median = as_markdown.escape(split.text(lambda v: f"{v:.0f}")) if split else f"{row['p50']:.0f}"
    return f"{median} / {row['mean']:.1f} / {row['stddev']:.1f}"


def table(software: dict[str, Any], codesign: dict[str, Any]) -> str:
    lines = [(f"Median / mean / standard deviation in cycles; SW = {software['manifest']['os']}, "
              f"CD = {codesign['manifest']['os']}; ratio = SW mean / CD mean."), "",
             "| benchmark | N | SW | CD | ratio | study (HW / SD) |", "| --- | --- | --- | --- | --- | --- |"]
    for bench, title in BENCHES:
        sw_rows, cd_rows = by_tasks(software, bench), by_tasks(codesign, bench)
        for n in sorted(set(sw_rows) | set(cd_rows)):
            sw, cd = sw_rows.get(n), cd_rows.get(n)
            ratio = mean_ratio(sw, cd)
            study = STUDY.get(bench, "") if n in (5, 10, 15) else ""
            lines.append(f"| {title} | {n} | {_cell(sw)} | {_cell(cd)} | {ratio} | {study} |")
    return "\n".join(lines)


def render(argv: list[str]) -> str:
    software, codesign, _ = two_runs(
        "codesign_table", "The co-designed kernel beside software FreeRTOS and the study.", argv,
        ("software", "software FreeRTOS's run (JSON)"), ("codesign", "freertos-codesign's run (JSON)"))
    return table(software, codesign)
