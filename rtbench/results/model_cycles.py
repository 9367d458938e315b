# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A result's samples in a timing model's cycles (rtbench run --cycles-model) as JSON, and as a
result of their own: a unit of its own, named with the model and its parameters, so that a table,
a comparison or a gate puts them beside other model cycles of the same model only."""
from __future__ import annotations

from typing import Any

from ..model import ModelCycles, Result, Run, Scale
from .stats import summarize


def model_row(model: ModelCycles, with_samples: bool = True) -> dict[str, Any]:
    """The JSON of a result's model cycles: unit, statistics and samples, or the reason it has none."""
    if not model.samples:
        return {"unit": model.unit, "n": 0, "reason": model.reason or "no samples"}
    row: dict[str, Any] = {"unit": model.unit, **summarize(model.samples)}
    if with_samples:
        row["samples"] = list(model.samples)
    return row


def model_from_row(row: dict[str, Any]) -> ModelCycles:
    """A result's model cycles from its JSON (the schema has checked it)."""
    return ModelCycles(str(row["unit"]), [int(s) for s in row.get("samples") or []], str(row.get("reason", "")))


def model_result(result: Result) -> Result | None:
    """The result's model cycles as a result in their unit (None when its run had no model)."""
    model = result.model
    if model is None:
        return None
    status = "ok" if model.samples else ("error" if result.status == "ok" else result.status)
    return Result(bench=result.bench, params=dict(result.params), unit=model.unit, status=status,
                  reason="" if model.samples else (model.reason or "no samples in model cycles"),
                  raw_samples=list(model.samples), scale=Scale(model.unit), iterations=len(model.samples))


def model_run(run: Run) -> Run:
    """The run's results in model cycles, for comparing and gating them: each result that has
    model cycles replaced by them (the others left out); the manifest's unit is the model's."""
    results = [found for found in map(model_result, run.results) if found is not None]
    manifest = dict(run.manifest)
    if results:
        manifest["unit"] = results[0].unit
        manifest["unit_note"] = f"{results[0].unit}: rtbench's timing model over the instructions executed"
    return Run(manifest=manifest, results=results, run_id=run.run_id)


def has_model_cycles(run: Run) -> bool:
    return any(result.model is not None for result in run.results)
