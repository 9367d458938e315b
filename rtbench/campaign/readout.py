# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A stored campaign read back for its reports (reports/campaign_tables.py, campaign_html.py) and
comparisons (axis.py): its current cells with their runs, repeats pooled; the axes a table or
heatmap spreads over; a cell's median."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..model import Result, Run
from ..results.stats import median
from ..results.store import Store
from .stored import CampaignView, StoredCell, pooled, view

Coordinates = tuple[tuple[str, str], ...]
ResultKey = tuple[str, tuple[tuple[str, Any], ...]]


@dataclass
class Campaign:
    """A campaign's current cells with their runs; repeats of a cell pooled into one run."""

    view: CampaignView
    coordinates: list[Coordinates]  # in the matrix's order
    runs: dict[Coordinates, Run]
    stored: dict[Coordinates, list[StoredCell]]

    @property
    def axes(self) -> list[str]:
        return self.view.axes

    def labels(self, axis: str) -> list[str]:
        """The axis's values that the cells have, in the matrix's order."""
        present = {dict(c)[axis] for c in self.coordinates}
        return [label for label in self.view.values[axis] if label in present]

    def benchmarks(self) -> list[tuple[ResultKey, str]]:
        """Every benchmark (with its parameters) of any cell, in catalogue order: (key, label)."""
        found: dict[ResultKey, str] = {}
        for coordinates in self.coordinates:
            for result in self.runs[coordinates].results:
                found.setdefault(result.key, result.label())
        return list(found.items())

    def result(self, coordinates: Coordinates, key: ResultKey) -> Result | None:
        run = self.runs.get(coordinates)
        return next((r for r in run.results if r.key == key), None) if run else None


def load(store_path: Path, campaign: str) -> Campaign:
    with Store(store_path, read_only=True) as store:
        current = view(store, campaign)
        grouped: dict[Coordinates, list[StoredCell]] = {}
        for stored_cell in current.cells:
            grouped.setdefault(stored_cell.coordinates, []).append(stored_cell)
        runs = {coordinates: pooled([store.load(c.run_id) for c in cells]) for coordinates, cells in grouped.items()}
    return Campaign(current, list(grouped), runs, grouped)


def choose_axes(campaign: Campaign, rows: str | None, columns: str | None) -> tuple[str | None, str | None]:
    """The axes a pivot or heatmap spreads over: those given, else the two with the most values."""
    for flag, axis in (("--rows", rows), ("--columns", columns)):
        if axis is not None and axis not in campaign.axes:
            raise RtbenchError(f"{flag} {axis}: the campaign has no such axis",
                               "its axes: " + (", ".join(campaign.axes) or "none"))
    if rows is not None and rows == columns:
        raise RtbenchError("--rows and --columns name the same axis")
    varying = [a for a in campaign.view.varying() if a not in (rows, columns)]
    if columns is None and varying:
        columns = varying.pop(0)
    if rows is None and varying:
        rows = varying.pop(0)
    return rows, columns


def median_of(result: Result | None) -> float | None:
    if result is None or result.status != "ok" or not result.raw_samples:
        return None
    return float(median(result.samples()))
