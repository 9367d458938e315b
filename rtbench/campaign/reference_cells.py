# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The reference cells (campaigns/reference.toml), measured: the matrix's cells chosen by name or
glob, run in a fresh workspace, each kept as the document the caller stores (reports/
reference_runs.py's: the run without this machine's paths, docs/reference/<cell>.json.gz)."""
from __future__ import annotations

import dataclasses
import fnmatch
import itertools
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..model import Run
from ..paths import Workspace, checkout_dir
from ..results.store import Store
from . import cells as campaign_cells
from . import execution, matrix

# How a measured run becomes the document kept, given the workspace it was measured in.
Document = Callable[[Run, Path], dict[str, Any]]


def checkout() -> Path:
    """The rtbench checkout the reference cells and their stored runs live in."""
    root = checkout_dir()
    if root is None:
        raise RtbenchError("the reference runs live in an rtbench checkout (docs/reference/), not in a wheel",
                           "run this from a clone of rtbench")
    return root


def matrix_path() -> Path:
    return checkout() / "campaigns" / "reference.toml"


def cell_name(axes: dict[str, str]) -> str:
    return "-".join(axes.values())


def _selected(label: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(label, p) for p in patterns)


def cell_names(patterns: Iterable[str] = ("*",)) -> list[str]:
    """The matrix's cells (without building anything or locating a kernel tree), those matching
    any pattern, in the matrix's order."""
    plan = matrix.read(matrix_path())
    axes = [a.name for a in plan.axes]
    chosen = list(patterns)
    found = []
    for combo in _combinations([a.labels() for a in plan.axes]):
        labels = dict(zip(axes, combo))
        if not any(rule.matches(labels) for rule in plan.exclusions) and _selected(cell_name(labels), chosen):
            found.append(cell_name(labels))
    return found


def _combinations(lists: list[list[str]]) -> list[tuple[str, ...]]:
    return list(itertools.product(*lists))


def planned(patterns: Iterable[str] = ("*",)) -> tuple[matrix.Matrix, list[campaign_cells.Cell]]:
    """The reference campaign narrowed to the cells matching any pattern, and those cells checked
    as a campaign checks them (a kernel tree they need is located: a missing one is an error)."""
    chosen = list(patterns)
    plan = matrix.read(matrix_path())
    # The cells not chosen are left out before expanding, so that a kernel tree only they need
    # (UCOS2_PATH) is not looked for.
    axes = [a.name for a in plan.axes]
    others = [matrix.Exclusion({axis: frozenset([label]) for axis, label in zip(axes, combo)}, 0)
              for combo in _combinations([a.labels() for a in plan.axes])
              if not _selected(cell_name(dict(zip(axes, combo))), chosen)]
    plan = dataclasses.replace(plan, exclusions=plan.exclusions + tuple(others))
    cells = campaign_cells.expand(plan)
    if not cells:
        raise RtbenchError(f"no reference cell matches {', '.join(chosen)}",
                           "cells: " + ", ".join(cell_names()))
    return plan, cells


def measure(patterns: Iterable[str], document: Document, *, workspace: Path | None = None,
            workers: int | None = None, progress: Callable[[str], None] = lambda line: None,
            seconds: Callable[[str], float] = lambda name: 0.0) -> dict[str, dict[str, Any]]:
    """Runs the reference cells whose names match any pattern, in a fresh workspace (a
    temporary one unless given: a reference run never reuses a stored cell), and returns each
    as `document` makes it of the run (before the store gives the run its id), by cell name.
    The cells start longest first, by `seconds` (a cell's expected run time, by name)."""
    plan, cells = planned(patterns)
    cells = sorted(cells, key=lambda cell: seconds(cell_name(cell.axes)), reverse=True)
    with tempfile.TemporaryDirectory(prefix="rtbench-reference-") as scratch:
        home = Workspace(workspace or Path(scratch) / "workspace")
        home.root.mkdir(parents=True, exist_ok=True)
        docs: dict[str, dict[str, Any]] = {}

        with Store(home.store) as store:
            def save(run: Run) -> int:
                docs[cell_name(run.manifest["campaign"]["axes"])] = document(run, home.root)
                return store.save(run)

            summary = execution.run_cells(plan, cells, save=save, workspace=home, scheduler=None,
                                          workers=workers, progress=progress)
        if summary.interrupted is not None:
            raise summary.interrupted
    return docs
