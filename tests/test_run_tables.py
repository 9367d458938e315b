# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The run_tables view (rtbench/reports/tables/run_tables.py) on stored reference runs: the
variants table of a run with several CPU variants (one column per variant, the statuses counted
from the run, every failure listed) and the clocks table; scripts/run_tables.py, thin over it,
refuses bad arguments with exit status 2."""
from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.errors import RtbenchError
from rtbench.reports import reference_runs as ref
from rtbench.reports.tables import run_tables

ROOT = Path(__file__).resolve().parent.parent
CELL = "vexriscv-sim-minerva-caches-freertos"


def _stored(tmp_path: Path, cell: str, doc: dict | None = None) -> str:
    """A reference run as the run file a user would give."""
    path = tmp_path / f"{cell}.json"
    path.write_text(json.dumps(ref.load(cell) if doc is None else doc))
    return str(path)


def test_each_variant_is_a_column_with_its_counts_and_medians(tmp_path: Path) -> None:
    doc = ref.load(CELL)
    lines = run_tables.render(["variants", _stored(tmp_path, CELL), "--rows", "irq_latency"]).splitlines()
    variants = list(dict.fromkeys(r["params"]["cpu_variant"] for r in doc["results"]))
    assert all(f"`{v}`" in lines[0] for v in variants)
    counts = lines[2].split("|")[3:-1]
    per_variant = [sum(r["params"]["cpu_variant"] == v and r["status"] == "ok" for r in doc["results"])
                   for v in variants]
    assert [c.strip().split(" · ")[0] for c in counts] == [str(n) for n in per_variant]
    # Each cell is the median as every published table shows it: a split one with both values.
    medians = {r["params"]["cpu_variant"]: ref.figure(r) for r in doc["results"] if r["bench"] == "irq_latency"}
    assert any(" | " in m for m in medians.values()) and any(" | " not in m for m in medians.values())
    cells = re.split(r"(?<!\\)\|", lines[3])[3:-1]
    assert [c.strip().replace("\\|", "|") for c in cells] == [medians[v] for v in variants]
    assert "No result failed." in lines


def test_a_failure_is_listed_with_its_reason(tmp_path: Path) -> None:
    doc = copy.deepcopy(ref.load(CELL))
    doc["results"][0].update(status="fail", reason="the check did not hold")
    out = run_tables.render(["variants", _stored(tmp_path, "failed", doc), "--rows", "task_preempt",
                             "--names", *"abcdefg"])
    assert "| **results ok · unsupported · failed** |  | 3 · 0 · 1 |" in out
    assert f"- a: `{ref.label(doc['results'][0]).split('[')[0]}` fail: the check did not hold" in out


def test_names_that_do_not_fit_the_variants_are_refused(tmp_path: Path) -> None:
    path = _stored(tmp_path, CELL)
    with pytest.raises(RtbenchError, match=r"--names needs one name per run and variant \(7: minerva,"):
        run_tables.render(["variants", path, "--names", "a", "b"])
    # The script says so with exit status 2, never a traceback.
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "run_tables.py"), "variants", path,
                           "--names", "a", "b"], capture_output=True, text=True)
    assert done.returncode == 2 and "--names needs one name per run and variant (7: minerva," in done.stderr
    assert "Traceback" not in done.stderr


def test_clocks_puts_cycles_and_microseconds_at_each_cores_clock_side_by_side(tmp_path: Path) -> None:
    """The study view of cores with different clocks: each run's median in cycles and that
    many cycles in microseconds at the clock given for its core."""
    paths = [_stored(tmp_path, cell) for cell in ("vexriscv-sim-minimal-freertos", "vexriscv-sim-cv32e40p-freertos")]
    out = run_tables.render(["clocks", *paths, "--rows", "irq_latency", "--names", "A", "B",
                             "--clocks", "100MHz", "150 MHz"])
    lines = out.splitlines()
    assert lines[0] == "| result | A cycles | µs at 100MHz | B cycles | µs at 150 MHz |"
    cells = [c.strip() for c in lines[2].split("|")[2:-1]]
    # irq_latency: a median that is not split in either run (a split one shows both values).
    medians = [next(r["p50"] for r in ref.load(Path(p).stem)["results"] if r["bench"] == "irq_latency") for p in paths]
    assert cells == [str(medians[0]), f"{medians[0] / 100:.3g}", str(medians[1]), f"{medians[1] / 150:.3g}"]
    with pytest.raises(RtbenchError, match="'fast' is not a clock"):
        run_tables.render(["clocks", *paths, "--names", "A", "B", "--clocks", "fast", "100MHz"])


def test_a_file_that_is_not_a_run_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(RtbenchError, match="cannot read"):
        run_tables.render(["phases", str(missing)])
    (tmp_path / "list.json").write_text("[1, 2]")
    with pytest.raises(RtbenchError, match="not an rtbench run file"):
        run_tables.render(["phases", str(tmp_path / "list.json")])
