# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The command line as a user types it, in a fresh process and a private workspace."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from rtbench.acquire import catalogue
from rtbench.acquire.build import Build
from rtbench.paths import Workspace
from tests.conftest import home_sharing_builds

REQUIRED_KEYS = {"bench", "params", "unit", "n", "min", "p50", "mean", "p99", "max", "stddev", "status"}


def rtbench(home: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), *args],
                          capture_output=True, text=True, timeout=600)


def test_run_with_globs_writes_json_and_report_reads_it_back(tmp_path: Path, workspace: Workspace,
                                                             built_image: Build) -> None:
    home = home_sharing_builds(tmp_path / "home", workspace)
    out = tmp_path / "out.json"
    proc = rtbench(home, "run", "--bench", "sem_*,task_switch", "--iterations", "300", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    names = [r["bench"] for r in data["results"]]
    # Every benchmark the globs select, each swept value a result, in the catalogue's order.
    chosen = catalogue.select(catalogue.scan(), "sem_*,task_switch")
    assert names == [b.name for b in chosen for _ in (b.values or (None,))]
    assert names[:5] == ["task_switch", "sem_take", "sem_give", "sem_signal_wake", "sem_shuffle"]
    for result in data["results"]:
        assert result.keys() >= REQUIRED_KEYS
        assert result["status"] == "ok" and result["n"] == 300 and len(result["samples"]) == 300
        assert result["min"] <= result["p50"] <= result["p99"] <= result["max"]
    assert data["manifest"]["kernel"]["name"] == "FreeRTOS"
    # The table shows every benchmark and the unit caveat.
    assert "sem_shuffle" in proc.stdout and "not CPU cycles" in proc.stdout
    assert "run     sem_take" in proc.stderr  # progress while running

    again = tmp_path / "again.json"
    report = rtbench(home, "report", "--json", str(again))
    assert report.returncode == 0, report.stderr
    assert json.loads(again.read_text())["results"] == data["results"]
    runs = rtbench(home, "runs")
    assert runs.stdout.count("qemu-m3/freertos") == 1


def test_option_sets_sample_count_of_tick_cost(tmp_path: Path, workspace: Workspace, built_image: Build) -> None:
    out = tmp_path / "tick.json"
    home = home_sharing_builds(tmp_path / "home", workspace)
    proc = rtbench(home, "run", "--bench", "tick_cost", "--option", "ticks=40", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    results = json.loads(out.read_text())["results"]
    assert [r["n"] for r in results] == [40] * 5


def test_list_shows_targets_kernels_and_every_benchmark(tmp_path: Path) -> None:
    proc = rtbench(tmp_path, "list")
    assert proc.returncode == 0
    for name in ("qemu-m3", "freertos", "task_switch", "mutex_pi", "irq_task_wake", "footprint", "tasks in {0, 5"):
        assert name in proc.stdout
    boards = proc.stdout[proc.stdout.index("  real boards (--target board"):proc.stdout.index("\nCPU variants")]
    assert re.search(r"^    nucleo-f401re +NUCLEO-F401RE", boards, re.MULTILINE), boards  # the boards shipped


def test_unknown_benchmark_is_a_clear_error(tmp_path: Path) -> None:
    proc = rtbench(tmp_path, "run", "--bench", "no_such_*")
    assert proc.returncode == 2
    # Nothing is like it: the hint says how to see every name, and does not print them all.
    assert "matches no benchmark" in proc.stderr and "`rtbench list` shows all" in proc.stderr
    assert "task_switch" not in proc.stderr


def test_report_without_runs_is_a_clear_error(tmp_path: Path) -> None:
    proc = rtbench(tmp_path / "empty", "report")
    assert proc.returncode == 2
    assert "no runs" in proc.stderr


def test_option_named_like_a_parameter_replaces_its_sweep(tmp_path: Path, workspace: Workspace,
                                                         built_image: Build) -> None:
    out = tmp_path / "sweep.json"
    home = home_sharing_builds(tmp_path / "home", workspace)
    proc = rtbench(home, "run", "--bench", "task_preempt_load,tm_sync", "--iterations", "50",
                   "--option", "tasks=20", "--option", "period_ms=200", "--option", "tm_periods=3", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    results = {r["bench"]: r for r in json.loads(out.read_text())["results"]}
    assert results["task_preempt_load"]["params"] == {"tasks": 20}
    assert results["tm_sync"]["params"] == {"period_ms": 200} and results["tm_sync"]["n"] == 3
    assert results["tm_sync"]["unit"] == "operations"


def test_linux_periodic_run_with_threads_load_and_cpu(tmp_path: Path, workspace: Workspace,
                                                     linux_image: Build) -> None:
    out = tmp_path / "periodic.json"
    cpu = min(os.sched_getaffinity(0))
    home = home_sharing_builds(tmp_path / "home", workspace)
    proc = rtbench(home, "run", "--target", "linux", "--bench", "periodic_jitter", "--period", "1ms",
                   "--duration", "100ms", "--threads", "3", "--cpu", str(cpu), "--load", "cpu", "--histogram",
                   "--hist-limit", "1000000", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    (result,) = data["results"]
    assert result["status"] == "ok" and result["n"] == 300  # 100 periods per thread
    assert result["histogram"]["total"] == 300
    assert sum(result["histogram"]["counts"]) + result["histogram"]["overflow"] == 300
    manifest = data["manifest"]
    assert manifest["run"]["load"] == "cpu" and manifest["target_settings"]["cpu_pinned"] == str(cpu)
    assert manifest["run"]["guest_options"]["period_us"] == "1000"
    assert "(overflow)" in proc.stdout  # the printed histogram


def test_host_options_are_refused_for_an_emulated_target(tmp_path: Path) -> None:
    proc = rtbench(tmp_path, "run", "--target", "qemu-m3", "--load", "cpu")
    assert proc.returncode == 2 and "--load applies to targets that run on this machine" in proc.stderr
    proc = rtbench(tmp_path, "run", "--target", "linux", "--duration", "10s")
    assert proc.returncode == 2 and "--duration needs --period" in proc.stderr
    proc = rtbench(tmp_path, "run", "--target", "linux", "--period", "1.5us")
    assert proc.returncode == 2 and "whole number of microseconds" in proc.stderr
