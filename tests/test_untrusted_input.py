"""Run files are input: a crafted one (HTML, pipes, backticks, newlines in its names and reasons)
must come out escaped in every format, never as markup or a broken table."""
from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from rtbench.cli import main

EVIL = "<script>alert(1)</script>|`x`\nnext"


def _run_file(path: Path, shift: int) -> Path:
    results = [
        {"bench": EVIL, "params": {EVIL: EVIL}, "unit": "instructions", "status": "ok", "notes": [EVIL],
         "samples": [100 + shift + i % 3 for i in range(60)]},
        {"bench": "task_switch", "params": {}, "unit": "instructions", "status": "ok", "notes": [],
         "samples": [61 + shift] * 60},
        {"bench": "mutex_pi", "params": {}, "unit": "instructions", "status": "fail", "reason": EVIL, "samples": []},
    ]
    path.write_text(json.dumps({"manifest": {"target": EVIL, "os": "freertos"}, "results": results}))
    return path


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    return _run_file(tmp_path / "a.json", 0), _run_file(tmp_path / "b.json", 5)


@dataclass
class Outcome:
    returncode: int
    stdout: str
    stderr: str


Cli = Callable[..., Outcome]


@pytest.fixture()
def rtbench(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Cli:
    """The command line, in this process (as `python -m rtbench --home tmp_path ...`)."""
    def call(*args: str) -> Outcome:
        code = main(["--home", str(tmp_path), *args])
        out = capsys.readouterr()
        return Outcome(code, out.out, out.err)
    return call


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
    path = tmp_path / "escape.json"
    path.write_text(json.dumps({"results": [{"bench": "a\x1b[2Jb", "unit": "instructions", "samples": [1, 2]}]}))
    proc = rtbench("report", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout and "a\\x1b[2Jb" in proc.stdout
