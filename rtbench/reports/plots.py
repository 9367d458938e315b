# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The report's figures (plotly): the ratio chart, sample distributions, load scaling, footprint,
study shapes."""
from __future__ import annotations

import html
import math
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..analysis.published import StudyView
from ..analysis.verdict import RatioPoint
from ..model import Result, Run
from ..results.split import median_split
from ..results.stats import median, percentile

TEMPLATE = "plotly_white"
_PALETTE = ("#636efa", "#ef553b", "#00cc96", "#ab63fa", "#ffa15a", "#19d3f3", "#ff6692", "#b6e880")
# Sizes in the order the footprint layers are stacked.
_FOOTPRINT_KINDS = (("text", ("text",)), ("data", ("data",)), ("bss + noinit", ("bss", "noinit")))


# The ratio chart's colours: worse (slower, larger), better (faster, smaller), no significant change.
WORSE, BETTER, UNCHANGED = "#d62728", "#2ca02c", "#8c8c8c"
_RATIO_TICKS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.33, 0.4, 0.5, 0.57, 0.67, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.25,
                1.5, 1.75, 2.0, 2.5, 3.0, 4.0, 5.0, 10.0, 20.0, 50.0, 100.0)


def plain(text: str) -> str:
    """Text for plotly, which reads a little HTML in labels (<b>, <a href>): a crafted name shows as
    itself, never as markup."""
    return html.escape(str(text), quote=False)


def _layout(fig: go.Figure, x: str, y: str, height: int = 320) -> go.Figure:
    """No plotly title: the report puts each title in HTML above its figure, where the toolbar
    (which floats over the figure's top right) cannot hide it; the top margin keeps the toolbar
    off the data."""
    fig.update_layout(template=TEMPLATE, height=height, margin={"l": 60, "r": 20, "t": 36, "b": 50},
                      legend={"orientation": "h", "y": -0.25}, xaxis_title=x, yaxis_title=y)
    return fig


def _log_range(lows: list[float], highs: list[float]) -> tuple[float, float]:
    """A log10 axis range around every interval and 1 (no change), never narrower than 0.83 to 1.2."""
    low = math.log10(min(*lows, 1.0))
    high = math.log10(max(*highs, 1.0))
    pad = max(0.08 * (high - low), 0.01)
    low, high = low - pad, high + pad
    if high - low < 0.16:
        middle = (low + high) / 2
        low, high = middle - 0.08, middle + 0.08
    return low, high


def ratio_forest(panels: list[tuple[str, list[RatioPoint]]]) -> go.Figure:
    """Every benchmark's ratio to the first run with its interval, one panel per later run, on a
    log axis (so 0.5 and 2 are as far from 1): the median as a dot, the mean as an open diamond,
    coloured where the interval excludes 1."""
    labels = list(dict.fromkeys(p.label for _, points in panels for p in points))
    row_of = {name: i for i, name in enumerate(labels)}
    fig = make_subplots(rows=1, cols=len(panels), shared_yaxes=True, horizontal_spacing=0.04,
                        subplot_titles=[title for title, _ in panels] if len(panels) > 1 else None)
    shown: set[str] = set()
    for col, (_, points) in enumerate(panels, start=1):
        for stat, offset, symbol in (("median", -0.17, "circle"), ("mean", 0.17, "diamond-open")):
            for kind, colour in (("worse", WORSE), ("better", BETTER), ("no significant change", UNCHANGED)):
                chosen = [p for p in points if p.stat == stat and _kind(p) == kind]
                if not chosen:
                    continue
                name = f"{stat}: {kind}"
                fig.add_trace(go.Scatter(
                    x=[p.ratio for p in chosen], y=[row_of[p.label] + offset for p in chosen], mode="markers",
                    name=name, legendgroup=name, showlegend=name not in shown,
                    marker={"symbol": symbol, "color": colour, "size": 7, "line": {"width": 1.5, "color": colour}},
                    error_x={"type": "data", "symmetric": False, "array": [p.high - p.ratio for p in chosen],
                             "arrayminus": [p.ratio - p.low for p in chosen], "color": colour, "thickness": 1.5,
                             "width": 3},
                    customdata=[[plain(p.label), plain(p.unit), f"{p.low:.4g}", f"{p.high:.4g}"] for p in chosen],
                    hovertemplate=f"%{{customdata[0]}} ({stat}, %{{customdata[1]}}): %{{x:.4g}} "
                                  "[%{customdata[2]}, %{customdata[3]}]<extra></extra>"), row=1, col=col)
                shown.add(name)
        fig.add_vline(x=1.0, line={"color": "#444", "width": 1, "dash": "dot"}, row=1, col=col)
    all_points = [p for _, points in panels for p in points]
    low, high = _log_range([p.low for p in all_points], [p.high for p in all_points])
    ticks = _ratio_ticks(low, high, spacing=(high - low) * 0.075 * len(panels))
    fig.update_xaxes(type="log", range=[low, high], title_text="ratio to A (log scale)",
                     **({"tickvals": ticks, "ticktext": [f"{t:g}" for t in ticks]} if len(ticks) >= 3 else {}))
    fig.update_yaxes(tickvals=list(range(len(labels))), ticktext=[plain(t) for t in labels],
                     range=[len(labels) - 0.5, -0.5],
                     automargin=True, showgrid=True, gridcolor="#eee")
    # The legend sits at the very top, the panels' titles (several runs) below it, the data below both.
    fig.update_layout(template=TEMPLATE, height=110 + 19 * len(labels),
                      margin={"l": 10, "r": 20, "t": 64 if len(panels) > 1 else 36, "b": 50},
                      legend={"orientation": "h", "yref": "container", "y": 1.0, "yanchor": "top", "x": 0,
                              "font": {"size": 11}})
    return fig


def _ratio_ticks(low: float, high: float, spacing: float) -> list[float]:
    """Round ratios within the log10 range, 1 always among them, none closer than `spacing`."""
    inside = [t for t in _RATIO_TICKS if low <= math.log10(t) <= high]
    chosen = [1.0] if low <= 0 <= high else []
    for tick in sorted(inside, key=lambda t: abs(math.log10(t))):
        if all(abs(math.log10(tick) - math.log10(other)) >= spacing for other in chosen):
            chosen.append(tick)
    return sorted(chosen)


def _kind(point: RatioPoint) -> str:
    if not point.significant:
        return "no significant change"
    return "worse" if point.worse else "better"


def _log_ticks(low: float, high: float) -> list[float]:
    """1, 2, 5, 10, 20, 50... within the range: plotly's own log ticks label 20 and 50 as "2" and "5"."""
    ticks = []
    for exponent in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1):
        ticks += [m * 10.0 ** exponent for m in (1, 2, 5) if low / 1.5 <= m * 10.0 ** exponent <= high * 1.5]
    return ticks


def spread(samples: list[int]) -> dict[str, float]:
    """What a box shows, as nearest-rank percentiles (the report's tables' numbers)."""
    ordered = sorted(samples)
    return {"min": ordered[0], "p25": percentile(ordered, 25), "p50": percentile(ordered, 50),
            "p75": percentile(ordered, 75), "p99": percentile(ordered, 99), "max": ordered[-1],
            "mean": sum(ordered) / len(ordered), "n": len(ordered)}


def median_text(samples: list[int]) -> str:
    """The median as the tables show it: both values and the upper group's share when it is split."""
    split = median_split(samples)
    return split.text() if split else str(median(samples))


def distributions(unit: str, names: list[str], rows: list[tuple[str, list[list[int] | None]]]) -> go.Figure:
    """Several benchmarks' samples in one figure, one row per benchmark and a box per run: the box
    spans p25 to p75 with the median, whiskers reach from the minimum to p99, and a cross marks the
    maximum where it lies above p99 (a rare slow sample). A log axis when the values span 20x."""
    values = [v for _, per_run in rows for samples in per_run if samples for v in (min(samples), max(samples))]
    log = min(values) > 0 and max(values) >= 20 * min(values)
    width = 0.8 / len(names)
    fig = go.Figure()
    for j, name in enumerate(names):
        colour = _PALETTE[j % len(_PALETTE)]
        offset = (j - (len(names) - 1) / 2) * width
        boxes = [(i + offset, label, spread(samples)) for i, (label, per_run) in enumerate(rows)
                 if (samples := per_run[j])]
        medians = [median_text(samples) for _, per_run in rows if (samples := per_run[j])]
        if not boxes:
            continue
        fig.add_trace(go.Box(
            y=[y for y, _, _ in boxes], orientation="h", name=plain(name), legendgroup=str(j), width=width * 0.85,
            q1=[s["p25"] for _, _, s in boxes], median=[s["p50"] for _, _, s in boxes],
            q3=[s["p75"] for _, _, s in boxes], lowerfence=[s["min"] for _, _, s in boxes],
            upperfence=[s["p99"] for _, _, s in boxes], mean=[s["mean"] for _, _, s in boxes], boxmean=True,
            marker_color=colour, line={"width": 1.5}, hoverinfo="text", hoveron="boxes",
            hovertext=[f"{plain(name)}<br>{plain(label)}: n {s['n']}, min {s['min']}, median {mid}, "
                       f"p99 {s['p99']}, max {s['max']}, mean {s['mean']:.1f} {plain(unit)}"
                       for (_, label, s), mid in zip(boxes, medians)]))
        tails = [(y, s) for y, _, s in boxes if s["max"] > s["p99"]]
        if tails:
            fig.add_trace(go.Scatter(x=[s["max"] for _, s in tails], y=[y for y, _ in tails], mode="markers",
                                     name=plain(f"{name}: max above p99"), legendgroup=str(j), showlegend=False,
                                     marker={"symbol": "x-thin-open", "size": 8, "color": colour,
                                             "line": {"width": 1.5, "color": colour}},
                                     hoverinfo="text", hovertext=[f"{plain(name)}: max {s['max']} {plain(unit)}"
                                                                  for _, s in tails]))
    labels = [label for label, _ in rows]
    fig.update_yaxes(tickvals=list(range(len(labels))), ticktext=[plain(t) for t in labels],
                     range=[len(labels) - 0.5, -0.5],
                     automargin=True, showgrid=True, gridcolor="#eee", zeroline=False)
    if log:
        ticks = _log_ticks(min(values), max(values))
        fig.update_xaxes(type="log", title_text=f"{unit} (log scale)", tickvals=ticks,
                         ticktext=[f"{t:g}" for t in ticks])
    else:
        fig.update_xaxes(title_text=unit)
    fig.update_layout(template=TEMPLATE, height=110 + max(22, 12 * len(names)) * len(labels), showlegend=len(names) > 1,
                      margin={"l": 10, "r": 20, "t": 36, "b": 50},
                      legend={"orientation": "h", "y": 1.0, "yanchor": "bottom", "x": 0})
    return fig


def scaling(bench: str, param: str, unit: str, runs: list[tuple[str, list[Result]]]) -> go.Figure:
    """Cost against the swept parameter: the median with a band from the minimum to p99."""
    fig = go.Figure()
    for name, results in runs:
        points = sorted(((r.params[param], r.samples()) for r in results if r.status == "ok" and r.raw_samples),
                        key=lambda p: p[0])
        xs = [x for x, _ in points]
        low = [min(s) for _, s in points]
        mid = [median(s) for _, s in points]
        high = [percentile(sorted(s), 99) for _, s in points]
        fig.add_trace(go.Scatter(x=xs, y=mid, mode="lines+markers", name=plain(f"{name} median"),
                                 error_y={"type": "data", "symmetric": False,
                                          "array": [h - m for h, m in zip(high, mid)],
                                          "arrayminus": [m - lo for m, lo in zip(mid, low)]}))
    return _layout(fig, param, f"{unit}: median, bars min to p99")


def footprint(runs: list[tuple[str, Run]]) -> go.Figure | None:
    """Horizontal stacked bars per layer (kernel, port, benchmarks, ...) for text, data and bss, per run."""
    usable = [(name, run.manifest["footprint"]) for name, run in runs
              if isinstance(run.manifest.get("footprint"), dict)]
    if not usable:
        return None
    fig = make_subplots(rows=len(_FOOTPRINT_KINDS), cols=1, subplot_titles=[k for k, _ in _FOOTPRINT_KINDS],
                        vertical_spacing=0.12)
    names = [plain(name) for name, _ in usable]
    for index, layer in enumerate(usable[0][1]):
        # One colour per layer in every subplot, so the single legend reads for all three.
        colour = _PALETTE[index % len(_PALETTE)]
        for row, (_, kinds) in enumerate(_FOOTPRINT_KINDS, start=1):
            sizes = [sum(int(fp.get(layer, {}).get(k, 0)) for k in kinds) for _, fp in usable]
            fig.add_trace(go.Bar(y=names, x=sizes, name=plain(layer), legendgroup=str(index), orientation="h",
                                 marker_color=colour, showlegend=row == 1, hoverinfo="text",
                                 hovertext=[f"{plain(layer)}: {size} B" for size in sizes]),
                          row=row, col=1)
    fig.update_layout(barmode="stack")
    fig.update_xaxes(title_text="bytes", row=len(_FOOTPRINT_KINDS), col=1)
    fig.update_yaxes(autorange="reversed")
    fig = _layout(fig, "", "", height=220 + 3 * 40 * len(usable))
    fig.update_layout(margin={"t": 50})  # room for the subplot titles below the toolbar
    return fig


# Study shapes whose x axis is ordered (a number of tasks): only there do lines join the points; on
# the others it lists criteria or cache kinds, and a line between two of them would be a trend that is not.
_ORDERED_X = ("scaling",)


def study_shape(view: StudyView) -> go.Figure:
    """rtbench's ratios and the study's on one axis per criterion group: rtbench's points filled
    (a solid line where the x axis is ordered), the study's open (dashed)."""
    groups = list(dict.fromkeys(series.group for series in view.series))
    fig = make_subplots(rows=1, cols=len(groups), subplot_titles=[g for g in groups if g] or None)
    colours: dict[str, str] = {}
    mode = "lines+markers" if view.shape in _ORDERED_X else "markers"
    for series in view.series:
        # One colour per run or study column across the groups, so the legend reads once.
        key = plain(series.name)
        colour = colours.setdefault(key, _PALETTE[len(colours) % len(_PALETTE)])
        study = series.source == "study"
        fig.add_trace(go.Scatter(x=[x for x, _ in series.points], y=[y for _, y in series.points], name=key,
                                 legendgroup=key, showlegend=series.group == groups[0], mode=mode,
                                 marker={"symbol": "circle-open" if study else "circle", "size": 9,
                                         "color": colour},
                                 line={"dash": "dash" if study else "solid", "color": colour}),
                      row=1, col=groups.index(series.group) + 1)
    x_title = {"ratio": "criterion", "window": "criterion", "cache_gain": "caches"}.get(view.shape, "tasks")
    y_title = {"window": "count relative to the reference", "cache_gain": "gain over no caches (%)"}.get(
        view.shape, "relative cost")
    fig.update_xaxes(type="category", automargin=True, title_text=x_title)
    fig.update_yaxes(title_text=y_title, col=1)
    fig = _layout(fig, "", "", height=420)
    fig.update_layout(margin={"t": 50})  # room for the subplot titles below the toolbar
    return fig


def html_of(fig: go.Figure, div_id: str) -> str:
    """The figure as a div plus its drawing script; plotly.js itself is embedded once per page."""
    config: dict[str, Any] = {"displaylogo": False, "responsive": True}
    return fig.to_html(full_html=False, include_plotlyjs=False, div_id=div_id, config=config)
