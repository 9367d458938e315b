# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The HTML report's "Published studies": each study's views (rtbench/analysis/published.py) as
tables that fit the page's width without scrolling sideways: the names of a row stacked in its
first cell, each figure's value above its ratio, headers that wrap."""
from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from ..analysis import published
from ..model import Run
from ..results.tables import Column, Table, as_html, cell
from . import plots

# A view's figures are text such as "30 (5.20)", a value and its ratio, or "24501 instructions",
# an amount and its unit: each part on its own line keeps the columns narrow.
_VALUE_AND_RATIO = re.compile(r"^(?P<value>.+?) (?P<sub>\([^()]*\))$")
_AMOUNT_AND_UNIT = re.compile(r"^(?P<value>[-+]?[\d.]+) (?P<sub>[A-Za-z].*)$")

STYLE = """
table.study th, table.study td { white-space: normal; vertical-align: top; padding: .2em .4em; }
table.study th { overflow-wrap: anywhere; }
table.study td.l { min-width: 9em; }
table.study .sub { display: block; font-size: .85em; color: #666; font-weight: normal; }
table.study th.study, table.study td.study { background: #fbf6ea; }
"""

AddFigure = Callable[..., str]


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _stacked(main: str, subs: list[str]) -> str:
    """A main line and smaller lines under it, in one cell."""
    return _e(main) + "".join(f'<span class="sub">{_e(sub)}</span>' for sub in subs if sub)


def _label(main: str, subs: list[str]) -> str:
    """A row's names stacked; a long benchmark label may break after its '[' and commas only."""
    return _stacked(main, subs).replace("[", "[<wbr>").replace(",", ",<wbr>")


def _head_lines(title: str) -> tuple[str, str]:
    """A figure column's title as its name and what it holds: 'study ucos2: value (ratio)' ->
    ('study ucos2', 'value (ratio)'); 'run 1 (ratio)' -> ('run 1', 'ratio')."""
    if ": " in title:
        name, _, what = title.partition(": ")
        return name, what
    if title.endswith(")") and " (" in title:
        name, _, what = title.rpartition(" (")
        return name, what[:-1]
    return title, ""


def _figure_lines(text: str) -> tuple[str, str]:
    """A figure cell as its value and, on the next line, its ratio or unit."""
    found = _VALUE_AND_RATIO.match(text) or _AMOUNT_AND_UNIT.match(text)
    return (found["value"], found["sub"]) if found else (text, "")


def _class_of(title: str) -> str:
    """The study's own columns are tinted, to tell them from the runs' at a glance."""
    return ' class="study"' if title.startswith("study ") else ""


def study_table(view: published.StudyView, table_id: str) -> str:
    """A view's rows as a table whose width follows the page: the label columns in one cell."""
    labels = view.label_columns
    head = [f'<th class="l">{_stacked(view.columns[0], view.columns[1:labels])}</th>']
    for title in view.columns[labels:]:
        name, what = _head_lines(title)
        head.append(f"<th{_class_of(title)}>{_stacked(name, [what])}</th>")
    body = []
    for row in view.rows:
        cells = [f'<td class="l">{_label(row[0], row[1:labels])}</td>']
        for title, text in zip(view.columns[labels:], row[labels:]):
            value, ratio = _figure_lines(text)
            cells.append(f"<td{_class_of(title)}>{_stacked(value, [ratio])}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (f'<div class="wide" id="{_e(table_id)}"><table class="study"><thead><tr>{"".join(head)}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")


def _raw_table(study: dict[str, Any]) -> str:
    """The study's figures as published: every key of its rows."""
    columns: list[str] = []
    for row in study.get("rows", []):
        columns += [k for k in row if k not in columns]
    table = Table([Column(f"c{i}", head, "text" if i == 0 else "number") for i, head in enumerate(columns)])
    for row in study.get("rows", []):
        table.add([cell("-" if row.get(c) is None else str(row.get(c))) for c in columns])
    return f'<div class="wide">{as_html.render(table)}</div>'


def _view(view: published.StudyView, table_id: str, add_figure: AddFigure) -> str:
    """A view's explanation, its table and shape figure, and what it left out; one line when the
    runs hold none of its criteria."""
    if view.left_out and not view.rows:
        return f'<p class="note left-out">{_e(view.left_out_note)}</p>'
    out = [f'<p class="note">{_e(view.explanation)}</p>']
    if view.rows:
        out.append(study_table(view, table_id))
    if view.left_out:
        out.append(f'<p class="note left-out">{_e(view.left_out_note)}</p>')
    if view.comparable:
        out.append(add_figure(plots.study_shape(view)))
    return "".join(out)


def _heading(study: dict[str, Any]) -> str:
    facts = "".join(f"<li><b>{_e(k)}:</b> {_e(study[k])}</li>" for k in ("platform", "method", "unit") if k in study)
    if isinstance(study.get("kernels"), dict):
        facts += f"<li><b>kernels:</b> {_e(', '.join(f'{k} {v}' for k, v in study['kernels'].items()))}</li>"
    facts += "".join(f"<li><b>finding:</b> {_e(f)}</li>" for f in study.get("findings", []))
    return f"<h3 id=\"study-{_e(study['id'])}\">{_e(study.get('title', study['id']))}</h3><ul>{facts}</ul>"


def section(runs: list[Run], names: list[str], add_figure: AddFigure) -> str:
    """The studies the runs overlap (some run measured one of their criteria): each one's facts,
    then its views (a further view of a study under the same heading), then its figures as
    published; the others named in one line. Nothing when the runs overlap no study."""
    about, views = published.study_views(runs, names)
    by_study: dict[str, list[published.StudyView]] = {}
    for view in views:
        by_study.setdefault(view.study["id"], []).append(view)
    overlapping = {study_id: found for study_id, found in by_study.items() if any(view.rows for view in found)}
    if not overlapping:
        return ""
    out = [f'<p class="note">{_e(about)}</p>']
    for study_id, study_views in overlapping.items():
        study = study_views[0].study
        out.append(_heading(study))
        out += [_view(view, f"study-table-{study_id}-{i + 1}", add_figure) for i, view in enumerate(study_views)]
        out.append(f"<details><summary>the study's figures as published</summary>{_raw_table(study)}</details>")
    others = [found[0].study.get("title", study_id) for study_id, found in by_study.items()
              if study_id not in overlapping]
    if others:
        out.append(f'<p class="note studies-left-out">Not shown, as no run measured any of their criteria: '
                   f"{_e('; '.join(others))}.</p>")
    return "\n".join(out)
