"""scripts/kernel_table.py: side-by-side medians of real runs' JSON."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rtbench.model import Run
from rtbench.report import result_row, run_to_json


def _table(repo_dir: Path, *files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(repo_dir / "scripts" / "kernel_table.py"), *map(str, files)],
                          capture_output=True, text=True)


def test_medians_side_by_side(tmp_path: Path, repo_dir: Path, catalogue_run: Run) -> None:
    path = tmp_path / "freertos.json"
    path.write_text(json.dumps(run_to_json(catalogue_run)))
    proc = _table(repo_dir, path, path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
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
    proc = _table(repo_dir, path)
    assert proc.returncode == 2 and "not a run" in proc.stderr
