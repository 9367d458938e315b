"""The report's figures (plotly): sample distributions, load scaling, footprint, study shapes."""
from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .model import Result, Run
from .published import StudyView
from .stats import median, percentile

TEMPLATE = "plotly_white"
_PALETTE = ("#636efa", "#ef553b", "#00cc96", "#ab63fa", "#ffa15a", "#19d3f3", "#ff6692", "#b6e880")
# Sizes in the order the footprint layers are stacked.
_FOOTPRINT_KINDS = (("text", ("text",)), ("data", ("data",)), ("bss + noinit", ("bss", "noinit")))


def _layout(fig: go.Figure, title: str, x: str, y: str, height: int = 320) -> go.Figure:
    fig.update_layout(template=TEMPLATE, title={"text": title, "font": {"size": 14}}, height=height,
                      margin={"l": 60, "r": 20, "t": 40, "b": 50}, legend={"orientation": "h", "y": -0.25},
                      xaxis_title=x, yaxis_title=y)
    return fig


def distribution(label: str, unit: str, samples: list[tuple[str, list[int]]], max_bins: int = 100) -> go.Figure:
    """A histogram of every raw sample per run on shared integer bins, on a log count axis so
    rare slow samples (a tick hitting a measurement) stay visible."""
    low = min(min(values) for _, values in samples)
    high = max(max(values) for _, values in samples)
    width = max(1, math.ceil((high - low + 1) / max_bins))
    bins = {"start": low - 0.5, "end": high + 0.5, "size": width}
    fig = go.Figure()
    for name, values in samples:
        fig.add_trace(go.Histogram(x=values, name=name, xbins=bins, autobinx=False,
                                   opacity=0.65 if len(samples) > 1 else 0.9,
                                   hovertemplate="%{x}: %{y} samples<extra>" + name + "</extra>"))
    fig.update_layout(barmode="overlay", showlegend=len(samples) > 1)
    fig.update_yaxes(type="log")
    return _layout(fig, label, unit if width == 1 else f"{unit} (bins of {width})", "samples (log)")


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
        fig.add_trace(go.Scatter(x=xs, y=mid, mode="lines+markers", name=f"{name} median",
                                 error_y={"type": "data", "symmetric": False,
                                          "array": [h - m for h, m in zip(high, mid)],
                                          "arrayminus": [m - lo for m, lo in zip(mid, low)]}))
    return _layout(fig, f"{bench} against {param}", param, f"{unit}: median, bars min to p99")


def footprint(runs: list[tuple[str, Run]]) -> go.Figure | None:
    """Horizontal stacked bars per layer (kernel, port, benchmarks, ...) for text, data and bss, per run."""
    usable = [(name, run.manifest["footprint"]) for name, run in runs
              if isinstance(run.manifest.get("footprint"), dict)]
    if not usable:
        return None
    fig = make_subplots(rows=len(_FOOTPRINT_KINDS), cols=1, subplot_titles=[k for k, _ in _FOOTPRINT_KINDS],
                        vertical_spacing=0.12)
    names = [name for name, _ in usable]
    for index, layer in enumerate(usable[0][1]):
        # One colour per layer in every subplot, so the single legend reads for all three.
        colour = _PALETTE[index % len(_PALETTE)]
        for row, (_, kinds) in enumerate(_FOOTPRINT_KINDS, start=1):
            sizes = [sum(int(fp.get(layer, {}).get(k, 0)) for k in kinds) for _, fp in usable]
            fig.add_trace(go.Bar(y=names, x=sizes, name=layer, legendgroup=layer, orientation="h",
                                 marker_color=colour, showlegend=row == 1,
                                 hovertemplate=f"{layer}: %{{x}} B<extra></extra>"),
                          row=row, col=1)
    fig.update_layout(barmode="stack")
    fig.update_xaxes(title_text="bytes", row=len(_FOOTPRINT_KINDS), col=1)
    fig.update_yaxes(autorange="reversed")
    return _layout(fig, "", "", "", height=220 + 3 * 40 * len(usable))


def study_shape(view: StudyView) -> go.Figure:
    """rtbench's ratios and the study's on one axis per criterion group: solid rtbench, dashed the study."""
    groups = list(dict.fromkeys(series.group for series in view.series))
    fig = make_subplots(rows=1, cols=len(groups), subplot_titles=[g for g in groups if g] or None)
    colours: dict[str, str] = {}
    for series in view.series:
        # One colour per run or study column across the groups, so the legend reads once.
        key = series.name
        colour = colours.setdefault(key, _PALETTE[len(colours) % len(_PALETTE)])
        fig.add_trace(go.Scatter(x=[x for x, _ in series.points], y=[y for _, y in series.points], name=key,
                                 legendgroup=key, showlegend=series.group == groups[0], mode="lines+markers",
                                 line={"dash": "dash" if series.source == "study" else "solid", "color": colour}),
                      row=1, col=groups.index(series.group) + 1)
    fig.update_xaxes(type="category", automargin=True, title_text="criterion" if view.shape == "ratio" else "tasks")
    fig.update_yaxes(title_text="relative cost", col=1)
    return _layout(fig, "", "", "", height=420)


def html_of(fig: go.Figure, div_id: str) -> str:
    """The figure as a div plus its drawing script; plotly.js itself is embedded once per page."""
    config: dict[str, Any] = {"displaylogo": False, "responsive": True}
    return fig.to_html(full_html=False, include_plotlyjs=False, div_id=div_id, config=config)
