# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The five studies' pages: each study's views (rtbench/analysis/published.py) computed from
the stored reference runs, and the study's figures as published, both as Markdown.

A study's [[reference]] tables (rtbench/studies/<id>/study.toml, rtbench/analysis/studies.py) say
which reference runs fill which of its views:

    [[reference]]
    shape = "window"                    # one of the study's [[comparison]] views
    title = "on qemu-m3, 1 kHz tick"    # what this entry shows, as its heading
    runs = [{ run = "qemu-m3-ucos2-tick1k", name = "uC/OS-II" }]

A page shows every entry of a study with <!-- rtbench:study ID --> and the study's own figures
with <!-- rtbench:published ID -->."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rtbench.acquire import provenance
from rtbench.analysis import published, studies
from rtbench.errors import RtbenchError
from rtbench.model import Run
from rtbench.results.runsource import run_from_document
from rtbench.results.tables import Column, Table, as_markdown, cell

from . import reference_runs


@dataclass(frozen=True)
class Entry:
    study: str
    shape: str
    title: str
    runs: tuple[tuple[str, str], ...]  # (reference run, the name its column shows)


def _entry(path: Path, study: str, data: Any) -> Entry:
    def fail(problem: str) -> RtbenchError:
        return RtbenchError(f"{path}: [[reference]]: {problem}", "see rtbench/analysis/studies.py")

    if not isinstance(data, dict) or not isinstance(data.get("shape"), str):
        raise fail("each entry needs shape = \"...\" (one of the study's [[comparison]] views)")
    unknown = set(data) - {"shape", "title", "runs"}
    if unknown:
        raise fail(f"unknown key(s) {', '.join(sorted(unknown))}")
    runs = data.get("runs")
    if not isinstance(runs, list) or not runs:
        raise fail("runs must be a non-empty list of { run = \"CELL\", name = \"...\" }")
    pairs = []
    for item in runs:
        if not isinstance(item, dict) or not isinstance(item.get("run"), str):
            raise fail(f"a run must name its reference run: {item!r}")
        pairs.append((item["run"], str(item.get("name", item["run"]))))
    return Entry(study, data["shape"], str(data.get("title", "")), tuple(pairs))


def entries() -> dict[str, list[Entry]]:
    """Every study's entries, in the studies' and their files' order."""
    return {study.id: [_entry(study.folder / "study.toml", study.id, item) for item in study.references]
            for study in studies.all_studies().values() if study.references}


def _study(study_id: str) -> dict[str, Any]:
    return dict(studies.get(study_id).facts)


def _runs(entry: Entry, directory: Path | None) -> tuple[list[Run], list[dict[str, Any]]]:
    docs = [reference_runs.load(run, directory) for run, _ in entry.runs]
    return [run_from_document(doc) for doc in docs], docs


def _view_table(view: published.StudyView) -> Table:
    names = view.label_columns  # the leading columns name a row; the rest hold figures
    model = Table([Column(f"c{i}", title, "text" if i < names else "number") for i, title in enumerate(view.columns)],
                  empty="none of the study's criteria measured by these runs")
    for row in view.rows:
        model.add([cell(text) for text in row])
    return model


def entry_block(entry: Entry, *, runs: Path | None = None) -> str:
    """One entry: its heading, the view's explanation, its table and the runs behind it."""
    loaded, docs = _runs(entry, runs)
    names = [name for _, name in entry.runs]
    _, views = published.study_views(loaded, names)
    chosen = [v for v in views if v.study["id"] == entry.study and v.shape == entry.shape]
    if not chosen:
        shapes = sorted({v.shape for v in views if v.study["id"] == entry.study})
        raise RtbenchError(f"study '{entry.study}' has no view of shape '{entry.shape}'",
                           "its views: " + (", ".join(shapes) or "none"))
    out = [f"**{as_markdown.escape(entry.title)}**" if entry.title else ""]
    for view in chosen:
        out += [as_markdown.escape(view.explanation)]
        if view.rows:
            out.append(as_markdown.render(_view_table(view)))
        if view.left_out_note:
            out.append(as_markdown.escape(view.left_out_note))
    sources = "; ".join(f"`{run}` ({provenance.summary(doc['manifest'])})" for (run, _), doc in zip(entry.runs, docs))
    out.append(f"Rendered from the reference runs {sources}.")
    return "\n\n".join(part for part in out if part)


def view_text(v: published.StudyView) -> str:
    """A view as a plain table, for the terminal; its note alone when no run measured its criteria."""
    if not v.rows:
        return v.explanation + "\n" + v.left_out_note
    widths = [max(len(str(r[i])) for r in [v.columns] + v.rows) for i in range(len(v.columns))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip() for row in [v.columns] + v.rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n" + " ".join(filter(None, [v.explanation, v.left_out_note]))


def beside_text(study_id: str, runs: list[Run], names: list[str], shapes: set[str] | None = None) -> str:
    """The views of a study (those of `shapes`, else all) beside the given runs rather than its
    reference runs, for the terminal; empty when it has none of those shapes."""
    study = studies.get(study_id)
    _, views = published.study_views(runs, names)
    title = study.facts.get("title", study_id)
    chosen = [v for v in views if v.study["id"] == study_id and (shapes is None or v.shape in shapes)]
    return "".join(f"{title}, beside {', '.join(names)}:\n{view_text(v)}\n\n" for v in chosen)


def block(study_id: str, *, runs: Path | None = None, shapes: set[str] | None = None) -> str:
    """Every entry of a study (of those shapes, when given), as a page shows them."""
    study = studies.get(study_id)
    known = entries()
    if study_id not in known:
        raise RtbenchError(f"study '{study_id}' names no reference runs",
                           f"add [[reference]] tables to {study.folder / 'study.toml'}")
    return "\n\n".join(entry_block(entry, runs=runs) for entry in known[study_id]
                       if shapes is None or entry.shape in shapes) + "\n"


def _raw(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


def published_block(study_id: str) -> str:
    """The study's figures as transcribed in its study.toml, with its unit and method."""
    study = _study(study_id)
    rows = study.get("rows", [])
    keys: list[str] = []
    for row in rows:
        keys += [k for k in row if k not in keys and k not in ("note", "source")]
    model = Table([Column(k, k, "text" if i == 0 else "number") for i, k in enumerate(keys)])
    for row in rows:
        said = [str(row[k]) if k == "note" else f"source: {row[k]}" for k in ("note", "source") if row.get(k)]
        model.add([cell(row.get(k), _raw(row.get(k))) for k in keys], note="; ".join(said) or None)
    lines = [as_markdown.render(model), ""]
    for key in ("platform", "method", "unit"):
        if key in study:
            lines.append(f"- **{key}:** {as_markdown.escape(str(study[key]))}")
    lines.append(f"- **transcribed in** `rtbench/studies/{study_id}/study.toml`")
    return "\n".join(lines) + "\n"
