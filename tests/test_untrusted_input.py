# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Run files are input: a crafted one (HTML, pipes, backticks, newlines in its names, reasons and
label) must come out escaped in every format, never as markup or a broken table; one that holds a
benchmark twice (as a file or in the store), an ok result without samples or a manifest nested
hundreds of levels deep is refused when read (exit 2, naming the result or field), never judged in
part or a traceback. Only regular files are read, never past a bound, a compressed one counted as it
unpacks and refused with anything after its document."""
from __future__ import annotations

import csv
import gzip
import io
import json
import os
import re
import resource
import subprocess
import sys
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import pytest

from rtbench.errors import RtbenchError
from rtbench.model import Run
from rtbench.results import schema
from rtbench.results.runsource import MAX_LABEL
from rtbench.results.schema import MAX_DEPTH
from rtbench.results.store import Store
from tests.runfiles import Cli, in_process, result, write_run

REPO = Path(__file__).resolve().parent.parent

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


# Runs commands with the command line in-process and prints [[status, stderr], ...] as JSON.
_DRIVER = """
import contextlib, io, json, sys
from rtbench.cli import main
out = []
for args in json.loads(sys.argv[1]):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(args)
    out.append([code, err.getvalue()])
print(json.dumps(out))
"""


def _commands_in_a_process(commands: list[list[str]], memory: int = 1 << 30) -> list[tuple[int, str]]:
    """Each command's exit status and stderr, run in one process of its own with at most `memory`
    bytes of address space and a minute: a file read without bound (/dev/zero) ends in a
    MemoryError there, and a FIFO waited for in a timeout, instead of taking this process."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    proc = subprocess.run([sys.executable, "-c", _DRIVER, json.dumps(commands)], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=60,
                          preexec_fn=limit)
    assert proc.returncode == 0, proc.stderr
    return [(code, stderr) for code, stderr in json.loads(proc.stdout)]


def test_a_device_or_a_fifo_given_as_a_run_file_is_refused_unread(tmp_path: Path) -> None:
    """/dev/zero was read until the machine's memory ran out; a FIFO blocked the command forever."""
    good = str(write_run(tmp_path / "good.json", [result("task_switch", [1, 2, 3])]))
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    home = ["--home", str(tmp_path / "home")]
    cases = [(bad, kind, [*home, *args]) for bad, kind in (("/dev/zero", "a character device"),
                                                           (str(fifo), "a FIFO (named pipe)"),
                                                           (str(tmp_path), "a directory"))
             for args in (["report", bad], ["compare", good, bad], ["check", "--baseline", bad, good])]
    for (bad, kind, args), (code, stderr) in zip(cases, _commands_in_a_process([c for _, _, c in cases])):
        assert code == 2, (args, stderr)
        assert f"cannot read {bad}: it is {kind}, not a regular file" in stderr, stderr
        assert "Traceback" not in stderr


def test_a_run_file_larger_than_the_cap_is_refused_after_cap_plus_one_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file in /proc says size 0 whatever it holds: the read itself is bounded too."""
    monkeypatch.setattr(schema, "MAX_UNPACKED", 100)
    with pytest.raises(RtbenchError, match="is larger than 100 bytes, too large to be an rtbench document"):
        schema.load(Path("/proc/self/maps"), schema.RUN)
    big = write_run(tmp_path / "big.json", [result("task_switch", list(range(100)))])
    with pytest.raises(RtbenchError, match="is larger than 100 bytes"):
        schema.load(big, schema.RUN)


def _bomb(path: Path, size: int) -> Path:
    """A gzip file that unpacks to `size` zero bytes (about a thousandth of it on disk)."""
    pack = zlib.compressobj(9, wbits=16 + zlib.MAX_WBITS)
    block = bytes(1 << 20)
    with path.open("wb") as out:
        for _ in range(size >> 20):
            out.write(pack.compress(block))
        out.write(pack.flush())
    return path


def test_a_gzip_bomb_is_refused_without_holding_what_it_unpacks_to(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The unpacked bytes are counted, not kept: refused at the cap, memory stays at a few
    megabytes (it reached twice the cap, 8.4 GB, with a 4 GiB cap)."""
    monkeypatch.setattr(schema, "MAX_UNPACKED", 64 << 20)
    bomb = _bomb(tmp_path / "bomb.json.gz", 96 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(RtbenchError, match="it unpacks to more than 64 MiB, too large to be an rtbench document"):
            schema.load(bomb, schema.RUN)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 << 20, f"{peak} bytes at the peak"


def test_a_gzip_file_with_more_after_its_document_is_refused(tmp_path: Path, rtbench: Cli) -> None:
    """Read as its first member, a second member's results (or appended bytes) went unseen."""
    plain = write_run(tmp_path / "a.json", [result("task_switch", [61, 62, 61])]).read_bytes()
    other = write_run(tmp_path / "b.json", [result("sem_take", [40, 40])]).read_bytes()
    for name, data in (("two.json.gz", gzip.compress(plain) + gzip.compress(other)),
                       ("junk.json.gz", gzip.compress(plain) + b"junk")):
        (tmp_path / name).write_bytes(data)
        proc = rtbench("report", str(tmp_path / name))
        assert proc.returncode == 2 and proc.stdout == "", proc.stdout
        assert "it holds more after its compressed document (a second gzip member, or other bytes)" in proc.stderr
    (tmp_path / "one.json.gz").write_bytes(gzip.compress(plain))
    assert rtbench("report", str(tmp_path / "one.json.gz")).returncode == 0


def test_a_label_in_someones_run_file_is_shown_on_one_line_and_bounded(tmp_path: Path, rtbench: Cli) -> None:
    label = "O1\x1b[2J\r\nbuild " + "x" * 10_000
    path = write_run(tmp_path / "labelled.json", [result("task_switch", [1, 2, 3])], manifest={"label": label})
    other = write_run(tmp_path / "other.json", [result("task_switch", [1, 2, 3])])
    for args in (("report", str(path)), ("compare", str(other), str(path)), ("report", str(path), "--format", "csv")):
        proc = rtbench(*args)
        assert proc.returncode == 0, proc.stderr
        assert "\x1b" not in proc.stdout and "\r" not in proc.stdout, args
        assert "O1\\x1b[2J build xxx" in proc.stdout, args
        assert "x" * (MAX_LABEL - 50) + "..." in proc.stdout and "x" * MAX_LABEL not in proc.stdout, args
        assert max(len(line) for line in proc.stdout.splitlines()) < 2 * MAX_LABEL + 300, args


def test_a_stored_run_holding_a_benchmark_twice_is_refused_as_its_file_would_be(tmp_path: Path, rtbench: Cli) -> None:
    """The gate passed it: judging only one of the copies."""
    base = write_run(tmp_path / "base.json", [result("task_switch", [100] * 60, tasks=5)])
    with Store(tmp_path / "results.sqlite") as store:
        run_id = store.save(Run({"target": "qemu-m3"}, [result("task_switch", [300] * 60, tasks=5),
                                                        result("task_switch", [100] * 60, tasks=5)]))
    for args in (("check", "--baseline", str(base), str(run_id), "--threshold", "0"),
                 ("compare", str(base), str(run_id)), ("report", str(run_id))):
        proc = rtbench(*args)
        assert proc.returncode == 2, (args, proc.stdout)
        assert (f"run {run_id} in {tmp_path / 'results.sqlite'}: result 1 (task_switch[tasks=5]) repeats result 0: "
                "a run holds one result per benchmark and parameter set") in proc.stderr, proc.stderr
    listed = rtbench("runs")
    assert listed.returncode == 0 and "DAMAGED: result 1 (task_switch[tasks=5]) repeats result 0" in listed.stdout
