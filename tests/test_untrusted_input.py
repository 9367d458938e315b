# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Run files are input: a crafted one (HTML, pipes, backticks, newlines in its names and reasons)
must come out escaped in every format, never as markup or a broken table; one that holds a
benchmark twice, an ok result without samples or a manifest nested hundreds of levels deep is
refused when read (exit 2, naming the result or field), never judged in part or a traceback."""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from rtbench.results.schema import MAX_DEPTH
from tests.runfiles import Cli, in_process, result, write_run

EVIL = "<script>alert(1)</script>|`x`\nnext"


def _run_file(path: Path, shift: int) -> Path:
    return write_run(path, [
        result(EVIL, [100 + shift + i % 3 for i in range(60)], notes=[EVIL], **{EVIL: EVIL}),
        result("task_switch", [61 + shift] * 60),
        result("mutex_pi", [], status="fail", reason=EVIL),
    ], manifest={"target": EVIL, "os": "freertos"})


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    return _run_file(tmp_path / "a.json", 0), _run_file(tmp_path / "b.json", 5)


@pytest.fixture()
def rtbench(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Cli:
    return in_process(capsys, tmp_path)


def _unescaped_pipes(line: str) -> int:
    return len(re.findall(r"(?<!\\)\|", line))


def test_markdown_of_a_crafted_comparison_is_escaped(files: tuple[Path, Path], rtbench: Cli) -> None:
    for args in (("--markdown",), ("--format", "markdown")):
        proc = rtbench("compare", *map(str, files), *args)
        assert proc.returncode == 0, proc.stderr
        assert "<script>" not in proc.stdout and "&lt;script&gt;alert(1)&lt;/script&gt;\\|\\`x\\` next" in proc.stdout
        rows = [line for line in proc.stdout.splitlines() if line.startswith("| ")]
        assert len(rows) == 2 + 3  # header, rule and one line per benchmark: no newline got through
        assert {_unescaped_pipes(row) for row in rows} == {10}  # 9 columns, no cell split


def test_markdown_and_csv_reports_of_a_crafted_run(files: tuple[Path, Path], rtbench: Cli) -> None:
    markdown = rtbench("report", str(files[0]), "--format", "markdown")
    assert markdown.returncode == 0, markdown.stderr
    assert "<script>" not in markdown.stdout
    assert "- `mutex_pi`: fail: &lt;script&gt;alert(1)&lt;/script&gt;\\|\\`x\\` next" in markdown.stdout
    table = rtbench("compare", *map(str, files), "--format", "csv")
    rows = list(csv.reader(io.StringIO(table.stdout)))
    assert rows[1][:2] == [EVIL, f"{EVIL}={EVIL}"]  # CSV quotes; the value is kept whole
    assert len(rows) == 4 and len({len(r) for r in rows}) == 1


def test_html_report_of_crafted_runs_is_escaped(files: tuple[Path, Path], tmp_path: Path, rtbench: Cli) -> None:
    page = tmp_path / "report.html"
    proc = rtbench("report", *map(str, files), "--html", str(page))
    assert proc.returncode == 0, proc.stderr
    text = page.read_text()
    assert "<script>alert" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    # In the figures' data the label is escaped for plotly, which would read <a href> or <b> as markup.
    assert "&lt;script&gt;alert(1)&lt;\\u002fscript&gt;" in text
    assert "\\u003cscript\\u003ealert" not in text


def test_text_output_shows_control_characters(tmp_path: Path, rtbench: Cli) -> None:
    path = write_run(tmp_path / "escape.json", [result("a\x1b[2Jb", [1, 2])])
    proc = rtbench("report", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout and "a\\x1b[2Jb" in proc.stdout


def test_a_run_holding_a_benchmark_twice_is_refused_by_the_gate_and_compare(tmp_path: Path, rtbench: Cli) -> None:
    """A 3x slower copy placed before a good one: judging only the last copy, the gate passed."""
    base = write_run(tmp_path / "base.json", [result("task_switch", [100] * 60, tasks=5)])
    twice = write_run(tmp_path / "twice.json", [result("task_switch", [300] * 60, tasks=5),
                                                result("task_switch", [100] * 60, tasks=5)])
    for args in (("check", "--baseline", str(base), str(twice), "--threshold", "0"),
                 ("compare", str(base), str(twice)), ("report", str(twice))):
        proc = rtbench(*args)
        assert proc.returncode == 2, (args, proc.stdout)
        assert f"{twice}: results[1] (task_switch[tasks=5]) repeats results[0]" in proc.stderr


def test_the_same_benchmark_with_other_parameters_is_no_duplicate(tmp_path: Path, rtbench: Cli) -> None:
    path = write_run(tmp_path / "run.json", [result("tick_cost", [10] * 5, tasks=5),
                                             result("tick_cost", [20] * 5, tasks=10)])
    assert rtbench("check", "--baseline", str(path), str(path), "--threshold", "0").returncode == 0


def _nested(depth: int) -> dict[str, Any]:
    inner: dict[str, Any] = {}
    for _ in range(depth):
        inner = {"a": inner}
    return inner


@pytest.mark.parametrize("depth", [160, 600])
def test_a_deeply_nested_manifest_is_refused_without_a_traceback(tmp_path: Path, rtbench: Cli, depth: int) -> None:
    good = write_run(tmp_path / "good.json", [result("task_switch", [1, 2, 3])])
    deep = write_run(tmp_path / "deep.json", [result("task_switch", [1, 2, 3])], manifest={"x": _nested(depth)})
    for args in (("report", str(deep)), ("compare", str(good), str(deep)), ("check", "--baseline", str(deep))):
        proc = rtbench(*args)
        assert proc.returncode == 2, args
        assert f"{deep}: manifest.x.a: nested more than {MAX_DEPTH} levels deep" in proc.stderr


def test_an_ok_result_without_samples_is_refused(tmp_path: Path, rtbench: Cli) -> None:
    path = write_run(tmp_path / "empty.json", [result("task_switch", [1, 2])])
    document = json.loads(path.read_text())
    document["results"][0].update(samples=[], n=0)
    path.write_text(json.dumps(document))
    proc = rtbench("report", str(path))
    assert proc.returncode == 2 and "results[0] (task_switch): status ok without samples" in proc.stderr


def test_a_compressed_run_is_read_as_it_is_and_a_cut_one_refused(tmp_path: Path, rtbench: Cli) -> None:
    # The published reference runs are gzip files: report and compare read them unpacked.
    import gzip

    plain = write_run(tmp_path / "a.json", [result("task_switch", [61, 62, 61])])
    packed = tmp_path / "a.json.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    assert rtbench("compare", str(plain), str(packed)).returncode == 0
    shown = rtbench("report", str(packed))
    assert shown.returncode == 0 and "task_switch" in shown.stdout
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(packed.read_bytes()[:-12])
    proc = rtbench("report", str(cut))
    assert proc.returncode == 2 and "the compressed file is cut short" in proc.stderr
