# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The registry of published studies: one folder per study, rtbench/studies/<id>/study.toml.

A study.toml holds, for the study whose id is its folder's name:

    order = 3                       # where it stands among the studies (reports list them so)
    page = "studies/weiss.md"       # its page under docs/ (optional)
    title = "..."                   # its citation; platform, method, unit and any other facts
    view_module = "rtbench.analysis.weiss"   # optional: a module whose SHAPES add views
    row_keys = ["cpu", ...]         # the columns of its figures, in the order they are shown
    [[rows]]                        # its figures as published, one table per row; a figure the
    criterion = "..."               #   study left blank is left out (TOML has no null)
    [[comparison]]                  # how its criteria map to rtbench benchmarks: shape, criteria...
    [[reference]]                   # which stored reference runs fill a comparison on its page:
    shape = "..."                   #   shape, title, runs = [{ run = "CELL", name = "..." }]
    campaigns = ["NAME", ...]       # optional: campaigns/NAME.toml that measure it on one's own
                                    #   (`rtbench study ID --measure --campaign NAME`)
    [[figure]]                      # optional: a figure drawn from a run (rtbench/analysis/
    shape = "clock_sweep"           #   study_figures.py): shape, title, the reference run drawn
    run = "CELL"                    #   by default, and the shape's own keys (a sweep's clocks,
                                    #   deadline and chain)

The folders ship inside the package (the HTML report reads them when installed from a wheel);
RTBENCH_STUDIES names more folders holding study folders (os.pathsep-separated): a study of
one's own is one folder there."""
from __future__ import annotations

import functools
import importlib
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR
from ..suggest import unknown_hint

STUDIES_DIR = PACKAGE_DIR / "studies"
ENV = "RTBENCH_STUDIES"
ABOUT = ("Figures published by earlier RTOS benchmark studies, transcribed for side-by-side reports. Units and "
         "methods differ from rtbench's; compare shapes and ratios, not absolute values.")
_OWN_KEYS = ("order", "page", "view_module", "row_keys", "rows", "comparison", "reference", "campaigns", "figure")


@dataclass(frozen=True)
class Study:
    id: str
    folder: Path
    facts: dict[str, Any]  # id, citation, figures (rows, each with every row key, None when blank)
    comparisons: list[dict[str, Any]]
    references: list[dict[str, Any]]
    order: int = 1000
    page: str = ""
    view_module: str = ""
    shapes: dict[str, Any] = field(default_factory=dict)
    campaigns: list[str] = field(default_factory=list)  # campaigns/NAME.toml that measure it
    figures: list[dict[str, Any]] = field(default_factory=list)  # [[figure]] tables, as written

    def cells(self) -> list[str]:
        """The reference runs its page is rendered from, each once, in the file's order."""
        return list(dict.fromkeys(str(run.get("run")) for ref in self.references for run in ref.get("runs", [])))


def folders() -> list[Path]:
    """Where study folders are looked for: the package's, then RTBENCH_STUDIES's."""
    extra = [Path(p) for p in os.environ.get(ENV, "").split(os.pathsep) if p]
    return [STUDIES_DIR] + extra


def _rows(path: Path, data: dict[str, Any]) -> list[dict[str, Any]]:
    rows = data.get("rows", [])
    keys = list(data.get("row_keys", []))
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise RtbenchError(f"{path}: rows must be [[rows]] tables", "see rtbench/analysis/studies.py")
    for row in rows:
        keys += [k for k in row if k not in keys]
    return [{k: row.get(k) for k in keys} for row in rows]


def _load(path: Path) -> Study:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise RtbenchError(f"cannot read the study {path}: {err}") from None
    study_id = path.parent.name
    facts: dict[str, Any] = {"id": study_id}
    facts.update({k: v for k, v in data.items() if k not in _OWN_KEYS})
    facts["rows"] = _rows(path, data)
    module = str(data.get("view_module", ""))
    shapes: dict[str, Any] = {}
    if module:
        try:
            shapes = dict(importlib.import_module(module).SHAPES)
        except (ImportError, AttributeError) as err:
            raise RtbenchError(f"{path}: view_module {module} has no usable SHAPES: {err}") from None
    campaigns = data.get("campaigns", [])
    if not isinstance(campaigns, list) or not all(isinstance(name, str) and name for name in campaigns):
        raise RtbenchError(f"{path}: campaigns must be a list of names (campaigns/NAME.toml)",
                           'e.g. campaigns = ["emulation-study"]')
    figures = data.get("figure", [])
    if not isinstance(figures, list) or not all(isinstance(item, dict) for item in figures):
        raise RtbenchError(f"{path}: figure must be [[figure]] tables", "see rtbench/analysis/studies.py")
    return Study(study_id, path.parent, facts, list(data.get("comparison", [])), list(data.get("reference", [])),
                 int(data.get("order", 1000)), str(data.get("page", "")), module, shapes, campaigns, figures)


@functools.cache
def _registry(where: tuple[Path, ...]) -> dict[str, Study]:
    found: dict[str, Study] = {}
    for folder in where:
        for path in sorted(folder.glob("*/study.toml")):
            found.setdefault(path.parent.name, _load(path))
    return dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))


def all_studies() -> dict[str, Study]:
    """Every study, keyed by id, in their order."""
    return _registry(tuple(folders()))


def get(study_id: str) -> Study:
    """One study, or an error naming the nearest id."""
    known = all_studies()
    if study_id not in known:
        raise RtbenchError(f"no published study '{study_id}'", unknown_hint(study_id, list(known), "studies", None))
    return known[study_id]
