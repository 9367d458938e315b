# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The comparison sections of the HTML report: the fairness warnings, the chart of every ratio
with its interval, what the chart cannot show (signed differences, single values), and the full
comparison table."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from ..analysis import verdict
from ..results import compare
from ..results.tables import Column, Table, as_html, cell, params_text
from . import plots

# Draws a figure into the page under a title: (figure, title, div id) -> HTML.
AddFigure = Callable[..., str]


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def fairness(comparison: compare.Comparison) -> str:
    if not comparison.differences:
        return ""
    letters = compare.letters_for(len(comparison.runs))
    items = "".join(f"<li>{_e(d.describe(letters))}</li>" for d in comparison.differences)
    return (f'<div class="fair"><b>Fairness:</b> the runs differ in settings that bias the comparison:'
            f"<ul>{items}</ul></div>")


def ratios(comparison: compare.Comparison, add_figure: AddFigure) -> str:
    """The chart of every ratio to A, then what it cannot show: signed differences, single values."""
    letters = compare.letters_for(len(comparison.runs))
    panels = [(f"{letters[i + 1]}/A", verdict.ratio_points(comparison, i)) for i in range(len(comparison.runs) - 1)]
    out = []
    if any(points for _, points in panels):
        out.append(
            f'<p class="note">Each benchmark\'s ratio to A on a log scale (0.5 and 2 are equally far from 1). '
            f"Dot: median, open diamond: mean; bars: bootstrap {comparison.confidence:.0%} interval "
            f"({comparison.resamples} resamples, seed {comparison.seed}; paired when the sample counts match). "
            "Red: significantly worse (slower, or larger), green: significantly better, grey: the interval "
            "includes 1. Throughput (operations per period) is slower below 1. Single values and benchmarks "
            "whose A value is not positive are listed below the chart.</p>")
        out.append(add_figure(plots.ratio_forest([p for p in panels if p[1]]), div_id="ratio-chart"))
    signed = [(letters[i + 1], d) for i in range(len(comparison.runs) - 1) for d in verdict.differences(comparison, i)]
    if signed:
        items = "".join(f"<li>{_e(label)}: {_e(letter)} − A = {_e(compare.versus_text(estimate))} {_e(unit)} "
                        f"(median)</li>" for letter, (label, unit, estimate) in signed)
        out.append(f"<p class='note'>As a difference (A's value is not positive, so no ratio):</p><ul>{items}</ul>")
    singles = _singles(comparison)
    if singles:
        out.append("<h3>Single values</h3><p class='note'>One sample per run (boot_time, footprint): the values "
                   "themselves, compared exactly, without an interval.</p>" + singles)
    return "\n".join(out)


def _singles(comparison: compare.Comparison) -> str:
    letters = compare.letters_for(len(comparison.runs))
    columns = [Column("benchmark", "benchmark", "code"), Column("params", "params"), Column("unit", "unit")]
    columns += [Column(letter, letter, "number") for letter in letters]
    columns += [Column(f"{letter}/A", f"{letter}/A", "number") for letter in letters[1:]]
    table = Table(columns)
    for row in comparison.rows:
        measured = [r for r in row.results if r is not None and r.status == "ok" and r.raw_samples]
        if len(measured) != len(row.results) or any(len(r.raw_samples) != 1 for r in measured):
            continue
        values = [r.samples()[0] for r in measured]
        ratios = [cell(v / values[0], compare.ratio_text(v / values[0])) if values[0] > 0 else cell(None)
                  for v in values[1:]]
        changed = any(v != values[0] for v in values[1:])
        table.add([cell(row.bench), cell(dict(row.params), params_text(row.params)), cell(row.unit),
                   *(cell(v) for v in values), *ratios], classes=("significant",) if changed else ())
    return f'<div class="wide">{as_html.render(table)}</div>' if table.rows else ""


def full_table(comparison: compare.Comparison) -> str:
    table = compare.comparison_table(comparison)
    marked = sum(1 for row in table.rows if "significant" in row.classes)
    legend = "".join(f"<li>{_e(line)}</li>" for line in compare.legend(comparison))
    return (f"<details><summary>The comparison table: {len(table.rows)} rows, {marked} with an interval that "
            f"excludes 1</summary><ul class='note'>{legend}</ul><div class=\"wide\">{as_html.render(table)}</div>"
            "</details>")
