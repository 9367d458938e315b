# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench report --campaign ID`: a stored campaign (campaign/readout.py) as tables. Its cells
(status, run, where it ran), then the matrix per benchmark: medians pivoted with one axis across
and the others down. For machines (--format csv or json) one tidy row per cell and benchmark instead.
And `rtbench compare --campaign ID --axis AXIS=A,B`'s table of the pairs campaign/axis.py compared."""
from __future__ import annotations

import itertools

from ..campaign.axis import Compared
from ..campaign.readout import Campaign, ResultKey, choose_axes, median_of
from ..campaign.stored import first_problem
from ..model import Result
from ..results import compare
from ..results.stats import summarize
from ..results.tables import Column, Table, as_markdown, as_text, cell, params_text

UNIT_SHORT = {"instructions": "instr", "cycles": "cyc", "operations": "ops", "bytes": "B"}


def number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def value_text(result: Result | None, with_unit: bool) -> str:
    if result is None:
        return "absent"
    value = median_of(result)
    if value is None:
        return result.status
    return number(value) + (f" {UNIT_SHORT.get(result.unit, result.unit)}" if with_unit else "")


def header_lines(campaign: Campaign) -> list[str]:
    current = campaign.view
    statuses = [c.status for cells in campaign.stored.values() for c in cells]
    counts = ", ".join(f"{statuses.count(s)} {s}" for s in ("ok", "fail", "error") if statuses.count(s))
    description = current.cells[-1].manifest["campaign"].get("description") if current.cells else ""
    lines = [f"campaign {current.campaign}: {len(statuses)} cell run(s) ({counts})"
             + (f" — {description}" if description else "")]
    for axis in campaign.axes:
        lines.append(f"  axis {axis}: {', '.join(campaign.labels(axis))}")
    if current.superseded:
        lines.append(f"  {len(current.superseded)} older run(s) of the same cells are not shown (the newest counts): "
                     "runs " + ", ".join(str(c.run_id) for c in current.superseded))
    if current.other_form:
        lines.append(f"  {len(current.other_form)} run(s) of an earlier form of the matrix (other axes) are not shown")
    return lines


def cells_table(campaign: Campaign) -> Table:
    repeats = max(len(cells) for cells in campaign.stored.values())
    columns = [Column(axis, axis) for axis in campaign.axes]
    columns += [Column("status", "status"), Column("runs" if repeats > 1 else "run", "runs" if repeats > 1 else "run"),
                Column("target", "target"), Column("kernel", "kernel"), Column("unit", "unit"),
                Column("results", "ok/fail/error", "number"), Column("seconds", "time", "number"),
                Column("worker", "where")]
    table = Table(columns, empty="no cells")
    for coordinates in campaign.coordinates:
        stored, run = campaign.stored[coordinates], campaign.runs[coordinates]
        manifest = stored[-1].manifest
        status = next((s for s in ("error", "fail") if any(c.status == s for c in stored)), "ok")
        kernel = manifest.get("kernel", {}) if isinstance(manifest.get("kernel"), dict) else {}
        kernel_text = f"{kernel.get('name', manifest.get('os', ''))} {kernel.get('version', '')}".strip()
        count = {s: sum(r.status == s for r in run.results) for s in ("ok", "fail", "error")}
        seconds = sum(float(c.manifest["campaign"].get("seconds") or 0) for c in stored)
        errors = [c.error for c in stored if c.error] + [p for p in [first_problem(run)] if p]
        table.add([cell(label) for _, label in coordinates] + [
            cell(status), cell([c.run_id for c in stored], ", ".join(str(c.run_id) for c in stored)),
            cell(manifest.get("target")), cell(kernel_text),
            cell(manifest.get("unit")), cell(count, f"{count['ok']}/{count['fail']}/{count['error']}"),
            cell(seconds, f"{seconds:.0f} s"),
            cell(", ".join(dict.fromkeys(str(c.manifest["campaign"].get("worker", "")) for c in stored)))],
            note=errors[0].strip().splitlines()[0] if errors else None, classes=("bad",) if status != "ok" else ())
    return table


def pivot(campaign: Campaign, key: ResultKey, rows: str | None, columns: str | None) -> Table:
    """One benchmark's medians: the `columns` axis across, every other axis down (`rows` first)."""
    down = ([rows] if rows else []) + [a for a in campaign.axes if a not in (rows, columns)]
    across = campaign.labels(columns) if columns else [""]
    units = {r.unit for c in campaign.coordinates if (r := campaign.result(c, key)) is not None}
    table = Table([Column(axis, axis) for axis in down]
                  + [Column(f"c{i}", label or "median", "number") for i, label in enumerate(across)],
                  empty="no cells")
    for combination in itertools.product(*(campaign.labels(axis) for axis in down)):
        fixed = dict(zip(down, combination))
        row = []
        for label in across:
            wanted = {**fixed, **({columns: label} if columns else {})}
            coordinates = next((c for c in campaign.coordinates if dict(c) == wanted), None)
            result = campaign.result(coordinates, key) if coordinates else None
            row.append(cell(median_of(result), value_text(result, len(units) > 1) if coordinates else ""))
        if any(c.text for c in row):
            table.add([cell(v) for v in combination] + row)
    return table


_TIDY_STATISTICS = ("n", "min", "p50", "mean", "p99", "p999", "max", "stddev", "mad")


def tidy(campaign: Campaign) -> Table:
    """One row per cell and benchmark, every statistic: for spreadsheets and scripts."""
    columns = [Column(axis, axis) for axis in campaign.axes] + [
        Column("run", "run"), Column("benchmark", "benchmark", "code"), Column("params", "params"),
        Column("unit", "unit")] + [Column(k, k, "number") for k in _TIDY_STATISTICS]
    columns.append(Column("status", "status"))
    table = Table(columns, empty="no results")
    for coordinates in campaign.coordinates:
        run = campaign.runs[coordinates]
        runs = ", ".join(str(c.run_id) for c in campaign.stored[coordinates])
        for result in run.results:
            stats = summarize(result.samples()) if result.status == "ok" and result.raw_samples else {}
            table.add([cell(label) for _, label in coordinates]
                      + [cell(runs), cell(result.bench), cell(dict(result.params), params_text(result.params)),
                         cell(result.unit)]
                      + [cell(stats.get(k)) for k in _TIDY_STATISTICS]
                      + [cell(result.status)],
                      note=None if result.status in ("ok", "unsupported") else result.reason or result.status)
    return table


def render(campaign: Campaign, rows: str | None, columns: str | None, fmt: str) -> str:
    """The cells and one pivot per benchmark, as aligned text or Markdown."""
    rows, columns = choose_axes(campaign, rows, columns)
    heading = f"medians, {columns} across" if columns else "medians"
    if fmt == "markdown":
        out = [f"## {as_markdown.escape(header_lines(campaign)[0])}", ""]
        out += [f"- {as_markdown.escape(line.strip())}" for line in header_lines(campaign)[1:]]
        out += ["", as_markdown.render(cells_table(campaign))]
        for key, label in campaign.benchmarks():
            out += ["", f"### {as_markdown.code(label)} ({as_markdown.escape(heading)})", "",
                    as_markdown.render(pivot(campaign, key, rows, columns))]
        return "\n".join(out)
    out = header_lines(campaign) + ["", as_text.render(cells_table(campaign))]
    for key, label in campaign.benchmarks():
        out += ["", f"{label} ({heading})", as_text.render(pivot(campaign, key, rows, columns))]
    return "\n".join(out)


def axis_table(compared: list[Compared]) -> tuple[Table, list[str]]:
    """A row per benchmark, a column per pair: B/A median ratio [95% interval]; and notes: the
    settings (fairness rules) in which B and A differ, the pairs not compared (different units)."""
    notes = [f"{c.pair.title()}: not compared: {c.error}" for c in compared if c.comparison is None]
    differ = dict.fromkeys(d.label for c in compared if c.comparison for d in c.comparison.differences)
    if differ:
        notes.insert(0, "fairness: B and A differ in " + ", ".join(differ) + " (rtbench compare on one pair "
                     "lists the values; narrow to one with --where)")
    columns = [Column("benchmark", "benchmark", "code"), Column("params", "params")]
    # Keyed by the whole combination (CSV, JSON); titled by its values alone, to keep the text narrow.
    columns += [Column(c.pair.title(), " ".join(v for _, v in c.pair.context) or "-", "parts", compare.ESTIMATE_PARTS)
                for c in compared]
    out = Table(columns, empty="no benchmarks to compare")
    keys: dict[tuple[str, tuple[tuple[str, object], ...]], dict[int, compare.Row]] = {}
    for index, pair in enumerate(compared):
        for compared_row in pair.comparison.rows if pair.comparison else []:
            keys.setdefault((compared_row.bench, tuple(sorted(compared_row.params.items()))), {})[index] = compared_row
    for (bench, params), rows in keys.items():
        cells = [cell(bench), cell(dict(params), ",".join(f"{k}={v}" for k, v in params) or "-")]
        significant = False
        for index in range(len(compared)):
            row = rows.get(index)
            estimate = row.estimates[0] if row and row.estimates else None
            if row is None or estimate is None:
                status = next((r.status for r in (row.results if row else []) if r and r.status != "ok"), None)
                cells.append(cell(None, status or "-"))
                continue
            single_value = compare.single_value(row.results[0], row.results[1])
            significant |= row.significant
            cells.append(cell(compare.estimate_parts(estimate["median"], single_value),
                              compare.versus_text(estimate["median"], single_value)))
        out.add(cells, classes=("significant",) if significant else ())
    return out, notes
