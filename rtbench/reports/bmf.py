# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Bencher Metric Format (BMF): one JSON document per run, as `bencher run --file FILE
--adapter json` reads it: {benchmark: {measure: {value, lower_value, upper_value}}}.

The benchmark is rtbench's label (`task_switch`, `footprint[part=kernel,section=text]`), the
measure the unit's slug (`instructions`, `cycles`, `ns`, `bytes`), the value the median and the
bounds the smallest and largest sample. A benchmark without a value (its check failed, it was
lost, the build failed) is left out: BMF has no place for a failure, so Bencher shows a gap."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .. import files
from ..analysis.history import measured, point_stats
from ..analysis.verdict import label
from ..model import Run


def measure_slug(unit: str) -> str:
    """A unit as a Bencher measure slug: lower case, words joined by '-' (`ops/s` -> `ops-s`)."""
    return re.sub(r"[^a-z0-9]+", "-", unit.lower()).strip("-") or "value"


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


def document(run: Run) -> dict[str, dict[str, dict[str, float | int]]]:
    out: dict[str, dict[str, dict[str, float | int]]] = {}
    for result in run.results:
        if not measured(result):
            continue
        stats = point_stats(result)
        out.setdefault(label(result.bench, result.params), {})[measure_slug(result.unit)] = {
            "value": _number(stats["median"]), "lower_value": _number(stats["min"]),
            "upper_value": _number(stats["max"])}
    return out


def dumps(bmf: dict[str, Any]) -> str:
    return json.dumps(bmf, indent=1, allow_nan=False) + "\n"


def write(path: Path, bmf: dict[str, Any]) -> None:
    files.write_whole(path, dumps(bmf))
