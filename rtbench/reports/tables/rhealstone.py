# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Rhealstone composite of runs side by side (rtbench/analysis/rhealstone.py says how it is
computed), as a Markdown table: the six components' medians, their unweighted mean, and
Rhealstones per million units (the view `rhealstone`; scripts/rhealstone.py prints it):

    rhealstone RUN [RUN ...]     # run files (--json) or stored run ids
    rhealstone --home DIR 12 13  # ids from another workspace"""
from __future__ import annotations

from pathlib import Path

from ...analysis.rhealstone import COMPONENTS, composite
from ...results.runsource import load_run, run_name
from .arguments import runs_and_store


def table(specs: list[str], store: Path) -> str:
    runs = [load_run(spec, store) for spec in specs]
    composites = [composite(run) for run in runs]
    names = [run_name(run, spec) for run, spec in zip(runs, specs)]
    lines = ["| Rhealstone component | rtbench benchmark | " + " | ".join(names) + " |",
             "| --- | --- | " + " | ".join("---:" for _ in names) + " |"]
    for label, bench in COMPONENTS:
        lines.append(f"| {label} | {bench} | " + " | ".join(str(c.medians[bench]) for c in composites) + " |")
    lines.append("| **mean of the six (unweighted)** | | " + " | ".join(f"{c.mean:.1f}" for c in composites) + " |")
    lines.append("| **Rhealstones per million " + composites[0].unit + "** | | "
                 + " | ".join(f"{c.per_million:.1f}" for c in composites) + " |")
    return "\n".join(lines)


def render(argv: list[str]) -> str:
    runs, store = runs_and_store("rhealstone", "The Rhealstone composite of runs side by side.", argv)
    return table(runs, store)
