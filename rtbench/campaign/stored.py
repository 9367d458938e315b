# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A campaign as the store holds it: each run carries `campaign` in its manifest (id, cell key,
axes, repeat, status), so resuming and reading need nothing but the store.

A cell counts as done when it is stored with status ok or fail (its results were measured;
a failed check is a result); a cell stored with status error (it could not run, was lost or
interrupted) is run again on resume. Where one cell of the matrix was stored more than once
(an error retried, or a setting changed between invocations) the newest run is the cell's."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import RtbenchError
from ..model import Result, Run, Scale
from ..results.store import Store

DONE = ("ok", "fail")
JSON_PATH = "$.campaign.id"


@dataclass(frozen=True)
class StoredCell:
    run_id: int
    key: str
    axes: dict[str, str]
    repeat: int
    status: str  # ok, fail or error
    error: str | None
    manifest: dict[str, Any]

    @property
    def coordinates(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.axes.items())


def cell_status(run: Run, error: str | None) -> str:
    """error: the cell could not run, or lost a result; fail: a check failed; else ok."""
    statuses = {r.status for r in run.results}
    if error or not run.results or "error" in statuses:
        return "error"
    return "fail" if "fail" in statuses else "ok"


def first_problem(run: Run) -> str | None:
    """The first result that failed or was lost, with its reason."""
    bad = next((r for r in run.results if r.status in ("fail", "error")), None)
    return f"{bad.label()}: {bad.status}: {' '.join(bad.reason.split()) or 'no reason given'}" if bad else None


def _cell(run_id: int, manifest: dict[str, Any]) -> StoredCell | None:
    record = manifest.get("campaign")
    if not isinstance(record, dict) or not isinstance(record.get("axes"), dict):
        return None
    return StoredCell(run_id=run_id, key=str(record.get("cell", "")),
                      axes={str(k): str(v) for k, v in record["axes"].items()},
                      repeat=int(record.get("repeat", 1)), status=str(record.get("status", "error")),
                      error=record.get("error"), manifest=manifest)


def stored_cells(store: Store, campaign: str) -> list[StoredCell]:
    """Every run stored for the campaign, oldest first."""
    cells = (_cell(run_id, manifest) for run_id, manifest in store.manifests_where(JSON_PATH, campaign))
    return [cell for cell in cells if cell is not None]


def done_keys(cells: list[StoredCell]) -> dict[str, int]:
    """Cell key -> the run that completed it."""
    return {cell.key: cell.run_id for cell in cells if cell.status in DONE}


@dataclass
class CampaignView:
    """The campaign's cells as the latest form of its matrix has them."""

    campaign: str
    axes: list[str]  # axis names, in the matrix's order
    values: dict[str, list[str]]  # each axis's labels, in the matrix's order
    cells: list[StoredCell]  # the newest run of each (coordinates, repeat), in matrix order
    superseded: list[StoredCell] = field(default_factory=list)  # older runs of the same cells
    other_form: list[StoredCell] = field(default_factory=list)  # runs of an earlier matrix with other axes

    def varying(self) -> list[str]:
        """Axes with more than one value among the cells, the most values first (ties: matrix order)."""
        counts = {axis: len({cell.axes.get(axis) for cell in self.cells}) for axis in self.axes}
        return sorted((a for a in self.axes if counts[a] > 1), key=lambda a: -counts[a])


def view(store: Store, campaign: str) -> CampaignView:
    cells = stored_cells(store, campaign)
    if not cells:
        raise RtbenchError(f"no campaign '{campaign}' in {store.path}",
                           "campaign ids are the matrix's [campaign] name (or its file name); "
                           "rtbench campaign MATRIX.toml runs one")
    newest = cells[-1]
    axes = list(newest.axes)
    order = newest.manifest["campaign"].get("matrix_axes")
    values: dict[str, list[str]] = {axis: [] for axis in axes}
    if isinstance(order, dict):
        for axis in axes:
            values[axis] = [str(v) for v in order.get(axis, [])]
    same_form = [c for c in cells if list(c.axes) == axes]
    for cell in same_form:
        for axis, label in cell.axes.items():
            if label not in values[axis]:
                values[axis].append(label)
    latest: dict[tuple[tuple[tuple[str, str], ...], int], StoredCell] = {}
    for cell in same_form:
        latest[(cell.coordinates, cell.repeat)] = cell  # oldest first: the newest wins
    chosen = set(id(c) for c in latest.values())

    def rank(cell: StoredCell) -> tuple[int, ...]:
        return (*(values[a].index(cell.axes[a]) for a in axes), cell.repeat)

    return CampaignView(campaign=campaign, axes=axes, values=values,
                        cells=sorted(latest.values(), key=rank),
                        superseded=[c for c in same_form if id(c) not in chosen],
                        other_form=[c for c in cells if list(c.axes) != axes])


def pooled(runs: list[Run]) -> Run:
    """Repeats of one cell as one run: every result's samples together (in its unit, read
    overhead subtracted); ok only where every repeat was. One run is returned as it is."""
    if len(runs) == 1:
        return runs[0]
    merged: dict[Any, Result] = {}
    for run in runs:
        for result in run.results:
            found = merged.get(result.key)
            if found is None:
                merged[result.key] = Result(bench=result.bench, params=dict(result.params), unit=result.unit,
                                            status=result.status, reason=result.reason, notes=list(result.notes),
                                            raw_samples=result.samples() if result.status == "ok" else [],
                                            scale=Scale(result.unit), iterations=result.iterations,
                                            warmup=result.warmup, image=result.image)
                continue
            if found.image != result.image:
                found.image = ""  # pooled from repeats that ran different images: no one image made it
            if found.status == "ok" and result.status == "ok":
                found.raw_samples += result.samples()
                found.iterations += result.iterations
            elif found.status == "ok":
                found.status, found.reason, found.raw_samples = result.status, result.reason, []
    return Run(manifest=runs[0].manifest, results=list(merged.values()), run_id=runs[0].run_id)
