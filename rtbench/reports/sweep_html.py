# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The clock sweep as a page: used/available time against the clock, one line per CPU
configuration (worst case solid, median dotted), the deadline at 1, as the study's Figure 6: one
run's (deadline --sweep --html) or a study's figures (study --html)."""
from __future__ import annotations

import html
from pathlib import Path

import plotly.graph_objects as go

from .. import files
from ..analysis.clock_sweep import SweepRow
from ..analysis.study_figures import Drawn
from ..model import Run
from ..results.runsource import run_title
from . import plotly_js, plots
from .htmlreport import page


def figure(rows: list[SweepRow], chain: str) -> go.Figure:
    fig = go.Figure()
    for i, row in enumerate(rows):
        colour = plots._PALETTE[i % len(plots._PALETTE)]
        clocks = [f / 1e6 for f, _, _ in row.points]
        fig.add_trace(go.Scatter(x=clocks, y=[w for _, w, _ in row.points], mode="lines+markers",
                                 name=plots.plain(f"{row.variant} worst"), line={"color": colour}))
        fig.add_trace(go.Scatter(x=clocks, y=[m for _, _, m in row.points], mode="lines",
                                 name=plots.plain(f"{row.variant} median"), line={"color": colour, "dash": "dot"}))
    fig.add_hline(y=1.0, line={"color": "#444", "dash": "dash"}, annotation_text="deadline")
    return plots._layout(fig, "clock (MHz)", f"{plots.plain(chain)}: used / available", height=420)


def _rows_table(rows: list[SweepRow]) -> str:
    head = ["configuration", "worst cycles", "median cycles", "min clock (worst)", "RTOS share"]
    body = []
    for row in rows:
        share = row.rtos_share
        body.append([row.variant, str(row.worst), f"{row.median:.0f}", f"{row.min_clock_hz / 1e6:.1f} MHz",
                     "-" if share is None else f"{100 * share:.0f} %"])
    cells = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in body)
    return ("<table><thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr></thead>"
            f"<tbody>{cells}</tbody></table>")


_NOTE = ("<p class='note'>The worst observed chain (solid) and the median (dotted) over the time the "
         "deadline allows at each clock; above 1 the chain misses it. The RTOS share is everything "
         "but the control task's application work, from the mean stages.</p>")


def _what(run: Run, deadline_s: float) -> str:
    kernel = run.manifest.get("kernel", {}).get("name", "")
    return f"{run_title(run)}, {run.manifest.get('target', '')} / {kernel}, deadline {deadline_s * 1e6:g} us"


def write(run: Run, rows: list[SweepRow], chain: str, deadline_s: float, path: Path,
          plotly: str = plotly_js.DEFAULT) -> None:
    content = _NOTE + _rows_table(rows) + plots.html_of(figure(rows, chain), "sweep-figure")
    files.write_whole(Path(path), page("rtbench clock sweep", _what(run, deadline_s), "",
                                       [("sweep", f"Clock sweep: {chain}", content)], plotly))


def write_figures(title: str, drawn: list[Drawn], path: Path, plotly: str = plotly_js.DEFAULT) -> None:
    """A study's figures on one page, a section per figure and run."""
    sections = []
    for i, one in enumerate(drawn):
        content = (f"<p class='note'>{html.escape(_what(one.run, one.figure.deadline_s))}</p>" + _NOTE
                   + _rows_table(one.rows) + plots.html_of(figure(one.rows, one.chain), f"sweep-figure-{i}"))
        heading = f"{one.figure.title or 'Clock sweep'}: {one.name}, {one.chain}"
        sections.append((f"sweep-{i}", heading, content))
    files.write_whole(Path(path), page(title, f"{len(drawn)} figure(s)", "", sections, plotly))
