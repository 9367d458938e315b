"""`rtbench report --html`: one self-contained HTML file (plotly.js embedded, no network at view time)."""
from __future__ import annotations

import datetime
import html
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import plotly.offline

from . import __version__, compare, plots, published
from .errors import RtbenchError
from .model import Result, Run
from .report import run_table
from .tables import Column, Table, as_html, cell

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1300px; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; font-size: .85em; margin: .5em 0; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: right; white-space: nowrap; }
.wide { overflow-x: auto; }
th { background: #f3f3f3; } td.l, th.l { text-align: left; }
tr.bad td { background: #fde8e8; } tr.significant td { background: #eef4ff; }
.fair { background: #fff6dc; border: 1px solid #e8c96a; padding: .5em 1em; margin: 1em 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: .5em; }
.note { color: #555; font-size: .9em; } pre { background: #f7f7f7; padding: .8em; overflow: auto; font-size: .8em; }
"""


def _e(value: Any) -> str:
    return html.escape(str(value))


def _table(heads: list[str], rows: Iterable[list[str]], left: int = 1) -> str:
    """Rows of ready-made text (the published studies' views) as an HTML table."""
    table = Table([Column(f"c{i}", head, "text" if i < left else "number") for i, head in enumerate(heads)])
    for row in rows:
        table.add([cell(text) for text in row])
    return as_html.render(table)


def _run_heading(run: Run, name: str) -> str:
    m = run.manifest
    kernel = m.get("kernel", {}) if isinstance(m.get("kernel"), dict) else {}
    parts = [m.get("target"), f"{kernel.get('name', m.get('os', ''))} {kernel.get('version', '')}".strip(),
             f"profile {m.get('profile')}" if m.get("profile") else None,
             (m.get("compiler") or {}).get("opt_flags") if isinstance(m.get("compiler"), dict) else None,
             m.get("created")]
    return f"{name}: " + " / ".join(str(p) for p in parts if p)


def _summary(run: Run, name: str) -> str:
    unit_note = run.manifest.get("unit_note")
    note = f'<p class="note">unit: {_e(unit_note)}</p>' if unit_note else ""
    table = as_html.render(run_table(run.results, run.manifest.get("clock_hz")))
    return f'<h3>{_e(_run_heading(run, name))}</h3>{note}<div class="wide">{table}</div>'


def _comparison(runs: list[Run], names: list[str]) -> str:
    try:
        comparison = compare.compare_runs(runs, names)
    except RtbenchError as err:  # e.g. different units: say so instead of comparing
        return f'<div class="fair"><b>Not compared:</b> {_e(err)}</div>'
    letters = compare.letters_for(len(runs))
    out = []
    if comparison.differences:
        items = "".join(f"<li>{_e(d.describe(letters))}</li>" for d in comparison.differences)
        out.append(f'<div class="fair"><b>Fairness:</b> the runs differ in settings that bias the comparison:'
                   f"<ul>{items}</ul></div>")
    legend = "".join(f"<li>{_e(letter)} = {_e(name)}</li>" for letter, name in zip(letters, names))
    out.append(f"<ul>{legend}</ul><p class='note'>Ratios to A with bootstrap {comparison.confidence:.0%} "
               f"intervals ({comparison.resamples} resamples, seed {comparison.seed}); * marks an interval "
               "that excludes 1 (no change). A signed difference is shown where A's value is not positive.</p>")
    table = as_html.render(compare.comparison_table(comparison))
    out.append(f'<div class="wide">{table}</div>')
    return "\n".join(out)


def _swept(run: Run) -> dict[tuple[str, str, str], list[Result]]:
    """Benchmarks run at several values of one numeric parameter (load scaling), by unit."""
    groups: dict[tuple[str, str, str], list[Result]] = {}
    for result in run.results:
        if len(result.params) == 1:
            (param, value), = result.params.items()
            if isinstance(value, (int, float)):
                groups.setdefault((result.bench, param, result.unit), []).append(result)
    return {key: results for key, results in groups.items() if len(results) > 1}


class _Figures:
    """Numbers the figure divs so ids are stable from one report to the next."""

    def __init__(self) -> None:
        self.count = 0

    def add(self, fig: Any) -> str:
        self.count += 1
        return f'<div class="fig">{plots.html_of(fig, f"fig-{self.count}")}</div>'


def _distributions(runs: list[Run], names: list[str], figures: _Figures) -> str:
    # One figure per benchmark and unit: samples in different units never share an axis.
    keys: list[tuple[Any, str]] = []
    for run in runs:
        for result in run.results:
            if (result.key, result.unit) not in keys and result.status == "ok" and len(result.raw_samples) > 1:
                keys.append((result.key, result.unit))
    parts = []
    for key, unit in keys:
        found = [(name, next((r for r in run.results if r.key == key and r.unit == unit), None))
                 for name, run in zip(names, runs)]
        samples = [(name, r.samples()) for name, r in found if r is not None and r.status == "ok" and r.raw_samples]
        label = next(r.label() for _, r in found if r is not None)
        parts.append(figures.add(plots.distribution(label, unit, samples)))
    if not parts:
        return ""
    return '<p class="note">Every raw sample, read overhead subtracted.</p>' \
           f'<div class="grid">{"".join(parts)}</div>'


def _scaling(runs: list[Run], names: list[str], figures: _Figures) -> str:
    keys: list[tuple[str, str, str]] = []
    for run in runs:
        keys += [k for k in _swept(run) if k not in keys]
    parts = []
    for bench, param, unit in keys:
        per_run = [(name, _swept(run).get((bench, param, unit), [])) for name, run in zip(names, runs)]
        parts.append(figures.add(plots.scaling(bench, param, unit, per_run)))
    return f'<div class="grid">{"".join(parts)}</div>' if parts else ""


def _footprint(runs: list[Run], names: list[str], figures: _Figures) -> str:
    fig = plots.footprint(list(zip(names, runs)))
    if fig is None:
        return ""
    return "<p class='note'>bss includes .noinit (sample buffers and task stacks).</p>" \
           + figures.add(fig)


def _study_raw(study: dict[str, Any]) -> str:
    columns: list[str] = []
    for row in study.get("rows", []):
        columns += [k for k in row if k not in columns]
    rows = [["-" if row.get(c) is None else str(row.get(c)) for c in columns] for row in study.get("rows", [])]
    return _table(columns, rows, left=1)


def _studies(runs: list[Run], names: list[str], figures: _Figures) -> str:
    about, views = published.study_views(runs, names)
    out = [f'<p class="note">{_e(about)}</p>']
    for view in views:
        s = view.study
        out.append(f"<h3 id=\"study-{_e(s['id'])}\">{_e(s.get('title', s['id']))}</h3><ul>"
                   + "".join(f"<li><b>{_e(k)}:</b> {_e(s[k])}</li>" for k in ("platform", "method", "unit") if k in s)
                   + (f"<li><b>kernels:</b> {_e(', '.join(f'{k} {v}' for k, v in s['kernels'].items()))}</li>"
                      if isinstance(s.get("kernels"), dict) else "")
                   + "".join(f"<li><b>finding:</b> {_e(f)}</li>" for f in s.get("findings", [])) + "</ul>")
        out.append(f'<p class="note">{_e(view.explanation)}</p>')
        if view.rows:
            table = _table(view.columns, view.rows, left=2 if view.shape == "ratio" else 3)
            out.append(f'<div class="wide">{table}</div>')
        if view.comparable:
            out.append(figures.add(plots.study_shape(view)))
        out.append(f"<details><summary>the study's figures as published</summary>{_study_raw(s)}</details>")
    return "\n".join(out)


def _manifests(runs: list[Run], names: list[str]) -> str:
    parts = [f"<details><summary>{_e(name)}</summary><pre>{_e(json.dumps(run.manifest, indent=1, default=str))}"
             "</pre></details>" for name, run in zip(names, runs)]
    return "".join(parts)


def render(runs: list[Run], names: list[str]) -> str:
    figures = _Figures()
    sections = [
        ("comparison", "Comparison", _comparison(runs, names) if len(runs) > 1 else ""),
        ("results", "Results", "".join(_summary(run, name) for run, name in zip(runs, names))),
        ("scaling", "Load scaling", _scaling(runs, names, figures)),
        ("footprint", "Footprint", _footprint(runs, names, figures)),
        ("distributions", "Sample distributions", _distributions(runs, names, figures)),
        ("studies", "Published studies", _studies(runs, names, figures)),
        ("manifests", "Manifests", _manifests(runs, names)),
    ]
    present = [(anchor, title, content) for anchor, title, content in sections if content]
    nav = " · ".join(f'<a href="#{anchor}">{_e(title.lower())}</a>' for anchor, title, _ in present)
    body = [(f"<h1>rtbench report</h1><p class='note'>rtbench {_e(__version__)}, "
             f"{_e(datetime.datetime.now(datetime.UTC).isoformat(timespec='seconds'))}, "
             f"{len(runs)} run(s). Opens offline: plotly.js is embedded.</p><p>{nav}</p>")]
    body += [f'<section id="{anchor}"><h2>{_e(title)}</h2>\n{content}</section>' for anchor, title, content in present]
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>rtbench report</title>"
            f"<style>{_STYLE}</style><script>{plotly.offline.get_plotlyjs()}</script></head>\n<body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_report(runs: list[Run], names: list[str], path: Path) -> None:
    try:
        Path(path).write_text(render(runs, names), encoding="utf-8")
    except OSError as err:
        raise RtbenchError(f"cannot write {path}: {err.strerror or err}") from None
