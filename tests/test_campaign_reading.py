# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A campaign read back from the store (what resuming and the reports see), on runs written here:
done and superseded cells, repeats pooled, the report's tables and heatmaps, and compare along
one axis."""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from rtbench.campaign import stored
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.reports import plotly_js
from rtbench.results.store import Store
from tests.runfiles import Cli, in_process, result

AXES = {"profile": ["default", "debug"], "platform": ["qemu-m3", "vexriscv-sim/minimal"]}


def _manifest(profile: str, platform: str, status: str = "ok", repeat: int = 1, campaign: str = "study",
              error: str | None = None) -> dict[str, Any]:
    target = platform.split("/")[0]
    return {"target": target, "os": "freertos", "profile": profile,
            "unit": "instructions" if target == "qemu-m3" else "cycles",
            "kernel": {"name": "FreeRTOS", "version": "V11.2.0",
                       "config": {"asserts": int(profile == "debug")}},
            "compiler": {"opt_flags": "-O2"},
            "campaign": {"id": campaign, "cell": f"{profile}-{platform}-{repeat}",
                         "axes": {"profile": profile, "platform": platform}, "repeat": repeat, "status": status,
                         "error": error, "worker": "w1", "seconds": 3.0, "matrix_axes": AXES}}


def _run(profile: str, platform: str, shift: int = 0, **kwargs: Any) -> Run:
    unit = "instructions" if platform == "qemu-m3" else "cycles"
    base = (60 if unit == "instructions" else 300) + (20 if profile == "debug" else 0) + shift
    results = [result("task_switch", [base, base, base + 1] * 10, unit=unit),
               result("tm_sync", [5000 - base] * 3, unit="operations", period_ms=100)]
    if kwargs.get("status") == "error":
        results = [result("task_switch", [], unit=unit, status="error", reason="the cell did not run: boom")]
    return Run(manifest=_manifest(profile, platform, **kwargs), results=results)


@pytest.fixture()
def home(tmp_path: Path) -> Path:
    root = tmp_path / "home"
    with Store(Workspace(root).store) as store:
        store.save(_run("default", "qemu-m3", status="error", error="worker lost"))  # run 1, retried as run 5
        store.save(_run("debug", "qemu-m3"))  # 2
        store.save(_run("default", "vexriscv-sim/minimal"))  # 3
        store.save(_run("debug", "vexriscv-sim/minimal", status="fail"))  # 4
        store.save(_run("default", "qemu-m3"))  # 5
        store.save(_run("default", "qemu-m3", campaign="other"))  # 6: another campaign
    return root


@pytest.fixture()
def rtbench(capsys: pytest.CaptureFixture[str], home: Path) -> Cli:
    return in_process(capsys, home)


def test_done_cells_and_the_newest_run_of_each(home: Path) -> None:
    with Store(Workspace(home).store, read_only=True) as store:
        cells = stored.stored_cells(store, "study")
        assert [c.run_id for c in cells] == [1, 2, 3, 4, 5]
        # An error is run again on resume; a failed check is a result, so it is done.
        assert stored.done_keys(cells) == {"debug-qemu-m3-1": 2, "default-vexriscv-sim/minimal-1": 3,
                                           "debug-vexriscv-sim/minimal-1": 4, "default-qemu-m3-1": 5}
        view = stored.view(store, "study")
        assert [c.run_id for c in view.cells] == [5, 3, 2, 4]  # matrix order: profile, then platform
        assert [c.run_id for c in view.superseded] == [1]
        assert view.varying() == ["profile", "platform"]
        with pytest.raises(Exception, match="no campaign 'nosuch'"):
            stored.view(store, "nosuch")


def test_repeats_are_pooled(tmp_path: Path) -> None:
    one, two = _run("default", "qemu-m3"), _run("default", "qemu-m3", shift=4, repeat=2)
    both = stored.pooled([one, two])
    switch = next(r for r in both.results if r.bench == "task_switch")
    assert len(switch.samples()) == 60 and min(switch.samples()) == 60 and max(switch.samples()) == 65
    assert stored.pooled([one]) is one
    broken = _run("default", "qemu-m3", status="error", repeat=2)
    assert next(r for r in stored.pooled([one, broken]).results if r.bench == "task_switch").status == "error"


def test_cell_status() -> None:
    assert stored.cell_status(_run("default", "qemu-m3"), None) == "ok"
    assert stored.cell_status(_run("default", "qemu-m3"), "interrupted") == "error"
    failed = _run("default", "qemu-m3")
    failed.results[0].status = "fail"
    assert stored.cell_status(failed, None) == "fail"
    assert stored.cell_status(Run({}, []), None) == "error"


def test_report_campaign_tables(rtbench: Cli) -> None:
    out = rtbench("report", "--campaign", "study")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "campaign study: 4 cell run(s) (2 ok, 1 fail, 1 error)" not in text  # the error was superseded
    assert "campaign study: 4 cell run(s) (3 ok, 1 fail)" in text
    assert "1 older run(s) of the same cells are not shown" in text
    # task_switch: medians with the axis that varies most across (a tie: the first, profile), units shown
    # because the platforms count differently.
    block = text.split("task_switch (medians, profile across)\n")[1].split("\n\n")[0].splitlines()
    assert block[0].split() == ["platform", "default", "debug"]
    assert block[2].split() == ["qemu-m3", "60", "instr", "80", "instr"]
    assert block[3].split() == ["vexriscv-sim/minimal", "300", "cyc", "320", "cyc"]
    turned = rtbench("report", "--campaign", "study", "--columns", "platform").stdout
    assert "task_switch (medians, platform across)" in turned
    tidy = list(csv.DictReader(io.StringIO(rtbench("report", "--campaign", "study", "--format", "csv").stdout)))
    assert len(tidy) == 8 and {r["run"] for r in tidy} == {"2", "3", "4", "5"}
    assert {(r["profile"], r["platform"], r["benchmark"], r["p50"]) for r in tidy} >= {
        ("default", "qemu-m3", "task_switch", "60"), ("debug", "vexriscv-sim/minimal", "task_switch", "320")}
    document = json.loads(rtbench("report", "--campaign", "study", "--format", "json").stdout)
    assert document["schema"] == "rtbench-table/1" and len(document["rows"]) == 8
    assert "### `task_switch`" in rtbench("report", "--campaign", "study", "--format", "markdown").stdout


@pytest.mark.parametrize(("args", "words"), [
    (["--campaign", "study", "--rows", "kernel"], "--rows kernel: the campaign has no such axis"),
    (["--campaign", "study", "--rows", "profile", "--columns", "profile"], "name the same axis"),
    (["--campaign", "study", "1"], "give no RUN with it"),
    (["--campaign", "nosuch"], "no campaign 'nosuch'"),
    (["--rows", "profile"], "add --campaign ID"),
])
def test_report_campaign_refuses(rtbench: Cli, args: list[str], words: str) -> None:
    out = rtbench("report", *args)
    assert out.returncode == 2 and words in out.stderr, out.stderr


def test_report_campaign_html(rtbench: Cli, tmp_path: Path) -> None:
    page = tmp_path / "study.html"
    out = rtbench("report", "--campaign", "study", "--html", str(page))
    assert out.returncode == 0 and out.stdout == "", out.stderr
    text = page.read_text()
    assert "<title>rtbench campaign study</title>" in text and text.count('class="fig"') == 2
    assert 'id="heat-1"' in text and "task_switch: median, cycles / instructions" in text
    assert "Failed cells (1)" in text and "tm_sync[period_ms=100]: median, operations" in text
    assert "asserts" in text  # what differs between the cells
    assert "Opens offline: plotly.js is embedded." in text  # the default: self-contained
    lean = tmp_path / "study-cdn.html"
    assert rtbench("report", "--campaign", "study", "--html", str(lean), "--plotly", "cdn").returncode == 0
    assert re.findall(r'<script src="([^"]*)"', lean.read_text()) == [plotly_js.script("cdn").split('"')[1]]
    assert lean.stat().st_size < page.stat().st_size - 4_000_000 and 'id="heat-1"' in lean.read_text()


def test_compare_along_an_axis(rtbench: Cli) -> None:
    table = rtbench("compare", "--campaign", "study", "--axis", "profile=default,debug")
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[0].startswith("profile: B = debug against A = default, a column per combination of platform;")
    assert lines[1].split()[:4] == ["benchmark", "params", "qemu-m3", "vexriscv-sim/minimal"]
    switch = next(line for line in lines if line.startswith("task_switch"))
    assert "1.333 [1.333, 1.333]*" in switch and "1.067 [1.067, 1.067]*" in switch  # 80/60, 320/300
    assert "fairness: B and A differ in asserts" in table.stderr
    one = rtbench("compare", "--campaign", "study", "--axis", "profile=default,debug", "--where", "platform=qemu-m3")
    assert "A = profile=default (run 5, platform=qemu-m3)" in one.stdout and "asserts" in one.stdout
    document = json.loads(rtbench("compare", "--campaign", "study", "--axis", "profile=default,debug",
                                  "--where", "platform=qemu-m3", "--json").stdout)
    assert document["schema"] == "rtbench-compare/1" and [r["run_id"] for r in document["runs"]] == [5, 2]
    table = json.loads(rtbench("compare", "--campaign", "study", "--axis", "profile=default,debug",
                               "--where", "platform=qemu-m3", "--format", "json").stdout)
    assert table["schema"] == "rtbench-table/1" and len(table["rows"]) == len(document["rows"])
    units = rtbench("compare", "--campaign", "study", "--axis", "platform=qemu-m3,vexriscv-sim/minimal")
    assert units.returncode == 0 and "not compared: cannot compare runs measured in different units" in units.stderr


@pytest.mark.parametrize(("args", "words"), [
    (["--campaign", "study"], "needs --campaign ID and --axis"),
    (["--campaign", "study", "--axis", "profile=default"], "expected AXIS=A,B"),
    (["--campaign", "study", "--axis", "opt=-O2,-Os"], "has no axis 'opt'"),
    (["--campaign", "study", "--axis", "profile=default,tick1k"], "no stored value 'tick1k'"),
    (["--campaign", "study", "--axis", "profile=default,debug", "--where", "platform"], "expected AXIS=VALUE"),
    (["--campaign", "study", "--axis", "profile=default,debug", "--where", "profile=debug"], "the axis compared"),
    (["--campaign", "study", "--axis", "profile=default,debug", "--json", "x.json"], "writes one comparison"),
    (["1", "--campaign", "study", "--axis", "profile=default,debug"], "give no RUN"),
])
def test_compare_along_an_axis_refuses(rtbench: Cli, args: list[str], words: str) -> None:
    out = rtbench("compare", *args)
    assert out.returncode == 2 and words in out.stderr, out.stderr
