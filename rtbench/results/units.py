# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runs are compared only when each benchmark is measured in the same unit in all of them."""
from __future__ import annotations

from typing import Any

from ..errors import RtbenchError
from ..model import Run
from .tables import params_text

Key = tuple[str, tuple[tuple[str, Any], ...]]


def check_units(runs: list[Run], names: list[str]) -> None:
    """Refuses runs whose results for the same benchmark are in different units."""
    units: dict[Key, dict[str, str]] = {}
    for name, run in zip(names, runs):
        for result in run.results:
            units.setdefault(result.key, {})[name] = result.unit
    clashes = [(key, seen) for key, seen in units.items() if len(set(seen.values())) > 1]
    if clashes:
        key, seen = clashes[0]
        label = key[0] + (f"[{params_text(dict(key[1]))}]" if key[1] else "")
        shown = ", ".join(f"{name} in {unit}" for name, unit in seen.items())
        raise RtbenchError(f"cannot compare runs measured in different units: {label} is {shown}"
                           + (f" (and {len(clashes) - 1} more)" if len(clashes) > 1 else ""),
                           "compare runs of targets that report the same unit (see each run's 'unit')")
