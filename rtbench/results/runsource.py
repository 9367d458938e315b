# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Where a report, comparison or check gets its runs: the store (last run or an id) or a JSON file."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model import Result, Run, Scale
from . import schema
from .model_cycles import model_from_row
from .store import Store
from .tables.as_text import one_line


def _result_from_json(row: dict[str, Any]) -> Result:
    # The row has passed the schema. JSON samples are already in the unit with the read overhead
    # subtracted: scale 1, overhead 0. int(): a sample written as 12.0 is the integer 12.
    samples = [int(s) for s in row.get("samples") or []]
    return Result(bench=row["bench"], params=dict(row["params"]), unit=row["unit"], status=row["status"],
                  reason=row["reason"], notes=list(row["notes"]), raw_samples=samples, scale=Scale(row["unit"]),
                  iterations=len(samples), cold_raw=_cold(row), image=str(row.get("image", "")),
                  model=model_from_row(row["model_cycles"]) if "model_cycles" in row else None)


def _cold(row: dict[str, Any]) -> int | None:
    """The cold first sample of an ok result; a run written before rtbench kept it has none."""
    cold = row.get("cold")
    return int(cold) if row["status"] == "ok" and isinstance(cold, int | float) else None


def run_from_json(path: Path) -> Run:
    """A run written by `rtbench run --json` (or `report --json`), checked against its schema."""
    return run_from_document(schema.load(Path(path), schema.RUN))


def run_from_document(data: dict[str, Any]) -> Run:
    """A run from a parsed run document that has passed the schema (a file's, or a stored reference run's)."""
    results = [_result_from_json(row) for row in data["results"]]
    manifest: dict[str, Any] = data.get("manifest", {})
    return Run(manifest=manifest, results=results, run_id=data.get("run_id"))


def load_run(spec: str | None, store_path: Path) -> Run:
    """`spec` is None or 'last' (the latest stored run), a stored run id, or a JSON file."""
    if spec is not None and spec != "last" and not spec.isdigit():
        return run_from_json(Path(spec))
    with Store(store_path, read_only=True) as store:
        return store.load(None if spec in (None, "last") else int(spec))


# Characters of a run's label: `run --label` refuses a longer one, and one that arrives in a
# run file or an older store is shown cut to this length.
MAX_LABEL = 200


def label_problem(label: str) -> str | None:
    """Why `label` cannot name a run (a line break, a terminal escape, its length), or None."""
    control = sorted({c for c in label if ord(c) < 32 or 127 <= ord(c) < 160})
    if control:
        return f"holds {' '.join(repr(c) for c in control)}: a label is one line of text without control characters"
    if len(label) > MAX_LABEL:
        return f"is {len(label)} characters long, more than the {MAX_LABEL} a label may have"
    return None


def shown_label(run: Run) -> str | None:
    """The run's label as text may show it: on one line, control characters (a terminal escape in
    someone's run file) as \\xNN, at most MAX_LABEL characters."""
    label = run.manifest.get("label")
    if not label:
        return None
    text = one_line(str(label))
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL - 3] + "..."


def run_title(run: Run) -> str:
    """How headings and messages name a run: `run 3`, `run 3 'O1 build'`, or `run` (one read
    from a file that was never stored)."""
    head = f"run {run.run_id}" if run.run_id is not None else "run"
    label = shown_label(run)
    return head + (f" '{label}'" if label else "")


def run_name(run: Run, spec: str | None = None) -> str:
    """A short label for tables: 'run 3 (debug)' or the JSON file's name."""
    profile = run.manifest.get("profile")
    opt = run.manifest.get("compiler", {}).get("opt_flags") if isinstance(run.manifest.get("compiler"), dict) else None
    detail = ", ".join(str(x) for x in (run.manifest.get("os"), profile, opt) if x)
    label = shown_label(run)
    if label:
        head = label
    elif spec and not spec.isdigit() and spec != "last":
        head = Path(spec).name
    elif run.run_id is not None:
        head = f"run {run.run_id}"
    else:
        head = "run"
    return f"{head} ({detail})" if detail else head
