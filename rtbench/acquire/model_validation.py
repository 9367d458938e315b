# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The timing model's validation run, measured: the TRM's cases (model_cases.py) and CoreMark and
Dhrystone (model_programs.py) on every modelled core, as one run. reports/model_validation.py
stores it as docs/reference/cycle-model/validation.json.gz and checks it exactly.

Each case is a result `trm_<case>` and each program a result `coremark` or `dhrystone` with the
core (and the program's compiler flags) as parameters, in the core's model cycles: one sample,
the cycles. A program's notes give its iterations and instructions, from which its CoreMark/MHz
or DMIPS/MHz follows."""
from __future__ import annotations

import datetime
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..model import Result, Run, Scale
from . import cycle_model, model_cases, model_programs

# The flag sets the programs are built with: rtbench's default, and one tuned for speed (CoreMark),
# or within Dhrystone's ground rules (no inlining).
FLAGS = {"coremark": ("-O2", "-O3 -funroll-all-loops -finline-functions -finline-limit=1000"),
         "dhrystone": ("-O2", "-O2 -fno-inline")}


def _result(bench: str, params: dict[str, Any], core: str, cycles: int, notes: list[str]) -> Result:
    unit = cycle_model.CycleModel(core).unit
    return Result(bench=bench, params=params, unit=unit, status="ok", notes=notes, raw_samples=[cycles],
                  scale=Scale(unit), iterations=1)


def _cases(core: str, directory: Path) -> list[Result]:
    measured = model_cases.measure(core, directory)
    return [_result(f"trm_{case.name}", {"core": core}, core, measured[case.name], [case.what])
            for case in model_cases.cases() if case.runs_on(core)]


def _programs(core: str, sources: dict[str, Path], directory: Path) -> list[Result]:
    results = []
    for program, folder in sources.items():
        for flags in FLAGS[program]:
            found = model_programs.measure(program, folder, core, directory, flags)
            notes = [f"iterations={found.iterations}", f"instructions={found.instructions}"]
            results.append(_result(program, {"core": core, "flags": flags}, core, found.cycles, notes))
    return results


def _tool_version(command: str) -> str:
    try:
        return subprocess.run([command, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "unknown"


def measure(sources: dict[str, Path], directory: Path, progress: Callable[[str], None]) -> Run:
    """Every core's cases and programs under the model: the run (reports/model_validation.py
    makes it the stored document)."""
    results: list[Result] = []
    for core in model_cases.cores():
        progress(f"{core}: the TRM's cases")
        results += _cases(core, directory)
        if sources:
            progress(f"{core}: " + ", ".join(sources))
            results += _programs(core, sources, directory)
    files = {"coremark": model_programs.COREMARK_FILES, "dhrystone": model_programs.DHRYSTONE_FILES}
    target = model_cases.target_of("cortex-m3")
    manifest = {
        "kind": "cycle-model-validation",
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "unit": "model cycles",
        "unit_note": "cycles of rtbench's Cortex-M timing model, per core (docs/guides/cycle-model.md)",
        "cycle_model": {k: v for k, v in cycle_model.CycleModel("cortex-m3").manifest().items()
                        if k in ("version", "table_sha256", "plugin_sha256")},
        "programs": {name: {"sources_sha256": model_programs.identity(folder, files[name]),
                            "iterations": model_programs.COREMARK_ITERATIONS if name == "coremark"
                            else model_programs.DHRYSTONE_RUNS} for name, folder in sources.items()},
        "tools": {"compiler": _tool_version(str(target.spec["compiler"])),
                  "emulator": _tool_version(str(target.spec["qemu"]["binary"]))},
    }
    return Run(manifest=manifest, results=results)
