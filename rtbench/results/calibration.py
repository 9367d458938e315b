# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A board calibrated against its emulator: the same benchmarks of the same kernel, built from the
same code, measured on the board (cycles of that part) and on the emulator (instructions, exact).
Per benchmark: both medians, their ratio (cycles per instruction) and its bootstrap interval;
over all of them, the ratio a user reads the emulator's figures with, and how far it ranges.

The document (rtbench-calibration/1) names its columns: "board" and "emulator" today, a timing
model's cycles ("model") as a third column later, each with its run and unit, and each row holds
one median per column."""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from ..model import Result, Run, result_label
from . import bootstrap
from .schema import CALIBRATION, stamped
from .stats import median
from .tables.model import Column, Table, cell, params_text

RESAMPLES = 2000
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Measured:
    """One column of a calibration: a run, what it ran on, and its unit."""

    role: str  # board, emulator (model, later)
    run: Run
    name: str  # the board's name, the emulator target's

    @property
    def unit(self) -> str:
        return str(self.run.manifest.get("unit", "raw"))

    def describe(self) -> dict[str, Any]:
        manifest = self.run.manifest
        return {"role": self.role, "name": self.name, "run_id": self.run.run_id, "unit": self.unit,
                "target": manifest.get("target"), "image_sha256": manifest.get("image", {}).get("sha256", ""),
                "settings": _settings(manifest) if self.role == "board" else {}}


def _settings(manifest: dict[str, Any]) -> dict[str, str]:
    """What the board ran at: its clock, flash wait states and accelerator, counters."""
    emulator = manifest.get("emulator", {})
    return {key: str(emulator[key]) for key in ("board", "board_file", "core", "clock_hz", "flash_wait_states",
                                                 "flash_accelerator", "timing") if key in emulator}


def _timed(result: Result, unit: str) -> bool:
    return result.status == "ok" and result.unit == unit and bool(result.raw_samples)


def _row(board: Result | None, emulator: Result | None, columns: list[Measured], seed: int) -> dict[str, Any]:
    key = board or emulator
    assert key is not None
    row: dict[str, Any] = {"bench": key.bench, "params": dict(key.params), "label": result_label(key.bench, key.params),
                           "medians": {}, "ratio": None, "ratio_low": None, "ratio_high": None, "status": "ok",
                           "reason": ""}
    for measured, result in zip(columns, (board, emulator)):
        row["medians"][measured.role] = (float(median(result.samples()))
                                         if result is not None and _timed(result, measured.unit) else None)
    missing = [m.role for m in columns if row["medians"][m.role] is None]
    if missing:
        row["status"], row["reason"] = "missing", f"no {' or '.join(missing)} median (not run, or not ok)"
        return row
    assert board is not None and emulator is not None
    estimate = bootstrap.compare_samples(emulator.samples(), board.samples(), resamples=RESAMPLES,
                                         confidence=CONFIDENCE, seed=seed, stats=("median",),
                                         paired=False)["median"]
    if estimate.ratio is None or estimate.ratio_ci is None:
        row["status"], row["reason"] = "no ratio", "the emulator's median is not above 0"
        return row
    row.update(ratio=estimate.ratio, ratio_low=estimate.ratio_ci.low, ratio_high=estimate.ratio_ci.high)
    return row


def calibrate(board: Run, board_name: str, emulator: Run, emulator_name: str, *, seed: int = 0) -> dict[str, Any]:
    """The calibration document of a board run against its emulator twin."""
    columns = [Measured("board", board, board_name), Measured("emulator", emulator, emulator_name)]
    on_emulator = {r.label(): r for r in emulator.results}
    rows, left_out = [], 0
    for result in board.results:
        twin = on_emulator.get(result.label())
        if result.unit != columns[0].unit and (twin is None or twin.unit != columns[1].unit):
            left_out += 1  # counted in another unit (operations, bytes): no cycles per instruction
            continue
        rows.append(_row(result, twin, columns, seed))
    ratios = sorted(row["ratio"] for row in rows if row["ratio"] is not None)
    kernel = board.manifest.get("kernel", {})
    return stamped(CALIBRATION, {
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "kernel": {"name": board.manifest.get("os"), "version": kernel.get("version", ""),
                   "profile": board.manifest.get("profile")},
        "columns": [m.describe() for m in columns],
        "ratio_unit": f"{columns[0].unit} per {columns[1].unit.removesuffix('s')}",
        "bootstrap": {"resamples": RESAMPLES, "confidence": CONFIDENCE, "seed": seed},
        "rows": rows,
        "left_out": left_out,
        "summary": {"benchmarks": len(ratios), "median": float(median(ratios)) if ratios else None,
                    "min": ratios[0] if ratios else None, "max": ratios[-1] if ratios else None},
    })


def _number(value: float | None, digits: int) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if digits == 0 else f"{value:.{digits}f}"


def table(document: dict[str, Any]) -> Table:
    """One row per benchmark: each column's median, the ratio and its interval."""
    columns = document["columns"]
    out = Table([Column("benchmark", "benchmark", "code"), Column("params", "params"),
                 *(Column(c["role"], f"{c['role']} ({c['unit']})", "number") for c in columns),
                 Column("ratio", document["ratio_unit"], "number"),
                 Column("interval", f"{round(document['bootstrap']['confidence'] * 100)}% interval", "text")])
    for row in document["rows"]:
        medians = [cell(row["medians"].get(c["role"]), _number(row["medians"].get(c["role"]), 0))
                   for c in columns]
        interval = (f"{row['ratio_low']:.3f} .. {row['ratio_high']:.3f}" if row["ratio"] is not None else "-")
        out.add([cell(row["bench"]), cell(row["params"], params_text(row["params"])), *medians,
                 cell(row["ratio"], _number(row["ratio"], 3)), cell(interval)],
                note=None if row["status"] == "ok" else f"{row['status']}: {row['reason']}",
                classes=() if row["status"] == "ok" else ("bad",))
    return out


def summary_text(document: dict[str, Any]) -> str:
    """The one line to read the emulator's figures with."""
    summary, unit = document["summary"], document["ratio_unit"]
    if not summary["benchmarks"]:
        return "no benchmark has both medians: nothing to calibrate"
    board, emulator = (c["name"] for c in document["columns"][:2])
    return (f"{board} against {emulator}: {summary['median']:.3f} {unit} (median over {summary['benchmarks']} "
            f"benchmarks; from {summary['min']:.3f} to {summary['max']:.3f})")
