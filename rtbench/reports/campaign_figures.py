# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A campaign's heatmaps (plotly): one benchmark over two axes, a panel per combination of the
other axes. Each cell shows its median; its colour is how far it is from the best cell of the
benchmark measured in the same unit (x1 is the best: the fewest instructions or cycles, the most
operations), so platforms counted in different units share one figure without being mixed."""
from __future__ import annotations

from dataclasses import dataclass

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .plots import TEMPLATE, plain

# White for the best cell, red for the costliest.
_SCALE = [[0.0, "#ffffff"], [0.15, "#fde0c5"], [0.5, "#f59e72"], [1.0, "#b42318"]]


@dataclass(frozen=True)
class Point:
    median: float | None  # None: no number (failed, missing)
    text: str  # what the cell shows (the median with its unit, or the status)
    unit: str
    higher_is_better: bool


def _best(points: list[Point]) -> dict[str, float]:
    """The best median of each unit: the lowest cost, or the highest throughput."""
    best: dict[str, float] = {}
    for point in points:
        if point.median is None:
            continue
        current = best.get(point.unit)
        if current is None or (point.median > current if point.higher_is_better else point.median < current):
            best[point.unit] = point.median
    return best


def _factor(point: Point, best: dict[str, float]) -> float | None:
    """How far from the best of its unit, as a factor >= 1 (None without a positive number)."""
    if point.median is None or point.median <= 0 or best.get(point.unit, 0) <= 0:
        return None
    ratio = point.median / best[point.unit]
    return 1 / ratio if point.higher_is_better else ratio


def heatmap(rows: list[str], columns: list[str], panels: list[tuple[str, list[list[Point | None]]]],
            row_title: str, column_title: str) -> go.Figure:
    """`panels`: (title, grid[row][column]) per combination of the other axes."""
    best = _best([p for _, grid in panels for line in grid for p in line if p is not None])
    top = max((f for _, grid in panels for line in grid for p in line if p is not None
               and (f := _factor(p, best)) is not None), default=1.0)
    fig = make_subplots(rows=1, cols=len(panels), subplot_titles=[plain(t) for t, _ in panels] if len(panels) > 1
                        else None, shared_yaxes=True, horizontal_spacing=0.04)
    for col, (_, grid) in enumerate(panels, start=1):
        z: list[list[float | None]] = []
        text: list[list[str]] = []
        hover: list[list[str]] = []
        for r, line in enumerate(grid):
            z.append([])
            text.append([])
            hover.append([])
            for c, point in enumerate(line):
                if point is None:
                    z[-1].append(None)
                    text[-1].append("")
                    hover[-1].append("no such cell")
                    continue
                factor = _factor(point, best)
                z[-1].append(factor)
                text[-1].append(plain(point.text))
                relative = f", ×{factor:.3g} the best in {plain(point.unit)}" if factor is not None else ""
                hover[-1].append(f"{plain(row_title)} {plain(rows[r])} · {plain(column_title)} {plain(columns[c])}: "
                                 f"{plain(point.text)}{relative}")
        fig.add_trace(go.Heatmap(z=z, x=[plain(c) for c in columns], y=[plain(r) for r in rows], text=text,
                                 texttemplate="%{text}", hovertext=hover, hoverinfo="text", coloraxis="coloraxis",
                                 xgap=2, ygap=2), row=1, col=col)
    fig.update_yaxes(autorange="reversed", title_text=plain(row_title), col=1)
    fig.update_xaxes(title_text=plain(column_title), type="category")
    fig.update_yaxes(type="category")
    fig.update_layout(template=TEMPLATE, height=190 + 46 * len(rows),
                      margin={"l": 10, "r": 20, "t": 56 if len(panels) > 1 else 30, "b": 50},
                      coloraxis={"colorscale": _SCALE, "cmin": 1.0, "cmax": max(top, 1.0001),
                                 "colorbar": {"title": {"text": "× best", "side": "right"}, "thickness": 12,
                                              "nticks": 4, "tickformat": ".3g"}})
    return fig
