# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A bisection as people and machines read it: the tested revisions, the first bad commit with
both medians, and the functions that gained or lost instructions (text, or a static HTML page with
the tested medians along the first-parent path and the functions' deltas drawn), or its JSON
document."""
from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING

from ..analysis.bisect import BisectView, document
from ..results.tables import Column, Table, as_html, as_text, cell
from . import plotly_js

if TYPE_CHECKING:  # plotly (the html extra) only when a page is drawn: the text needs none of it
    import plotly.graph_objects as go


def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


def _signed(value: float) -> str:
    return f"{value:+.0f}" if float(value).is_integer() else f"{value:+.2f}"


def tested_table(shown: BisectView) -> Table:
    table = Table([Column("revision", "revision", "code"), Column("commit", "commit", "code"),
                   Column("status", "status"), Column("median", "median", "number"), Column("verdict", "verdict"),
                   Column("run", "run", "number")], empty="nothing tested")
    for tested in shown.found.tested:
        rev = tested.point.revision
        verdict = tested.verdict + (" (given)" if tested.given else "")
        table.add([cell(rev.name), cell(rev.short), cell(tested.point.status), cell(tested.value, _num(tested.value)),
                   cell(verdict), cell(tested.point.run.run_id)])
    return table


def functions_table(shown: BisectView) -> Table:
    table = Table([Column("function", "function", "code"), Column("before", "before", "number"),
                   Column("after", "after", "number"), Column("delta", "delta", "number")],
                  empty="no function's instructions changed")
    for row in shown.deltas:
        table.add([cell(row.name), cell(row.before, _num(row.before)), cell(row.after, _num(row.after)),
                   cell(row.delta, _signed(row.delta))])
    return table


def _found_lines(shown: BisectView) -> list[str]:
    found = shown.found
    if found.first_bad is None:
        return []
    first, parent = found.path[found.first_bad], found.path[found.first_bad - 1]
    before, after = shown.medians()
    lines = [f"first bad commit: {first.name} ({first.commit}) {first.subject}",
             f"  parent {parent.name} ({parent.short}): median {_num(before)} -> {_num(after)} {found.selection.unit}"
             + (f" ({_signed(after - before)})" if before is not None and after is not None else "")]
    if found.attribution_error:
        lines.append(f"per-function attribution: not available: {found.attribution_error}")
    elif found.attribution is not None:
        a, b = found.attribution
        lines += ["", (f"instructions per sample inside the measured interval, by function ({parent.name} -> "
                       f"{first.name}; n = {len(a.samples)} and {len(b.samples)}):"),
                  as_text.render(functions_table(shown)),
                  f"exact: each sample's functions add up to its count plus the read overhead the host subtracts "
                  f"({a.overhead} and {b.overhead} {found.selection.unit}): "
                  + ("yes" if a.exact and b.exact else "NO")]
        match = shown.traced_samples_match()
        if match is False:
            lines.append("note: the traced runs' samples differ from the stored points' (the plugin's run "
                         "is not the measured one)")
    return lines


def _heading(shown: BisectView) -> str:
    found = shown.found
    good, bad = found.path[0], found.path[-1]
    how = ("exact counts: a revision is bad when its median differs from the good one's"
           if found.selection.deterministic else
           "measured: a revision is bad when its median lies nearer the bad one's than the good one's")
    return (f"bisect {found.bench} on {found.selection.target} ({found.selection.kernel}): "
            f"{good.name}..{bad.name}, {len(found.path) - 2} commit(s) between (first parents); {how}")


def _outcome_lines(shown: BisectView) -> list[str]:
    found = shown.found
    good, bad = found.path[0], found.path[-1]
    lines = []
    if found.skipped:
        lines.append("skipped: " + "; ".join(f"{t.point.revision.name} ({t.reason})" for t in found.skipped))
    if shown.located:
        lines += _found_lines(shown)
    elif found.open_range == (0, 0):
        lines.append(f"{found.bench} has the same median at {good.name} and {bad.name}: no commit moved it")
    else:
        names = ", ".join(r.name for r in found.candidates)
        lines.append(f"the first bad commit is one of: {names} (the ones before the last are skipped: "
                     "they do not build or give no value)")
    return lines


def bisect_text(shown: BisectView) -> str:
    lines = [_heading(shown), as_text.render(tested_table(shown)), "", *_outcome_lines(shown)]
    return "\n".join(lines).rstrip() + "\n"


def _path_chart(shown: BisectView) -> go.Figure:
    """The tested medians in first-parent order: the bisection's steps, the first bad commit marked."""
    import plotly.graph_objects as go

    from . import plots

    found = shown.found
    tested = [(i, found.at(i)) for i in range(len(found.path))]
    shown_points = [(i, t) for i, t in tested if t is not None]
    colours = {"good": plots.BETTER, "bad": plots.WORSE}
    fig = go.Figure(go.Scatter(
        x=[found.path[i].name for i, _ in shown_points], y=[t.value for _, t in shown_points], mode="markers",
        marker={"size": [14 if i == found.first_bad else 9 for i, _ in shown_points],
                "symbol": ["diamond" if i == found.first_bad else "circle" for i, _ in shown_points],
                "color": [colours.get(t.verdict, plots.UNCHANGED) for _, t in shown_points]},
        hovertext=[f"{plots.plain(found.path[i].short)} {plots.plain(found.path[i].subject[:80])}<br>{t.verdict}"
                   for i, t in shown_points], hoverinfo="x+y+text", name="median"))
    fig.update_xaxes(type="category")
    fig.update_layout(template=plots.TEMPLATE, height=340, margin={"l": 60, "r": 20, "t": 20, "b": 110},
                      xaxis_title="tested revision (first-parent order)",
                      yaxis_title=f"median ({found.selection.unit})", showlegend=False)
    return fig


def _deltas_chart(shown: BisectView) -> go.Figure:
    import plotly.graph_objects as go

    from . import plots

    rows = list(reversed(shown.deltas))
    fig = go.Figure(go.Bar(x=[r.delta for r in rows], y=[r.name for r in rows], orientation="h",
                           marker={"color": [plots.WORSE if r.delta > 0 else plots.BETTER for r in rows]}))
    fig.update_layout(template=plots.TEMPLATE, height=120 + 24 * len(rows),
                      margin={"l": 200, "r": 20, "t": 20, "b": 50},
                      xaxis_title=f"{shown.found.selection.unit} per sample, first bad commit minus its parent")
    return fig


def bisect_html(shown: BisectView, plotly: str = plotly_js.DEFAULT) -> str:
    from . import plots
    from .htmlreport import page

    found = shown.found
    # The text's sentences; its tables (and the line that introduces one) are sections here.
    sentences = [line for line in (_heading(shown), *_outcome_lines(shown))
                 if line and "\n" not in line and not line.endswith(":")]
    opening = "".join(f"<p>{html.escape(line)}</p>" for line in sentences)
    path_chart = plots.html_of(_path_chart(shown), "bisect-path")
    sections = [("path", "Tested revisions",
                 f"<div class='fig'>{path_chart}</div>" + as_html.render(tested_table(shown)))]
    if shown.deltas:
        sections.append(("functions", "Functions that gained or lost instructions",
                         f"<div class='fig'>{plots.html_of(_deltas_chart(shown), 'bisect-functions')}</div>"
                         + as_html.render(functions_table(shown))))
    title = f"rtbench bisect of {found.bench}"
    first = found.path[found.first_bad].name if found.first_bad is not None else "not found"
    return page(title, f"first bad commit: {first}", opening, sections, plotly)


def bisect_json(shown: BisectView) -> str:
    return json.dumps(document(shown), indent=2) + "\n"
