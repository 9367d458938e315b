# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench report --html`: one HTML file, self-contained by default (plotly.js embedded, no network
at view time; --plotly cdn loads it instead, reports/plotly_js.py). It opens with its verdict; a
comparison then shows every ratio in one chart, and the details follow: tables, distributions, load
scaling, footprint, the published studies the runs overlap, manifests."""
from __future__ import annotations

import datetime
import html
import json
from pathlib import Path
from typing import Any

from .. import __version__, files
from ..acquire.provenance import summary as provenance_summary
from ..analysis import kernel_profiles, verdict
from ..errors import RtbenchError
from ..model import Result, Run
from ..results import compare
from ..results.tables import as_html
from . import htmlcompare, htmlstudies, htmlverdict, plotly_js, plots
from .report import run_table, split_note

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1300px; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: .2em; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
h3.figtitle { font-size: 1em; margin: 1em 0 .2em; }
table { border-collapse: collapse; font-size: .85em; margin: .5em 0; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: right; white-space: nowrap; }
.wide { overflow-x: auto; }
th { background: #f3f3f3; } td.l, th.l { text-align: left; }
tr.bad td { background: #fde8e8; } tr.significant td { background: #eef4ff; } tr.note td { color: #a33; }
.fair { background: #fff6dc; border: 1px solid #e8c96a; padding: .5em 1em; margin: 1em 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: .5em 1.5em; }
code { font-size: 1.1em; } .note { color: #555; font-size: .9em; }
pre { background: #f7f7f7; padding: .8em; overflow: auto; font-size: .8em; }
.verdict { border: 2px solid #3b6fb6; background: #f2f7ff; border-radius: 6px; padding: .2em 1.2em .6em;
           margin: 1em 0; }
.verdict.same { border-color: #2f8a4c; background: #f1fbf4; }
.verdict.bad { border-color: #c53030; background: #fff5f5; }
.verdict h2 { border: none; margin: .4em 0 0; font-size: 1em; text-transform: uppercase; letter-spacing: .05em;
              color: #555; }
.verdict .headline { font-size: 1.35em; font-weight: 600; margin: .3em 0; }
.verdict ul { margin: .2em 0; padding-left: 1.2em; line-height: 1.6; }
.verdict .quiet { color: #5f6b7a; font-size: .9em; } .verdict .quiet p { margin: .4em 0 0; }
.chg { white-space: nowrap; } .worse { color: #b42318; } .better { color: #18794e; }
"""


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


class _Figures:
    """Numbers the figure divs so ids are stable from one report to the next; each figure's title
    is HTML above it, clear of plotly's toolbar."""

    def __init__(self) -> None:
        self.count = 0

    def add(self, fig: Any, title: str = "", div_id: str | None = None) -> str:
        self.count += 1
        heading = f'<h3 class="figtitle">{_e(title)}</h3>' if title else ""
        return f'<div class="fig">{heading}{plots.html_of(fig, div_id or f"fig-{self.count}")}</div>'


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
    note += f'<p class="note provenance">provenance: {_e(provenance_summary(run.manifest))}</p>'
    model = run_table(run.results, run.manifest.get("clock_hz"))
    below = "".join(f'<p class="note">{_e(line)}</p>' for line in split_note(model))
    return f'<h3>{_e(_run_heading(run, name))}</h3>{note}<div class="wide">{as_html.render(model)}</div>{below}'


def _kernels(runs: list[Run]) -> str:
    """The profile of each kernel the runs used (rtbench kernels, from what the runs recorded)."""
    profiles = kernel_profiles.from_runs(runs)
    if not profiles:
        return ""
    target = str(runs[0].manifest.get("target", ""))
    table = as_html.render(kernel_profiles.to_table(profiles, target))
    notes = "".join(f"<p class='note'>{_e(p.kernel)}: {_e(note)}</p>" for p in profiles for note in p.notes)
    return ("<p class='note'>From each port's description and what each run recorded: the API counted in "
            "the kernel's public headers when it ran (the survey's Fig. 3 categories). rtbench kernels adds the "
            f"footprint of a one-task image.</p><div class='wide'>{table}</div>{notes}")


def _results(runs: list[Run], names: list[str], folded: bool) -> str:
    """Each run's table; folded away under the comparison, whose chart and table say more."""
    if not folded:
        return "".join(_summary(run, name) for run, name in zip(runs, names))
    return "".join(f"<details><summary>{_e(_run_heading(run, name))} ({len(run.results)} results)</summary>"
                   f"{_summary(run, name)}</details>" for run, name in zip(runs, names))


def _labels_by_unit(runs: list[Run]) -> dict[str, list[tuple[Any, str]]]:
    """Sampled (n > 1) benchmarks per unit, in catalogue order: (key, label)."""
    found: dict[str, list[tuple[Any, str]]] = {}
    for run in runs:
        for result in run.results:
            entry = (result.key, result.label())
            if result.status == "ok" and len(result.raw_samples) > 1 and entry not in found.get(result.unit, []):
                found.setdefault(result.unit, []).append(entry)
    return found


def _distributions(runs: list[Run], names: list[str], figures: _Figures) -> str:
    # One figure per unit (different units never share an axis), a row per benchmark, a box per
    # run; benchmarks with values at or below 0 (signed lateness) get their own linear axis.
    parts = []
    for unit, entries in _labels_by_unit(runs).items():
        rows: list[tuple[str, list[list[int] | None]]] = []
        for key, label in entries:
            per_run = []
            for run in runs:
                found = next((r for r in run.results if r.key == key and r.unit == unit), None)
                per_run.append(found.samples() if found and found.status == "ok" and found.raw_samples else None)
            rows.append((label, per_run))
        signed = [r for r in rows if any(s and min(s) <= 0 for s in r[1])]
        positive = [r for r in rows if r not in signed]
        for chosen, what in ((positive, ""), (signed, ", values at or below 0")):
            if chosen:
                title = f"{unit}: {len(chosen)} benchmark(s){what}"
                parts.append(figures.add(plots.distributions(unit, names, chosen), title))
    if not parts:
        return ""
    return ('<p class="note">Every raw sample (read overhead subtracted), as nearest-rank percentiles: the box '
            "spans p25 to p75, its line is the median and its dashed line the mean, the whiskers reach from the "
            "minimum to p99, and a cross marks the maximum where it lies above p99 (a rare slow sample, such as "
            "a tick hitting the measurement). Single samples are in the tables.</p>" + "".join(parts))


def _swept(run: Run) -> dict[tuple[str, str, str], list[Result]]:
    """Benchmarks run at several values of one numeric parameter (load scaling), by unit."""
    groups: dict[tuple[str, str, str], list[Result]] = {}
    for result in run.results:
        if len(result.params) == 1:
            (param, value), = result.params.items()
            if isinstance(value, (int, float)):
                groups.setdefault((result.bench, param, result.unit), []).append(result)
    return {key: results for key, results in groups.items() if len(results) > 1}


def _scaling(runs: list[Run], names: list[str], figures: _Figures) -> str:
    keys: list[tuple[str, str, str]] = []
    for run in runs:
        keys += [k for k in _swept(run) if k not in keys]
    parts = []
    for bench, param, unit in keys:
        per_run = [(name, _swept(run).get((bench, param, unit), [])) for name, run in zip(names, runs)]
        parts.append(figures.add(plots.scaling(bench, param, unit, per_run), f"{bench} against {param}"))
    return f'<div class="grid">{"".join(parts)}</div>' if parts else ""


def _footprint(runs: list[Run], names: list[str], figures: _Figures) -> str:
    fig = plots.footprint(list(zip(names, runs)))
    if fig is None:
        return ""
    return "<p class='note'>bss includes .noinit (sample buffers and task stacks).</p>" \
           + figures.add(fig, "bytes per layer, from the linker map")


def _manifests(runs: list[Run], names: list[str]) -> str:
    parts = [f"<details><summary>{_e(name)}</summary><pre>{_e(json.dumps(run.manifest, indent=1, default=str))}"
             "</pre></details>" for name, run in zip(names, runs)]
    return "".join(parts)


def render(runs: list[Run], names: list[str], plotly: str = plotly_js.DEFAULT) -> str:
    figures = _Figures()
    comparison, not_compared = None, ""
    if len(runs) > 1:
        try:
            comparison = compare.compare_runs(runs, names)
        except RtbenchError as err:  # e.g. different units: say so instead of comparing
            not_compared = str(err)
    run_verdicts = [verdict.of_run(run, name) for run, name in zip(runs, names)]
    if comparison is not None:
        pairs = verdict.pairs(comparison)
        letters = compare.letters_for(len(runs))
        opening = (htmlverdict.comparison_box(pairs, list(zip(letters, names)), run_verdicts)
                   + htmlcompare.fairness(comparison))
        sections = [("ratios", "Ratios to A", htmlcompare.ratios(comparison, figures.add)),
                    ("comparison", "Comparison table", htmlcompare.full_table(comparison))]
    else:
        opening = htmlverdict.runs_box(run_verdicts, not_compared)
        if not_compared:
            opening += f'<div class="fair"><b>Not compared:</b> {_e(not_compared)}</div>'
        sections = []
    sections += [
        ("results", "Results", _results(runs, names, folded=comparison is not None)),
        ("distributions", "Sample distributions", _distributions(runs, names, figures)),
        ("scaling", "Load scaling", _scaling(runs, names, figures)),
        ("footprint", "Footprint", _footprint(runs, names, figures)),
        ("kernels", "Kernels", _kernels(runs)),
        ("studies", "Published studies", htmlstudies.section(runs, names, figures.add)),
        ("manifests", "Manifests", _manifests(runs, names)),
    ]
    present = [(anchor, title, content) for anchor, title, content in sections if content]
    return page("rtbench report", f"{len(runs)} run(s)", opening, present, plotly)


def page(title: str, what: str, opening: str, sections: list[tuple[str, str, str]],
         plotly: str = plotly_js.DEFAULT) -> str:
    """A whole report: its title, what it covers, the opening box and (anchor, title, content)
    sections, with the report's style and plotly.js as `plotly` says (plotly_js.MODES)."""
    nav = " · ".join(f'<a href="#{anchor}">{_e(heading.lower())}</a>' for anchor, heading, _ in sections)
    body = [plotly_js.fallback(plotly)]
    body += [(f"<h1>{_e(title)}</h1><p class='note'>rtbench {_e(__version__)}, "
              f"{_e(datetime.datetime.now(datetime.UTC).isoformat(timespec='seconds'))}, "
              f"{_e(what)}. {_e(plotly_js.promise(plotly))} {nav}</p>"), opening]
    body += [f'<section id="{anchor}"><h2>{_e(heading)}</h2>\n{content}</section>'
             for anchor, heading, content in sections]
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{_e(title)}</title>"
            f"<style>{_STYLE}{htmlstudies.STYLE}</style>{plotly_js.script(plotly)}</head>\n<body>\n"
            + "\n".join(part for part in body if part) + "\n</body></html>\n")


def write_report(runs: list[Run], names: list[str], path: Path, plotly: str = plotly_js.DEFAULT) -> None:
    files.write_whole(Path(path), render(runs, names, plotly))
