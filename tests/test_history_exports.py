# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Bencher Metric Format of a stored reference run, the stored history of FreeRTOS-Kernel
releases (docs/reference/history/) as the docs render it, and --workers without Dask."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.errors import RtbenchError
from rtbench.reports import bmf, published_history, published_tables, reference_runs
from rtbench.results.runsource import run_from_document
from rtbench.results.stats import median

REPO = Path(__file__).resolve().parent.parent
HISTORY = "freertos-releases-qemu-m3"


def test_bmf_of_a_stored_run_has_each_measured_result_with_its_median_and_range() -> None:
    run = run_from_document(reference_runs.load("qemu-m3-freertos"))
    document = bmf.document(run)
    measured = [r for r in run.results if r.status == "ok" and r.raw_samples]
    assert len(document) == len(measured) > 20
    switch = next(r for r in run.results if r.bench == "task_switch")
    assert document["task_switch"] == {"instructions": {
        "value": median(switch.samples()), "lower_value": min(switch.samples()),
        "upper_value": max(switch.samples())}}
    text = next(k for k in document if k.startswith("footprint["))
    assert set(document[text]) == {"bytes"}
    # Bencher's schema: every measure has a number `value`; slugs are lower-case words and dashes.
    for measures in json.loads(bmf.dumps(document)).values():
        for slug, metric in measures.items():
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug)
            assert isinstance(metric["value"], int | float)
            assert metric["lower_value"] <= metric["value"] <= metric["upper_value"]


def test_a_unit_becomes_a_measure_slug() -> None:
    assert [bmf.measure_slug(u) for u in ("instructions", "ns", "ops/s", "µs")] == ["instructions", "ns", "ops-s",
                                                                                    "s"]


def test_report_writes_a_stored_runs_bmf(tmp_path: Path) -> None:
    run_file = tmp_path / "run.json"
    run_file.write_text(json.dumps(reference_runs.load("qemu-m3-freertos")))
    out = tmp_path / "run.bmf.json"
    done = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "home"), "report",
                           str(run_file), "--bmf", str(out)], capture_output=True, text=True, check=False,
                          cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text()) == bmf.document(run_from_document(reference_runs.load("qemu-m3-freertos")))


def test_the_stored_release_history_parses_whole() -> None:
    history = published_history.load(HISTORY)
    names = [r.name for r in history.revisions]
    assert names[0] == "V10.4.0-kernel-only" and names[-1] == "V11.3.0" and len(names) == 17
    assert history.target == "qemu-m3" and history.kernel == "freertos"
    assert "task_switch" in history.benchmarks and "footprint[part=kernel,section=text]" in history.benchmarks
    # every release was built and run: every benchmark has a value at every release
    assert all(r.statuses[b] == "ok" and r.medians[b] is not None
               for r in history.revisions for b in history.benchmarks)
    text = published_history.path_of(HISTORY).read_text()
    assert "/work/" not in text and "/home/" not in text and "/tmp/" not in text


def test_the_history_marker_renders_each_release_and_marks_the_changes() -> None:
    history = published_history.load(HISTORY)
    page = published_tables.replace_markers(f"<!-- rtbench:history {HISTORY} task_switch task_create -->")
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    assert len(rows) == len(history.revisions)
    moved = published_history.changes(history, ["task_switch", "task_create"])
    assert page.count("**") == 2 * len(moved) + 2  # each change in bold, and "**bold**" in the caption
    for (commit, bench), delta in moved.items():
        revision = next(r for r in history.revisions if r.commit == commit)
        row = next(line for line in rows if line.startswith(f"| `{revision.name}`"))
        value = revision.medians[bench]
        assert f"**{value:.0f}** ({delta:+.0f})" in row


def test_a_history_marker_with_an_unknown_benchmark_or_name_is_an_error() -> None:
    with pytest.raises(RtbenchError, match="has no nosuch"):
        published_tables.replace_markers(f"<!-- rtbench:history {HISTORY} nosuch -->")
    with pytest.raises(RtbenchError, match="no stored history"):
        published_tables.replace_markers("<!-- rtbench:history nosuch-history -->")


def test_history_on_dask_without_dask_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    from rtbench.cli import main

    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "distributed" else found(name, *a))
    assert main(["--home", str(tmp_path), "history", "--revs", "V11.3.0", "--workers", "1"]) == 2
    assert "pip install 'rtbench[campaign]'" in capsys.readouterr().err


@pytest.mark.parametrize(("name", "function"), [("freertos-task_create-V10.5.0", "memset"),
                                                ("freertos-task_switch-V11.0.0", "vTaskSwitchContext")])
def test_a_stored_bisection_renders_its_first_bad_commit_and_functions(name: str, function: str) -> None:
    doc = published_history.load_bisection(name)
    page = published_tables.replace_markers(f"<!-- rtbench:bisect {name} -->")
    assert f"first bad commit `{doc['first_bad']['commit'][:12]}`" in page
    before, after = doc["median_before"], doc["median_after"]
    assert f"median {before} → {after} instructions" in page and before != after
    functions = doc["attribution"]["functions"]
    # The attribution is exact: the functions' changes add up to the median's.
    assert sum(f["delta"] for f in functions) == after - before
    assert functions[0]["function"] == function and f"| `{function}` |" in page
    assert "/work/" not in json.dumps(doc) and "/tmp/" not in json.dumps(doc)
