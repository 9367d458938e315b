# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Turning results into JSON-ready rows and into the results table (rtbench.results.tables)."""
from __future__ import annotations

from typing import Any

from rtbench.errors import RtbenchError
from rtbench.model import Result, Run
from rtbench.results.schema import RUN, stamped
from rtbench.results.stats import histogram, summarize
from rtbench.results.tables import Cell, Column, Table, as_text, cell, params_text

# The statistics the table shows: title -> key in result_row.
# The cold first sample (taken before the warm-up) stands last, apart from the statistics it is not in.
_STAT_COLUMNS = {"n": "n", "min": "min", "median": "p50", "mean": "mean", "p99": "p99", "p99.9": "p999",
                 "max": "max", "stddev": "stddev", "mad": "mad", "cold": "cold"}


def result_row(result: Result) -> dict[str, Any]:
    """One result with its summary; statistics only for ok results (others have n=0)."""
    row: dict[str, Any] = {
        "bench": result.bench,
        "params": dict(result.params),
        "unit": result.unit,
        "status": result.status,
        "reason": result.reason,
        "notes": list(result.notes),
    }
    if result.image:
        row["image"] = result.image
    if result.status == "ok":
        row.update(summarize(result.samples()))
        cold = result.cold()
        if cold is not None:
            row["cold"] = cold
    else:
        row["n"] = 0
    return row


def result_histogram(result: Result, bin_width: int | None = None, limit: int | None = None) -> dict[str, Any]:
    """Exact histogram of an ok result's samples; values >= limit only count as overflow."""
    if bin_width is not None and bin_width < 1:
        raise RtbenchError("--bin-width must be at least 1")
    return histogram(result.samples(), bin_width=bin_width, limit=limit)


def histogram_text(result: Result, bin_width: int | None = None, limit: int | None = None, width: int = 40) -> str:
    """A result's histogram as text: one line per non-empty bin, then the overflow."""
    h = result_histogram(result, bin_width, limit)
    lines = [f"{result.label()} ({result.unit}): {h['total']} samples, bin width {h['width']}"]
    peak = max(h["counts"], default=0) or 1
    for i, count in enumerate(h["counts"]):
        if count:
            lo = h["lo"] + i * h["width"]
            bar = "#" * max(1, round(count * width / peak))
            lines.append(f"  [{lo}, {lo + h['width']})  {count:>8}  {bar}")
    if limit is not None:
        lines.append(f"  [{limit}, ...)  {h['overflow']:>8}  (overflow)")
    return "\n".join(lines)


def run_to_json(run: Run, with_samples: bool = True, bin_width: int | None = None,
                hist_limit: int | None = None) -> dict[str, Any]:
    """The run as a JSON-serialisable dict; samples are in the reported unit."""
    results = []
    for result in run.results:
        row = result_row(result)
        if result.status == "ok" and result.raw_samples:
            row["histogram"] = result_histogram(result, bin_width, hist_limit)
        if with_samples:
            row["samples"] = result.samples()
        results.append(row)
    return stamped(RUN, {"manifest": run.manifest, "run_id": run.run_id, "results": results})


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def cycles_as_time(cycles: float, clock_hz: float) -> str:
    """A cycle count as time at a nominal clock, in the unit that keeps it readable."""
    seconds = cycles / clock_hz
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if abs(seconds) >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def _columns(clock_hz: float | None) -> list[Column]:
    columns = [Column("benchmark", "benchmark", "code"), Column("params", "params"), Column("unit", "unit")]
    columns += [Column(key, title, "number") for title, key in _STAT_COLUMNS.items()]
    columns.append(Column("status", "status"))
    if clock_hz:
        columns.append(Column("median_time_s", "median time", "number"))
    return columns


def _cells(result: Result, clock_hz: float | None) -> tuple[list[Cell], str | None]:
    row = result_row(result)
    ok = result.status == "ok"
    cells = [cell(result.bench), cell(dict(result.params), params_text(result.params)), cell(result.unit)]
    # Non-ok rows get dashes: a failed benchmark has no numbers, not zeros.
    cells += [cell(row[key], _number(row[key])) if ok and key in row else cell(None)
              for key in _STAT_COLUMNS.values()]
    cells.append(cell(result.status))
    if clock_hz:
        timed = ok and result.unit == "cycles" and "p50" in row
        cells.append(cell(row["p50"] / clock_hz, cycles_as_time(row["p50"], clock_hz)) if timed else cell(None))
    note = None if ok else f"{result.status}: {' '.join(result.reason.split()) or 'no reason given'}"
    return cells, note


def run_table(results: list[Result], clock_hz: float | None = None) -> Table:
    """One row per result: the summary statistics of ok results, the reason of the others. With a
    nominal clock, results in cycles also have their median as time."""
    table = Table(_columns(clock_hz))
    for result in results:
        cells, note = _cells(result, clock_hz)
        table.add(cells, note, () if result.status == "ok" else ("bad",))
    return table


def runs_table(runs: list[tuple[str, Run]]) -> Table:
    """Several runs in one table for machines (CSV, JSON): a leading column names the run."""
    clock = next((run.manifest.get("clock_hz") for _, run in runs if run.manifest.get("clock_hz")), None)
    table = Table([Column("run", "run"), *_columns(clock)])
    for name, run in runs:
        for result in run.results:
            cells, note = _cells(result, run.manifest.get("clock_hz") or None)
            if clock and not run.manifest.get("clock_hz"):
                cells.append(cell(None))
            run_cell = cell(run.run_id if run.run_id is not None else name, name)
            table.add([run_cell, *cells], note, () if result.status == "ok" else ("bad",))
    return table


def results_table(results: list[Result], clock_hz: float | None = None) -> str:
    """An aligned table; each non-ok row is followed by a line with its reason."""
    return as_text.render(run_table(results, clock_hz))
