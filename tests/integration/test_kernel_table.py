# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The kernel_table view (rtbench/reports/tables/kernel_table.py): side-by-side medians of real runs'
JSON; scripts/kernel_table.py, thin over it, refuses a file that is not a run with exit status 2."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.errors import RtbenchError
from rtbench.model import Run
from rtbench.reports.report import result_row, run_to_json
from rtbench.reports.tables import kernel_table


def _table(*files: Path) -> list[str]:
    return kernel_table.render([str(file) for file in files]).splitlines()


def test_medians_side_by_side(tmp_path: Path, catalogue_run: Run) -> None:
    path = tmp_path / "freertos.json"
    path.write_text(json.dumps(run_to_json(catalogue_run)))
    lines = _table(path, path)
    kernel = catalogue_run.manifest["kernel"]
    assert lines[0] == f"| benchmark | unit | {kernel['name']} {kernel['version']} (default) | " \
                       f"{kernel['name']} {kernel['version']} (default) |"
    switch = next(r for r in catalogue_run.results if r.bench == "task_switch")
    median = result_row(switch)["p50"]
    assert f"| task_switch | instructions | {median:g} | {median:g} |" in lines
    assert sum(line.startswith("| tick_cost[tasks=") for line in lines) == 5
    assert any("tick_hz=100, asserts=0" in line and "mutex: inheritance" in line for line in lines)


def test_a_file_that_is_not_a_run_is_refused(tmp_path: Path, repo_dir: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text("[1, 2]")
    with pytest.raises(RtbenchError, match="not a run"):
        _table(path)
    proc = subprocess.run([sys.executable, str(repo_dir / "scripts" / "kernel_table.py"), str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "not a run" in proc.stderr and "Traceback" not in proc.stderr


def _fake_run(kernel: str, target: str, unit: str, variants: list[str] | None, medians: dict[str, int]) -> dict:
    """A minimal `rtbench run --json` document: one result per (benchmark, variant)."""
    settings = {"cpu_variant": variants} if variants else {}
    results = [{"bench": bench, "params": {"cpu_variant": v} if variants and len(variants) > 1 else {},
                "unit": unit, "status": "ok", "p50": median * (i + 1), "notes": []}
               for bench, median in medians.items() for i, v in enumerate(variants or [""])]
    results.append({"bench": "footprint", "params": {"part": "kernel"}, "unit": "bytes", "status": "ok",
                     "p50": 100, "notes": []})
    return {"manifest": {"target": target, "profile": "default", "target_settings": settings,
                         "kernel": {"name": kernel, "version": "V1", "config": {}},
                         "compiler": {"opt_flags": "-O2"}},
            "results": results}


def test_variants_get_a_column_each_grouped_by_platform(tmp_path: Path) -> None:
    runs = [_fake_run("A", "qemu-m3", "instructions", None, {"sem_take": 10}),
            _fake_run("B", "qemu-m3", "instructions", None, {"sem_take": 20}),
            _fake_run("A", "vexriscv-sim", "cycles", ["minimal", "standard"], {"sem_take": 30}),
            _fake_run("B", "vexriscv-sim", "cycles", ["minimal", "standard"], {"sem_take": 40})]
    paths = []
    for i, run in enumerate(runs):
        paths.append(tmp_path / f"{i}.json")
        paths[-1].write_text(json.dumps(run))
    lines = _table(*paths)
    assert lines[0] == ("| benchmark | unit | A V1 (default), qemu-m3 | B V1 (default), qemu-m3 | "
                        "A V1 (default), vexriscv-sim minimal | B V1 (default), vexriscv-sim minimal | "
                        "A V1 (default), vexriscv-sim standard | B V1 (default), vexriscv-sim standard |")
    assert "| sem_take | instructions, cycles | 10 | 20 | 30 | 40 | 60 | 80 |" in lines
    # A result of the image itself (no variant parameter) belongs to every variant's column.
    assert "| footprint[part=kernel] | bytes | 100 | 100 | 100 | 100 | 100 | 100 |" in lines
    assert "- A V1 (default) on vexriscv-sim: tick_hz=?, asserts=?, trace_facility=?, time_slicing=?, -O2" in lines
