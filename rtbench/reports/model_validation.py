# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The timing model's validation run, as the docs publish it (docs/guides/cycle-model.md): the run
acquire/model_validation.py measures, as one run document (schema rtbench-run/1) stored as
docs/reference/cycle-model/validation.json.gz, and the exact check against it."""
from __future__ import annotations

from typing import Any

from ..model import Run, result_label
from ..results import schema
from .report import run_to_json

NAME = "validation"  # docs/reference/cycle-model/NAME.json.gz


def document(run: Run) -> dict[str, Any]:
    """The measured run as it is stored, checked against the run schema."""
    found = run_to_json(run)
    schema.validate(found, schema.RUN, "the timing model's validation run")
    return found


def _figures(doc: dict[str, Any]) -> dict[str, Any]:
    """Each result's samples by its label, e.g. `coremark[core=cortex-m3,flags=-O2]`."""
    return {result_label(r["bench"], r["params"]): r.get("samples") for r in doc["results"]}


def changes(stored: dict[str, Any], measured: dict[str, Any]) -> list[str]:
    """Every figure that differs between the stored document and a new measurement."""
    old, new = _figures(stored), _figures(measured)
    return [f"{label}: stored {old.get(label)}, measured {new.get(label)}"
            for label in sorted(set(old) | set(new)) if old.get(label) != new.get(label)]
