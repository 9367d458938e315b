# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A benchmark's figures on every kernel and target of the reference runs that ran the whole
catalogue, and the studies that use it: the tables of its generated docs page, from the stored
runs only (docs/hooks/generate.py)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ..analysis.published import load_studies
from ..campaign import matrix, reference_cells
from . import reference_runs as ref


@dataclass(frozen=True)
class CatalogueCell:
    name: str
    target: str  # with its CPU variant, if any
    kernel: str


def catalogue_cells() -> list[CatalogueCell]:
    """The reference cells that run the whole catalogue on one configuration (no benchmark
    selection, the default profile, one CPU variant, no timing model), in campaigns/reference.toml's
    order."""
    cells = []
    for axis in matrix.read(reference_cells.matrix_path()).axes:
        for value in axis.values:
            settings = value.settings
            variants = settings.get("cpu_variant") or []
            if {"bench", "cycles_model"} & set(settings) or settings.get("profile", "default") != "default" \
                    or len(variants) > 1:
                continue
            target = str(settings["target"]) + (f" ({variants[0]})" if variants else "")
            cells.append(CatalogueCell(value.label, target, str(settings["kernel"])))
    return cells


def table(bench: str, runs: dict[str, dict[str, Any]], cells: list[CatalogueCell]) -> str:
    """A Markdown table: a row per catalogue cell, a column per result of `bench` (one per
    parameter value), each its median (both values when split) or its status; then the reasons
    of the results that are not ok. Empty when no stored cell ran it."""
    rows: list[tuple[CatalogueCell, str, dict[str, dict[str, Any]]]] = []
    labels: list[str] = []
    for cell in cells:
        results = {ref.label(r): r for r in runs.get(cell.name, {}).get("results", []) if r.get("bench") == bench}
        if not results:
            continue
        labels += [label for label in results if label not in labels]
        unit = next((str(r.get("unit", "")) for r in results.values() if r.get("status") == "ok"), "")
        rows.append((cell, unit, results))
    if not rows:
        return ""
    heads = [label.removeprefix(bench) or "median" for label in labels]
    lines = ["| run | target | kernel | unit | " + " | ".join(heads) + " |",
             "| --- | --- | --- | --- | " + " | ".join("---:" for _ in heads) + " |"]
    reasons: dict[str, list[str]] = {}
    for cell, unit, results in rows:
        # A split median's "a | b" would end a Markdown cell.
        figures = [ref.figure(results.get(label)).replace("|", "\\|") for label in labels]
        lines.append(f"| `{cell.name}` | {cell.target} | {cell.kernel} | {unit} | " + " | ".join(figures) + " |")
        for label, result in results.items():
            if result.get("status") != "ok" and result.get("reason"):
                reasons.setdefault(str(result["reason"]), []).append(f"`{cell.name}` {label}")
    notes = [f"- {', '.join(where)}: {reason}" for reason, where in reasons.items()]
    return "\n".join(lines + ([""] + notes if notes else []))


_studies = functools.cache(load_studies)  # one read for the whole catalogue's pages


def studies_using(bench: str) -> list[tuple[str, str, list[str]]]:
    """(study id, its title, its criteria) for every study whose criteria map to `bench`."""
    data, views = _studies()
    found = []
    for study_id, specs in views.items():
        criteria = [str(c["study"]) for spec in specs for c in spec.get("criteria", []) if c.get("bench") == bench]
        if criteria:
            study: dict[str, Any] = next((s for s in data["studies"] if s.get("id") == study_id), {})
            found.append((study_id, str(study.get("title", study_id)), list(dict.fromkeys(criteria))))
    return found
