# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`boot_time`'s phases of runs side by side, as a Markdown table (the view `boot_phases`;
scripts/boot_phases.py prints it):

    boot_phases freertos.json ucos2.json threadx.json
    boot_phases --home DIR 12 13     # stored run ids of another workspace

`boot_time`'s notes hold its phases ("phase c_runtime: 15750 instructions"): one row per phase,
in the order the image reports them, then the total (the result's median; one sample). One column
per run, named by its kernel and version. A run without `boot_time`, or without phases, shows —."""
from __future__ import annotations

import re
from pathlib import Path

from ...model import Run
from ...results.runsource import load_run
from .arguments import runs_and_store

PHASE = re.compile(r"^phase (\w+): (-?\d+) (\w+)$")
MISSING = "—"


def phases(run: Run) -> tuple[dict[str, int], str | None, int | None]:
    """The phases of a run's boot_time (name -> figure), their unit, and the total."""
    boot = next((r for r in run.results if r.bench == "boot_time" and r.status == "ok"), None)
    if boot is None:
        return {}, None, None
    found, unit = {}, None
    for note in boot.notes:
        if (match := PHASE.match(note)):
            found[match.group(1)] = int(match.group(2))
            unit = match.group(3)
    samples = boot.samples()
    return found, unit or boot.unit, (samples[0] if samples else None)


def column_name(run: Run, spec: str) -> str:
    kernel = run.manifest.get("kernel") or {}
    name = f"{kernel.get('name', '')} {kernel.get('version', '')}".strip()
    return name or Path(spec).name


def table(specs: list[str], store: Path) -> str:
    runs = [load_run(spec, store) for spec in specs]
    found = [phases(run) for run in runs]
    order: list[str] = []
    for each, _, _ in found:
        order += [name for name in each if name not in order]
    units = sorted({unit for _, unit, _ in found if unit})
    lines = [f"| phase ({', '.join(units) or 'unit'}) | "
             + " | ".join(column_name(run, spec) for run, spec in zip(runs, specs)) + " |",
             "| --- | " + " | ".join("---:" for _ in runs) + " |"]
    for name in order:
        lines.append(f"| {name} | " + " | ".join(str(each.get(name, MISSING)) for each, _, _ in found) + " |")
    lines.append("| boot_time | " + " | ".join(MISSING if total is None else str(total)
                                                for _, _, total in found) + " |")
    return "\n".join(lines)


def render(argv: list[str]) -> str:
    runs, store = runs_and_store("boot_phases", "`boot_time`'s phases of runs side by side, as a Markdown table.", argv)
    return table(runs, store)
