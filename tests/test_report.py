# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Result rows, JSON and the plain-text table."""
from __future__ import annotations

import json

from rtbench.model import Result, Run, Scale
from rtbench.reports.report import result_row, results_table, run_to_json

SCALE = Scale("instructions", 5, 16)


def results() -> list[Result]:
    return [
        # samples(): 320 -> 99, 336 -> 104, 352 -> 109, 320 -> 99
        Result("ctx_switch", {}, "instructions", "ok", raw_samples=[320, 336, 352, 320],
               overhead_raw=3, scale=SCALE, iterations=4),
        Result("sem_give", {"tasks": 2, "prio": 1}, "instructions", "ok", notes=["heap_4"],
               raw_samples=[160, 176, 192], overhead_raw=3, scale=SCALE),
        Result("mutex_pi", {}, "instructions", "fail", reason="owner was not boosted",
               scale=SCALE),
        Result("isr_latency", {"load": 50}, "instructions", "error",
               reason="records lost: expected seq 40, got 42", scale=SCALE),
        Result("tick", {}, "instructions", "unsupported", reason="no\ntimer", scale=SCALE),
    ]


def test_result_row_ok() -> None:
    row = result_row(results()[0])
    assert row["bench"] == "ctx_switch" and row["params"] == {} and row["status"] == "ok"
    assert (row["n"], row["min"], row["p50"], row["max"], row["jitter"]) == (4, 99, 99, 109, 10)
    assert row["mean"] == 102.75
    assert row["p99"] == 109 and row["p999"] == 109 and row["p90"] == 109


def test_result_row_not_ok_has_no_stats() -> None:
    row = result_row(results()[2])
    assert row["n"] == 0 and row["status"] == "fail" and row["reason"] == "owner was not boosted"
    assert "min" not in row and "mean" not in row


def test_run_to_json() -> None:
    run = Run(manifest={"target": "qemu-m3"}, results=results(), run_id=3)
    data = run_to_json(run)
    json.dumps(data)  # must be serialisable
    assert data["manifest"] == {"target": "qemu-m3"} and data["run_id"] == 3
    assert len(data["results"]) == 5
    for row in data["results"]:
        for key in ("bench", "params", "unit", "n", "status", "samples"):
            assert key in row
    ok = data["results"][0]
    for key in ("min", "p50", "mean", "p99", "max", "stddev"):
        assert key in ok
    assert ok["samples"] == [99, 104, 109, 99]
    assert data["results"][2]["samples"] == []
    assert "samples" not in run_to_json(run, with_samples=False)["results"][0]


def test_table_lists_every_bench_and_reasons() -> None:
    table = results_table(results())
    lines = table.splitlines()
    header = lines[0].split()
    assert header == ["benchmark", "params", "unit", "n", "min", "median", "mean", "p99", "p99.9", "max",
                      "stddev", "mad", "cold", "status"]
    for name in ("ctx_switch", "sem_give", "mutex_pi", "isr_latency", "tick"):
        assert name in table
    ctx = next(line for line in lines if line.startswith("ctx_switch")).split()
    # n min median mean p99 p99.9 max stddev mad cold; mean/stddev with one decimal (sqrt(68.75/3) = 4.79);
    # MAD: the median of the distances [0, 0, 5, 10] from the median 99; no cold sample was kept
    assert ctx[1:] == ["-", "instructions", "4", "99", "99", "102.8", "109", "109", "109", "4.8", "0", "-", "ok"]
    sem = next(line for line in lines if line.startswith("sem_give")).split()
    assert sem[1] == "prio=1,tasks=2"
    # non-ok rows: dashes instead of numbers, and the reason on the following line
    i = next(i for i, line in enumerate(lines) if line.startswith("mutex_pi"))
    assert lines[i].split()[3:] == ["-"] * 10 + ["fail"]
    assert "fail: owner was not boosted" in lines[i + 1]
    assert not lines[i + 1].startswith("mutex_pi")
    assert "records lost: expected seq 40, got 42" in table
    assert "unsupported: no timer" in table  # newline in a reason stays on one line


def test_table_columns_align() -> None:
    lines = results_table(results()).splitlines()
    rows = [line for line in lines if not line.startswith("    ")]
    status_col = lines[0].index("status")
    assert all(len(line) >= status_col for line in rows)
    assert all(line[status_col - 2: status_col] == "  " for line in rows[2:])


def test_empty_table() -> None:
    assert results_table([]) == "no results"


def test_median_time_column_lines_up_after_any_status() -> None:
    cycles = Scale("cycles")
    rows = [Result("task_switch", {}, "cycles", "ok", raw_samples=[361, 362, 361], scale=cycles),
            Result("sched_decision", {"tasks": 5}, "cycles", "unsupported", reason="no hook", scale=cycles),
            Result("irq_latency", {}, "cycles", "ok", raw_samples=[265] * 3, scale=cycles)]
    lines = results_table(rows, clock_hz=100e6).splitlines()
    assert lines[0].endswith("status       median time")  # the status column is as wide as 'unsupported'
    table_rows = [line for line in lines[2:] if not line.startswith("    ^")]
    assert [line[-7:] for line in table_rows] == ["3.61 us", "      -", "2.65 us"]
    assert len({len(line) for line in table_rows}) == 1
