# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A kernel's history and an A/B of two revisions as people and machines read them: text tables,
the JSON Lines export (one line per point and benchmark, as sel4bench-results), and a static
HTML page with a chart per benchmark and its change points marked."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import files
from ..acquire import setup_parts
from ..analysis.history import AB, HistoryView, Step, median_of, records, status_of
from ..analysis.verdict import label
from ..campaign.history import BUILD_FAILED, Point
from ..errors import RtbenchError
from ..results.tables import Column, Table, as_html, as_text, cell
from . import bmf, plotly_js

if TYPE_CHECKING:  # plotly (the html extra) only when a page is drawn: the text needs none of it
    import plotly.graph_objects as go


def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _delta(step: Step) -> str:
    if step.delta is None:
        return "-"
    text = f"{step.delta:+.0f}" if float(step.delta).is_integer() else f"{step.delta:+.1f}"
    return text + (f" ({step.ratio - 1:+.2%})" if step.ratio is not None and step.changed else "")


def _point_name(point: Point) -> str:
    return point.revision.name if point.revision.name.startswith(point.revision.short[:7]) \
        else f"{point.revision.name} ({point.revision.short})"


def ab_table(ab: AB) -> Table:
    table = Table([Column("benchmark", "benchmark", "code"), Column("unit", "unit"),
                   Column("a_median", "A median", "number"), Column("b_median", "B median", "number"),
                   Column("delta", "B - A", "number"), Column("change", "change")], empty="no benchmarks")
    for step in ab.steps:
        table.add([cell(step.label), cell(step.unit), cell(step.before, _num(step.before)),
                   cell(step.after, _num(step.after)), cell(step.delta, _delta(step)), cell(step.word)],
                  note=step.why or None, classes=("bad",) if step.worse else ())
    return table


def ab_text(ab: AB) -> str:
    lines = [f"A = {_point_name(ab.a)}: {ab.a.status}" + (f" ({ab.a.error})" if ab.a.error else ""),
             f"B = {_point_name(ab.b)}: {ab.b.status}" + (f" ({ab.b.error})" if ab.b.error else "")]
    if ab.deterministic:
        lines.append(f"{ab.target} counts exactly and repeats bit for bit: every changed median is a change "
                     "(no statistics, no threshold)")
    else:
        lines.append(f"{ab.target} is measured, not exact: changes are judged by the medians' bootstrap "
                     "95% intervals, as `rtbench compare` does")
    lines += ["", as_text.render(ab_table(ab))]
    notes = [f"  {s.label}: {s.why}" for s in ab.steps if s.why]
    if notes:
        lines += ["", "not compared:", *notes]
    if ab.pair is not None:
        changes = ab.pair.worse + ab.pair.better
        if changes:
            lines += ["", "significant changes (median or mean interval excludes no change):"]
            lines += [f"  {c.label}: {c.word}" for c in changes]
    lines += ["", ab.verdict_line()]
    return "\n".join(lines)


# Up to this many points, the text shows every benchmark's median at every point.
MEDIANS_SHOWN = 12


def points_table(view: HistoryView) -> Table:
    """One row per point: the revision, its status, how many benchmarks changed there."""
    moved: dict[str, int] = {}
    for change in view.changes:
        moved[change.after.revision.commit] = moved.get(change.after.revision.commit, 0) + 1
    table = Table([Column("revision", "revision", "code"), Column("commit", "commit", "code"),
                   Column("status", "status"), Column("changes", "changes", "number"), Column("run", "run", "number"),
                   Column("subject", "subject")], empty="no points")
    for point in view.history.points:
        revision = point.revision
        changed = moved.get(revision.commit, 0) if view.method else None
        table.add([cell(revision.name), cell(revision.commit, revision.short), cell(point.status),
                   cell(changed), cell(point.run.run_id), cell(revision.subject, revision.subject[:60])],
                  note=point.error if point.status != "ok" else None,
                  classes=("bad",) if point.status != "ok" else ())
    return table


def _units(view: HistoryView) -> dict[str, str]:
    units: dict[str, str] = {}
    for point in view.history.points:
        for result in point.run.results:
            units.setdefault(label(result.bench, result.params), result.unit)
    return units


def medians_table(view: HistoryView) -> Table:
    """One row per benchmark, one column per point: its median there (or why there is none)."""
    points = view.history.points
    columns = [Column("benchmark", "benchmark", "code"), Column("unit", "unit")]
    columns += [Column(p.revision.commit, p.revision.name, "number") for p in points]
    table = Table(columns, empty="no benchmarks")
    units = _units(view)
    for name in view.labels:
        cells = [cell(name), cell(units.get(name, ""))]
        for point in points:
            value = median_of(point, name)
            cells.append(cell(value, _num(value) if value is not None else
                              ("-" if point.status == BUILD_FAILED else status_of(point, name))))
        table.add(cells)
    return table


def changes_table(view: HistoryView, commit: str | None = None) -> Table:
    """The changes (at one revision, or all of them)."""
    table = Table([Column("benchmark", "benchmark", "code"), Column("unit", "unit"),
                   Column("before", "since", "code"), Column("after", "at", "code"),
                   Column("before_median", "median before", "number"),
                   Column("after_median", "median after", "number"), Column("delta", "delta", "number"),
                   Column("change", "change")], empty="no changes")
    for change in view.changes:
        if commit is not None and change.after.revision.commit != commit:
            continue
        table.add([cell(change.label), cell(change.unit), cell(change.before.revision.name),
                   cell(change.after.revision.name), cell(change.step.before, _num(change.step.before)),
                   cell(change.step.after, _num(change.step.after)), cell(change.step.delta, _delta(change.step)),
                   cell(change.step.word)],
                  note=f"after {change.skipped} point(s) without a value" if change.skipped else None,
                  classes=("bad",) if change.step.worse else ())
    return table


def history_text(view: HistoryView) -> str:
    chosen = view.history.selection
    points = view.history.points
    built = sum(1 for p in points if p.status != BUILD_FAILED)
    lines = [(f"history of {view.history.repo.name}: {len(points)} point(s), {built} built; "
              f"{chosen.target}/{chosen.kernel}/{chosen.request.profile}, configuration {chosen.config_hash}"),
             "", as_text.render(points_table(view)), ""]
    if len(points) <= MEDIANS_SHOWN:
        lines += ["medians:", as_text.render(medians_table(view)), ""]
    else:
        lines += [f"medians: {len(points)} points are too many for a table here: --jsonl and --html have them", ""]
    if not view.method:
        install = setup_parts.install_hint("changepoints", "pip:changepoints")
        lines.append(f"{chosen.target} is measured, not exact: no change points are detected without ruptures "
                     f"({install}); the medians above are shown as measured")
        return "\n".join(lines)
    if view.deterministic:
        lines.append(f"changes ({chosen.target} counts exactly: every revision whose median differs from the "
                     "previous point's is a change, no statistics):")
    else:
        lines.append(f"changes ({chosen.target} is measured, not exact: change points of the samples along the "
                     f"revisions, by {view.method}):")
    seen: list[str] = []
    for change in view.changes:
        if change.after.revision.commit in seen:
            continue
        seen.append(change.after.revision.commit)
        after = change.after.revision
        here = [c for c in view.changes if c.after.revision.commit == after.commit]
        worse = sum(1 for c in here if c.step.worse)
        lines += ["", f"at {after.name} ({after.short}) {after.subject}: {len(here)} changed, {worse} worse",
                  as_text.render(changes_table(view, after.commit))]
    if not view.changes:
        lines.append("none")
    worse = sum(1 for c in view.changes if c.step.worse)
    lines += ["", f"{len(view.changes)} change(s) at {len(seen)} revision(s), {worse} of them worse"]
    return "\n".join(lines)


def jsonl(view: HistoryView) -> str:
    return "".join(json.dumps(record, sort_keys=False, allow_nan=False, default=str) + "\n"
                   for record in records(view))


def bmf_points(view: HistoryView) -> list[tuple[str, dict[str, Any]]]:
    """One BMF document per point with a value, named `NNN-COMMIT.json` (NNN its place along the
    history, COMMIT the kernel's full hash, for `bencher run --hash`): a report each."""
    out = []
    for index, point in enumerate(view.history.points, 1):
        document = bmf.document(point.run)
        if document:
            out.append((f"{index:03d}-{point.revision.commit}.json", document))
    return out


def write_bmf_points(folder: Path, view: HistoryView) -> int:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise RtbenchError(f"cannot create {folder}: {err.strerror or err}") from None
    documents = bmf_points(view)
    for name, document in documents:
        bmf.write(folder / name, document)
    return len(documents)


def _chart(view: HistoryView, name: str, unit: str) -> go.Figure:
    import plotly.graph_objects as go

    from . import plots

    points = view.history.points
    xs = [p.revision.name for p in points]
    ys = [median_of(p, name) for p in points]
    hover = [f"{plots.plain(p.revision.short)} {plots.plain(p.revision.subject[:80])}<br>{status_of(p, name)}"
             for p in points]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name="median", hovertext=hover,
                             hoverinfo="x+y+text", connectgaps=False, line={"color": plots.UNCHANGED}))
    moved = [c for c in view.changes if c.label == name]
    if moved:
        fig.add_trace(go.Scatter(x=[c.after.revision.name for c in moved], y=[c.step.after for c in moved],
                                 mode="markers", name="change", marker={
                                     "size": 13, "symbol": "diamond",
                                     "color": [plots.WORSE if c.step.worse else plots.BETTER for c in moved]},
                                 hovertext=[f"{c.step.word}: {_delta(c.step)}" for c in moved]))
    failed = [p.revision.name for p in points if median_of(p, name) is None]
    if failed:
        fig.add_trace(go.Scatter(x=failed, y=[None] * len(failed), mode="markers", name="no value",
                                 showlegend=False))
    fig.update_xaxes(type="category")
    fig.update_layout(template=plots.TEMPLATE, height=340, margin={"l": 60, "r": 20, "t": 36, "b": 110},
                      xaxis_title="kernel revision", yaxis_title=f"median ({unit})",
                      legend={"orientation": "h", "y": -0.5})
    return fig


def history_html(view: HistoryView, plotly: str = plotly_js.DEFAULT) -> str:
    from . import plots
    from .htmlreport import page

    chosen = view.history.selection
    opening = (f"<p>{html.escape(chosen.target)}/{html.escape(chosen.kernel)}, configuration "
               f"{html.escape(chosen.config_hash)}. "
               + ("Counts are exact: every revision whose median differs from the previous point's is a change "
                  "(diamonds: red worse, green better)." if view.deterministic else
                  f"Measured target: the changes are change points found by {html.escape(view.method)} "
                  "(diamonds: red worse, green better)." if view.method else
                  "Measured target: no change points are detected (ruptures is not installed).") + "</p>")
    units = _units(view)
    charts = "".join(f"<div class='fig'><h3 class='figtitle'>{html.escape(name)}</h3>"
                     f"{plots.html_of(_chart(view, name, units.get(name, '')), f'history-{i}')}</div>"
                     for i, name in enumerate(view.labels, 1))
    sections = [("charts", "Benchmarks along the history", charts),
                ("changes", "Changes", as_html.render(changes_table(view))),
                ("points", "Points", as_html.render(points_table(view))),
                ("medians", "Medians", as_html.render(medians_table(view)))]
    return page(f"rtbench history of {view.history.repo.name}", f"{len(view.history.points)} point(s)", opening,
                sections, plotly)


def write(path: Path, text: str) -> None:
    """The file whole, or as it was (files.write_whole): a full disk leaves no empty page."""
    files.write_whole(path, text)
