# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`report` and `compare` --format, and the older --markdown and --json, on run files written here."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.runfiles import Cli, in_process, result, write_run


def _run_file(path: Path, shift: int, run_id: int) -> Path:
    return write_run(path, [
        result("task_switch", [61 + shift] * 40),
        result("tick_cost", [160 + shift, 209 + shift, 307 + shift] * 10, tasks=5),
        result("footprint", [6380 + 10 * shift], unit="bytes", part="kernel", section="text"),
        result("mutex_pi", [], status="fail", reason="not boosted"),
    ], manifest={"target": "qemu-m3", "os": "freertos"}, run_id=run_id)


@pytest.fixture()
def files(tmp_path: Path) -> list[str]:
    return [str(_run_file(tmp_path / "a.json", 0, 1)), str(_run_file(tmp_path / "b.json", 2, 2))]


@pytest.fixture()
def rtbench(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Cli:
    return in_process(capsys, tmp_path)


def test_report_formats(files: list[str], rtbench: Cli) -> None:
    table = rtbench("report", files[0])
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[1].startswith("provenance: ") and lines[2].split()[0] == "benchmark"
    assert "    ^ fail: not boosted" in table.stdout
    assert rtbench("report", files[0], "--format", "table").stdout == table.stdout

    rows = list(csv.DictReader(io.StringIO(rtbench("report", *files, "--format", "csv").stdout)))
    assert [(r["run"], r["benchmark"]) for r in rows[:2]] == [("1", "task_switch"), ("1", "tick_cost")]
    assert len(rows) == 8 and rows[4]["run"] == "2"
    tick = rows[1]
    assert (tick["params"], tick["n"], tick["p50"], tick["mean"]) == ("tasks=5", "30", "209", "225.33333333333334")
    assert rows[3]["status"] == "fail" and rows[3]["p50"] == "" and rows[3]["note"] == "fail: not boosted"

    data = json.loads(rtbench("report", files[0], "--format", "json").stdout)
    assert [c["key"] for c in data["columns"]][:4] == ["run", "benchmark", "params", "unit"]
    assert data["rows"][1]["params"] == {"tasks": 5} and data["rows"][1]["p50"] == 209
    assert data["rows"][3]["note"] == "fail: not boosted" and data["rows"][3]["mean"] is None

    markdown = rtbench("report", files[0], "--format", "markdown").stdout
    row = "| `tick_cost` | tasks=5 | instructions | 30 | 160 | 209 | 225.3 | 307 | 307 | 307 | 62.2 | 49 | - | ok |"
    assert row in markdown
    assert markdown.rstrip().endswith("- `mutex_pi`: fail: not boosted")


def test_compare_formats_and_their_aliases(files: list[str], tmp_path: Path, rtbench: Cli) -> None:
    text = rtbench("compare", *files)
    assert text.returncode == 0, text.stderr
    footprint = next(line for line in text.stdout.splitlines() if line.startswith("footprint"))
    assert footprint.split()[-2:] == ["1.003", "1.003"]  # one sample each: a value, no interval
    assert "[" not in footprint and "*" not in footprint

    markdown = rtbench("compare", *files, "--markdown").stdout
    assert markdown == rtbench("compare", *files, "--format", "markdown").stdout
    assert r"| `task_switch` | - | instructions | 61 | 61 | 63 | 63 | 1.033 \[1.033, 1.033\]\* |" in markdown

    document = rtbench("compare", *files, "--json").stdout  # the whole comparison
    assert json.loads(document)["schema"] == "rtbench-compare/1"
    # --format json is the printed table as JSON, as report --format json prints a run's.
    table = json.loads(rtbench("compare", *files, "--format", "json").stdout)
    assert table["schema"] == "rtbench-table/1"
    assert [r["benchmark"] for r in table["rows"]] == [r["bench"] for r in json.loads(document)["rows"]]
    rows = {r["bench"]: r for r in json.loads(document)["rows"]}
    assert rows["task_switch"]["versus_first"][0]["median"]["ratio"] == 63 / 61
    assert rows["mutex_pi"]["versus_first"] == [None]

    saved = tmp_path / "out.json"
    both = rtbench("compare", *files, "--json", str(saved), "--markdown")
    assert json.loads(saved.read_text()) == json.loads(document)
    assert both.stdout == markdown and f"wrote {saved}" in both.stderr

    rows_csv = list(csv.DictReader(io.StringIO(rtbench("compare", *files, "--format", "csv").stdout)))
    switch = rows_csv[0]
    assert switch["B_vs_A_median.ratio"] == str(63 / 61) and switch["B_vs_A_median.significant"] == "true"
    assert switch["A_median"] == "61" and rows_csv[3]["B_median"] == "fail"
    footprint_row = rows_csv[2]
    assert footprint_row["B_vs_A_median.ratio_low"] == "" and footprint_row["B_vs_A_median.significant"] == ""


@pytest.mark.parametrize("args, message", [
    (("compare", "--json", "--markdown"), "choose one output format, not document and markdown"),
    (("compare", "--markdown", "--format", "csv"), "choose one output format, not csv and markdown"),
    (("report", "--format", "csv", "--histogram"), "--histogram prints text histograms, only with --format table"),
])
def test_conflicting_options_are_clear_errors(files: list[str], args: tuple[str, ...], message: str,
                                              rtbench: Cli) -> None:
    command, *options = args
    proc = rtbench(command, *files[:2 if command == "compare" else 1], *options)
    assert proc.returncode == 2 and message in proc.stderr
