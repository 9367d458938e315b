# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Turning results into JSON-ready rows and into the results table (rtbench.results.tables)."""
from __future__ import annotations

from typing import Any

from rtbench.errors import RtbenchError
from rtbench.model import Result, Run
from rtbench.results.model_cycles import model_result, model_row
from rtbench.results.schema import RUN, stamped
from rtbench.results.split import LEGEND as SPLIT_LEGEND
from rtbench.results.split import Split, median_split
from rtbench.results.stats import histogram, summarize
from rtbench.results.tables import Cell, Column, Table, as_text, cell, params_text

# The statistics the table shows: title -> key in result_row.
# The cold first sample (taken before the warm-up) stands last, apart from the statistics it is not in.
_STAT_COLUMNS = {"n": "n", "min": "min", "median": "p50", "mean": "mean", "p99": "p99", "p99.9": "p999",
                 "max": "max", "stddev": "stddev", "mad": "mad", "cold": "cold"}


def result_row(result: Result) -> dict[str, Any]:
    """One result with its summary; statistics only for ok results (others have n=0)."""
    return _summary(result)[0]


def _summary(result: Result) -> tuple[dict[str, Any], Split | None]:
    """The result's JSON-ready row and its split median (None when not split, or not ok)."""
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
    split = None
    if result.status == "ok":
        samples = result.samples()
        row.update(summarize(samples))
        split = median_split(samples)
        if split is not None:
            row["median_split"] = split.record()
        cold = result.cold()
        if cold is not None:
            row["cold"] = cold
    else:
        row["n"] = 0
    return row, split


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
        if result.model is not None:
            row["model_cycles"] = model_row(result.model, with_samples)
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


# A split median's parts in the tables for machines (CSV, JSON); people read them in the median's cell.
SPLIT_PARTS = ("low", "high", "low_share", "high_share", "flip")


def _columns(clock_hz: float | None, split_column: bool = False) -> list[Column]:
    columns = [Column("benchmark", "benchmark", "code"), Column("params", "params"), Column("unit", "unit")]
    columns += [Column(key, title, "number") for title, key in _STAT_COLUMNS.items()]
    columns.append(Column("status", "status"))
    if clock_hz:
        columns.append(Column("median_time_s", "median time", "number"))
    if split_column:
        columns.append(Column("median_split", "median split", "parts", SPLIT_PARTS))
    return columns


def split_parts(split: Split | None) -> Cell:
    """A split median as a parts cell (None when the median is not split)."""
    if split is None:
        return cell(None)
    values = [split.low, split.high, split.low_count / split.n, split.high_count / split.n, split.flip]
    return cell(dict(zip(SPLIT_PARTS, values)), split.text(_number))


def _stat_cell(row: dict[str, Any], key: str, split: Split | None) -> Cell:
    if key == "p50" and split is not None:
        return cell(row[key], split.text(_number))  # a median a few samples flip is never shown bare
    return cell(row[key], _number(row[key]))


def _cells(result: Result, clock_hz: float | None, time_column: bool = False,
           split_column: bool = False) -> tuple[list[Cell], str | None, Split | None]:
    """A result's cells, its note and its split median; with a nominal clock (or time_column,
    for a table of several runs) the median as time; with split_column the split's parts."""
    row, split = _summary(result)
    ok = result.status == "ok"
    cells = [cell(result.bench), cell(dict(result.params), params_text(result.params)), cell(result.unit)]
    # Non-ok rows get dashes: a failed benchmark has no numbers, not zeros.
    cells += [_stat_cell(row, key, split) if ok and key in row else cell(None) for key in _STAT_COLUMNS.values()]
    cells.append(cell(result.status))
    if clock_hz or time_column:
        timed = ok and result.unit == "cycles" and "p50" in row
        cells.append(_time_cell(row["p50"], clock_hz, split) if clock_hz and timed else cell(None))
    if split_column:
        cells.append(split_parts(split))
    note = None if ok else f"{result.status}: {' '.join(result.reason.split()) or 'no reason given'}"
    return cells, note, split


def _time_cell(median: float, clock_hz: float, split: Split | None) -> Cell:
    text = split.text(lambda v: cycles_as_time(v, clock_hz)) if split else cycles_as_time(median, clock_hz)
    return cell(median / clock_hz, text)


# How a table's unit column shows a timing model's cycles (the full unit, with the model and its
# parameters, is in the run's heading and in the machine formats).
MODEL_UNIT_TEXT = "model cycles"


def run_table(results: list[Result], clock_hz: float | None = None) -> Table:
    """One row per result: the summary statistics of ok results, the reason of the others. With a
    nominal clock, results in cycles also have their median as time. A result that a timing model
    also timed has a second row, in model cycles."""
    table = Table(_columns(clock_hz))
    for result in results:
        cells, note, split = _cells(result, clock_hz)
        table.add(cells, note, _classes(result, split))
        modelled = model_result(result)
        if modelled is not None and result.status == "ok":
            cells, note, split = _cells(modelled, None, time_column=bool(clock_hz))
            cells[2] = cell(modelled.unit, MODEL_UNIT_TEXT)
            if modelled.status != "ok":  # the result stands; only its model cycles are missing
                cells[2 + 1 + len(_STAT_COLUMNS)] = cell("none", "no model")
            table.add(cells, note and f"model: {modelled.reason}", _classes(modelled, split))
    return table


def _classes(result: Result, split: Split | None) -> tuple[str, ...]:
    """`bad` for a result that is not ok, `split` for one whose median is split."""
    return ("bad",) if result.status != "ok" else ("split",) if split else ()


def runs_table(runs: list[tuple[str, Run]]) -> Table:
    """Several runs in one table for machines (CSV, JSON): a leading column names the run, and
    a split median's parts have a column of their own."""
    clock = next((run.manifest.get("clock_hz") for _, run in runs if run.manifest.get("clock_hz")), None)
    table = Table([Column("run", "run"), *_columns(clock, split_column=True)])
    for name, run in runs:
        for result in run.results:
            cells, note, split = _cells(result, run.manifest.get("clock_hz") or None, time_column=bool(clock),
                                        split_column=True)
            run_cell = cell(run.run_id if run.run_id is not None else name, name)
            table.add([run_cell, *cells], note, _classes(result, split))
    return table


def split_note(table: Table) -> list[str]:
    """The line under a table with a split median: how to read it."""
    split = any("split" in row.classes for row in table.rows)
    return [f"split: {SPLIT_LEGEND} (docs/concepts/statistics.md)"] if split else []


def results_table(results: list[Result], clock_hz: float | None = None) -> str:
    """An aligned table; each non-ok row is followed by a line with its reason."""
    return as_text.render(run_table(results, clock_hz))
