# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench report --campaign ID --html FILE`: the campaign as one self-contained HTML page (the
report's style, plotly.js embedded): what ran and what failed, then a heatmap per benchmark
over two axes (a panel per combination of the others), what differs between the cells, and
every cell's numbers."""
from __future__ import annotations

import html
import itertools
from pathlib import Path
from typing import Any

from .. import files
from ..campaign.readout import Campaign, ResultKey, choose_axes, median_of
from ..campaign.stored import first_problem
from ..model import THROUGHPUT_UNITS
from ..results import fairness
from ..results.tables import as_html
from . import plotly_js
from .campaign_figures import Point, heatmap
from .campaign_tables import cells_table, header_lines, tidy, value_text
from .htmlreport import page
from .plots import html_of


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _opening(campaign: Campaign) -> str:
    head, *details = header_lines(campaign)
    failed = [c for cells in campaign.stored.values() for c in cells if c.status != "ok"]
    kind = "bad" if failed else "same"
    items = "".join(f"<li>{_e(line.strip())}</li>" for line in details)
    failures = "".join(f"<li><b>{_e(' '.join(f'{k}={v}' for k, v in c.axes.items()))}</b> (run {c.run_id}, "
                       f"{_e(c.status)}): {_e((c.error or _first_problem(campaign, c.coordinates)).strip())}</li>"
                       for c in failed)
    return (f'<div class="verdict {kind}"><h2>Campaign</h2><p class="headline">{_e(head)}</p><ul>{items}</ul>'
            + (f"<p><b>Failed cells ({len(failed)}):</b></p><ul>{failures}</ul>" if failed else "")
            + "</div>")


def _first_problem(campaign: Campaign, coordinates: tuple[tuple[str, str], ...]) -> str:
    run = campaign.runs.get(coordinates)
    return (first_problem(run) if run else None) or "see its run"


def _point(campaign: Campaign, coordinates: tuple[tuple[str, str], ...] | None, key: ResultKey,
           with_unit: bool) -> Point | None:
    if coordinates is None:
        return None
    result = campaign.result(coordinates, key)
    if result is None:
        return Point(None, "absent", "", False)
    return Point(median_of(result), value_text(result, with_unit), result.unit, result.unit in THROUGHPUT_UNITS)


def _heatmaps(campaign: Campaign, rows: str | None, columns: str | None) -> str:
    facets = [a for a in campaign.axes if a not in (rows, columns)]
    row_labels = campaign.labels(rows) if rows else [""]
    column_labels = campaign.labels(columns) if columns else [""]
    combinations = [dict(zip(facets, combo)) for combo in itertools.product(*(campaign.labels(a) for a in facets))]
    parts = []
    for number, (key, label) in enumerate(campaign.benchmarks(), start=1):
        units = sorted({r.unit for c in campaign.coordinates if (r := campaign.result(c, key)) is not None})
        panels = []
        for fixed in combinations:
            grid = []
            for row in row_labels:
                line = []
                for column in column_labels:
                    wanted = {**fixed, **({rows: row} if rows else {}), **({columns: column} if columns else {})}
                    coordinates = next((c for c in campaign.coordinates if dict(c) == wanted), None)
                    line.append(_point(campaign, coordinates, key, len(units) > 1))
                grid.append(line)
            if any(p is not None for line in grid for p in line):
                panels.append((" · ".join(f"{k}={v}" for k, v in fixed.items()), grid))
        if not panels:
            continue
        fig = heatmap(row_labels, column_labels, panels, rows or "", columns or "")
        title = f"{label}: median, {' / '.join(units)}"
        parts.append(f'<div class="fig"><h3 class="figtitle">{_e(title)}</h3>{html_of(fig, f"heat-{number}")}</div>')
    if not parts:
        return ""
    how = (f"rows: {rows}" if rows else "") + (f", columns: {columns}" if columns else "") + (
        f", a panel per {' × '.join(facets)}" if facets else "")
    return (f'<p class="note">Each benchmark over {_e(how.strip(", "))}. A cell shows its median; its colour is its '
            "distance from the benchmark's best cell in the same unit (×1 white: the fewest instructions or cycles, "
            "or the most operations), so targets counted in different units share a figure without being "
            "mixed. A cell that failed shows its status.</p>" + '<div class="grid">' + "".join(parts) + "</div>")


def _differences(campaign: Campaign) -> str:
    runs = [campaign.runs[c] for c in campaign.coordinates]
    if len(runs) < 2:
        return ""
    found = fairness.differences([r.manifest for r in runs])
    if not found:
        return '<p class="note">The cells agree in every setting the fairness rules name.</p>'
    items = "".join(f"<li><b>{_e(d.label)}</b> (<code>{_e(d.path)}</code>): {_e(', '.join(dict.fromkeys(d.values)))}"
                    f"<br><span class='note'>{_e(d.why)}</span></li>" for d in found)
    return ("<p class='note'>Settings in which the cells differ (rtbench's fairness rules): the axes themselves, and "
            f"anything else, such as another compiler on one worker.</p><ul>{items}</ul>")


def render(campaign: Campaign, rows: str | None = None, columns: str | None = None,
           plotly: str = plotly_js.DEFAULT) -> str:
    rows, columns = choose_axes(campaign, rows, columns)
    sections = [
        ("cells", "Cells", f'<div class="wide">{as_html.render(cells_table(campaign))}</div>'),
        ("heatmaps", "Heatmaps", _heatmaps(campaign, rows, columns)),
        ("differences", "What differs between the cells", _differences(campaign)),
        ("results", "Every result",
         (f'<details><summary>one row per cell and benchmark</summary><div class="wide">'
          f"{as_html.render(tidy(campaign))}</div></details>")),
    ]
    return page(f"rtbench campaign {campaign.view.campaign}", f"{len(campaign.coordinates)} cell(s)",
                _opening(campaign), [s for s in sections if s[2]], plotly)


def write(campaign: Campaign, path: Path, rows: str | None = None, columns: str | None = None,
          plotly: str = plotly_js.DEFAULT) -> None:
    files.write_whole(Path(path), render(campaign, rows, columns, plotly))
