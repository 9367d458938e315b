# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""scripts/run_tables.py's variants table on a stored reference run with several CPU variants:
one column per variant, the statuses counted from the run, every failure listed."""
from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

from rtbench.reports import reference_runs as ref

ROOT = Path(__file__).resolve().parent.parent
CELL = "vexriscv-sim-minerva-caches-freertos"


def _variants(path: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "run_tables.py"), "variants", str(path), *args],
                          capture_output=True, text=True, check=True)
    return done.stdout


def test_each_variant_is_a_column_with_its_counts_and_medians(tmp_path: Path) -> None:
    doc = ref.load(CELL)
    path = tmp_path / f"{CELL}.json"
    path.write_text(json.dumps(doc))
    lines = _variants(path, "--rows", "irq_latency").splitlines()
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
    path = tmp_path / "failed.json"
    path.write_text(json.dumps(doc))
    out = _variants(path, "--rows", "task_preempt", "--names", *"abcdefg")
    assert "| **results ok · unsupported · failed** |  | 3 · 0 · 1 |" in out
    assert f"- a: `{ref.label(doc['results'][0]).split('[')[0]}` fail: the check did not hold" in out


def test_names_that_do_not_fit_the_variants_are_refused(tmp_path: Path) -> None:
    path = tmp_path / f"{CELL}.json"
    path.write_text(json.dumps(ref.load(CELL)))
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "run_tables.py"), "variants", str(path),
                           "--names", "a", "b"], capture_output=True, text=True)
    assert done.returncode == 2 and "--names needs one name per run and variant (7: minerva," in done.stderr
    assert "Traceback" not in done.stderr


def test_clocks_puts_cycles_and_microseconds_at_each_cores_clock_side_by_side(tmp_path: Path) -> None:
    """The study view of cores with different clocks: each run's median in cycles and that
    many cycles in microseconds at the clock given for its core."""
    paths = []
    for cell in ("vexriscv-sim-minimal-freertos", "vexriscv-sim-cv32e40p-freertos"):
        path = tmp_path / f"{cell}.json"
        path.write_text(json.dumps(ref.load(cell)))
        paths.append(str(path))
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "run_tables.py"), "clocks", *paths, "--rows",
                           "irq_latency", "--names", "A", "B", "--clocks", "100MHz", "150 MHz"],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "| result | A cycles | µs at 100MHz | B cycles | µs at 150 MHz |"
    cells = [c.strip() for c in lines[2].split("|")[2:-1]]
    # irq_latency: a median that is not split in either run (a split one shows both values).
    medians = [next(r["p50"] for r in ref.load(Path(p).stem)["results"] if r["bench"] == "irq_latency") for p in paths]
    assert cells == [str(medians[0]), f"{medians[0] / 100:.3g}", str(medians[1]), f"{medians[1] / 150:.3g}"]
    bad = subprocess.run([sys.executable, str(ROOT / "scripts" / "run_tables.py"), "clocks", *paths, "--names", "A",
                          "B", "--clocks", "fast", "100MHz"], capture_output=True, text=True)
    assert bad.returncode == 2 and "'fast' is not a clock" in bad.stderr and "Traceback" not in bad.stderr
