"""Turning results into JSON-ready rows and a plain-text table."""
from __future__ import annotations

from typing import Any

from rtbench.errors import RtbenchError
from rtbench.model import Result, Run
from rtbench.schema import RUN, stamped
from rtbench.stats import histogram, summarize

STAT_KEYS = ("n", "min", "p50", "mean", "p90", "p99", "p999", "max", "stddev", "jitter")
_COLUMNS = ("benchmark", "params", "unit", "n", "min", "median", "mean", "p99", "max",
            "stddev", "status")
_STAT_COLUMNS = {"n": "n", "min": "min", "median": "p50", "mean": "mean", "p99": "p99",
                 "max": "max", "stddev": "stddev"}
_LEFT = {"benchmark", "params", "unit", "status"}


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
    if result.status == "ok":
        row.update(summarize(result.samples()))
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


def format_params(params: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(params.items())) or "-"


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def cycles_as_time(cycles: float, clock_hz: float) -> str:
    """A cycle count as time at a nominal clock, in the unit that keeps it readable."""
    seconds = cycles / clock_hz
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if abs(seconds) >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def results_table(results: list[Result], clock_hz: float | None = None) -> str:
    """An aligned table; each non-ok row is followed by a line with its reason. With a nominal
    clock, results in cycles also show their median as time."""
    if not results:
        return "no results"
    if clock_hz:
        lines = results_table(results).splitlines()
        extra: list[str] = []
        for result in results:
            row = result_row(result)
            timed = result.status == "ok" and result.unit == "cycles" and "p50" in row
            extra.append(cycles_as_time(row["p50"], clock_hz) if timed else "-")
        width = max(len("median time"), *(len(e) for e in extra))
        out = [lines[0] + "  " + "median time".rjust(width), lines[1] + "  " + "-" * width]
        times = iter(extra)
        for text in lines[2:]:
            is_reason = text.startswith("    ^")
            out.append(text if is_reason else text.ljust(len(lines[0])) + "  " + next(times).rjust(width))
        return "\n".join(out)
    rows: list[tuple[list[str], str | None]] = []
    for result in results:
        row = result_row(result)
        ok = result.status == "ok"
        cells = [result.bench, format_params(result.params), result.unit]
        for key in _STAT_COLUMNS.values():
            # Non-ok rows get dashes: a failed benchmark has no numbers, not zeros.
            cells.append(_number(row[key]) if ok and key in row else "-")
        cells.append(result.status)
        note = None if ok else f"{result.status}: {_one_line(result.reason) or 'no reason given'}"
        rows.append((cells, note))
    widths = [max(len(title), *(len(cells[i]) for cells, _ in rows))
              for i, title in enumerate(_COLUMNS)]

    def line(cells: list[str] | tuple[str, ...]) -> str:
        parts = [c.ljust(w) if title in _LEFT else c.rjust(w)
                 for c, w, title in zip(cells, widths, _COLUMNS)]
        return "  ".join(parts).rstrip()

    out = [line(_COLUMNS), line(["-" * w for w in widths])]
    for cells, note in rows:
        out.append(line(cells))
        if note is not None:
            out.append(f"    ^ {note}")
    return "\n".join(out)
