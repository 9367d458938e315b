# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A calibration of a board run against its emulator twin: the ratio of medians with a bootstrap
interval per benchmark, what has no ratio and why, the summary; the document follows its
published schema and round-trips through the store; `rtbench calibrate` refuses what it cannot
calibrate with exit status 2."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.campaign.calibration import emulator_of, twin_request
from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale
from rtbench.results import calibration, schema, tables
from rtbench.results.store import Store

BOARD_MANIFEST = {"target": "board", "os": "freertos", "profile": "default", "unit": "cycles",
                  "kernel": {"version": "V11.2.0", "source": "/trees/FreeRTOS-Kernel",
                             "origin": "crate freertos-next 0.12.0 (cargo registry, sha256 b78)"},
                  "compiler": {"opt_flags": "-O2"}, "image": {"sha256": "ab"},
                  "run": {"iterations": 4, "warmup": 1, "options": {"period_us": "500"},
                          "benches": ["task_switch", "sem_take", "tm_basic", "periodic_jitter", "irq_latency"]},
                  "emulator": {"name": "board", "board": "NUCLEO-F401RE", "firmware": "board-stm32f4",
                               "clock_hz": "84000000", "flash_wait_states": "2"}}


def _result(bench: str, unit: str, samples: list[int], status: str = "ok") -> Result:
    return Result(bench, {}, unit, status, raw_samples=samples, scale=Scale(unit), iterations=len(samples))


def _runs() -> tuple[Run, Run]:
    board = Run(BOARD_MANIFEST, [_result("task_switch", "cycles", [90, 92, 91, 300]),
                                 _result("sem_take", "cycles", [70, 70, 70, 70]),
                                 _result("tm_basic", "operations", [1000]),
                                 _result("periodic_jitter", "cycles", [-3, 0, 2, 1]),
                                 _result("irq_latency", "cycles", [], status="fail")], run_id=7)
    emulator = Run({"target": "qemu-m4f", "os": "freertos", "unit": "instructions", "image": {"sha256": "cd"}},
                   [_result("task_switch", "instructions", [59, 59, 59, 59]),
                    _result("sem_take", "instructions", [50, 50, 50, 50]),
                    _result("tm_basic", "operations", [800]),
                    _result("periodic_jitter", "instructions", [-1, 0, 0, -2]),
                    _result("irq_latency", "instructions", [2, 2, 2, 2])], run_id=8)
    return board, emulator


def test_each_benchmark_gets_its_cycles_per_instruction() -> None:
    board, emulator = _runs()
    document = calibration.calibrate(board, "NUCLEO-F401RE", emulator, "qemu-m4f")
    rows = {row["label"]: row for row in document["rows"]}
    assert set(rows) == {"task_switch", "sem_take", "periodic_jitter", "irq_latency"}  # tm_basic counts operations
    assert document["left_out"] == 1 and document["ratio_unit"] == "cycles per instruction"
    switch = rows["task_switch"]
    assert switch["medians"] == {"board": 91.0, "emulator": 59.0}
    assert switch["ratio"] == pytest.approx(91 / 59)
    assert switch["ratio_low"] <= switch["ratio"] <= switch["ratio_high"] and switch["ratio_high"] > switch["ratio_low"]
    assert rows["sem_take"]["ratio"] == rows["sem_take"]["ratio_low"] == rows["sem_take"]["ratio_high"] == 1.4
    assert (rows["periodic_jitter"]["status"], rows["periodic_jitter"]["ratio"]) == ("no ratio", None)
    assert rows["irq_latency"]["status"] == "missing" and "no board median" in rows["irq_latency"]["reason"]
    assert document["summary"] == {"benchmarks": 2, "median": pytest.approx(1.4), "min": 1.4,
                                   "max": pytest.approx(91 / 59)}
    assert [c["role"] for c in document["columns"]] == ["board", "emulator"]
    assert document["columns"][0]["settings"]["clock_hz"] == "84000000"
    schema.validate(document, schema.CALIBRATION, "the calibration")
    text = calibration.summary_text(document)
    assert text == "NUCLEO-F401RE against qemu-m4f: 1.400 cycles per instruction (median over 2 benchmarks; " \
                   "from 1.400 to 1.542)"
    printed = tables.render(calibration.table(document), "table")
    assert "no ratio: the emulator's median is not above 0" in printed


def test_a_calibration_round_trips_through_the_store(tmp_path: Path) -> None:
    board, emulator = _runs()
    document = calibration.calibrate(board, "NUCLEO-F401RE", emulator, "qemu-m4f")
    with Store(tmp_path / "results.sqlite") as store:
        first = store.save_calibration(document)
        assert store.save_calibration(document) == first + 1
    with Store(tmp_path / "results.sqlite", read_only=True) as store:
        assert store.load_calibration(first) == (first, document)
        assert store.load_calibration()[0] == first + 1


def test_the_twin_is_the_board_runs_settings_on_the_emulator() -> None:
    board, _ = _runs()
    assert emulator_of(board) == "qemu-m4f"
    request = twin_request(board, "qemu-m4f")
    assert (request.target, request.os, request.profile, request.opt_flags) == \
        ("qemu-m4f", "freertos", "default", "-O2")
    assert (request.iterations, request.warmup, request.options) == (4, 1, {"period_us": "500"})
    assert request.bench == "task_switch,sem_take,tm_basic,periodic_jitter,irq_latency"
    assert request.kernel_src is None  # the registry's tree is found again
    mps2 = Run({**BOARD_MANIFEST, "emulator": {"board": "QEMU mps2-an386", "firmware": "qemu-m4f"}}, [], run_id=3)
    assert emulator_of(mps2) == "qemu-m4f"
    with pytest.raises(RtbenchError, match="was not run on a board"):
        emulator_of(Run({"target": "qemu-m3"}, [], run_id=2))


def _calibrate(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), "calibrate", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_command_refuses_what_it_cannot_calibrate(tmp_path: Path) -> None:
    with Store(tmp_path / "results.sqlite") as store:
        store.save(Run({"target": "qemu-m3", "os": "freertos"}, []))
    proc = _calibrate(tmp_path, "1")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "run 1 was not run on a board (--target board)" in proc.stderr
    proc = _calibrate(tmp_path, "--show")
    assert proc.returncode == 2 and "no calibration stored yet" in proc.stderr


def test_the_command_prints_a_stored_calibration(tmp_path: Path) -> None:
    board, emulator = _runs()
    with Store(tmp_path / "results.sqlite") as store:
        store.save_calibration(calibration.calibrate(board, "NUCLEO-F401RE", emulator, "qemu-m4f"))
    proc = _calibrate(tmp_path, "--show", "1", "--format", "csv")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("calibration 1: NUCLEO-F401RE against qemu-m4f: 1.400 cycles per instruction")
    assert lines[1].startswith("benchmark,params,board,emulator,ratio,interval")
    proc = _calibrate(tmp_path, "--show", "--json")
    assert proc.returncode == 0 and '"schema": "rtbench-calibration/1"' in proc.stdout
