"""Where a report, comparison or check gets its runs: the store (last run or an id) or a JSON file."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import RtbenchError
from .model import STATUSES, Result, Run, Scale
from .store import Store


def _result_from_json(row: Any, where: str) -> Result:
    if not isinstance(row, dict) or not isinstance(row.get("bench"), str):
        raise RtbenchError(f"{where}: a result is not an object with a 'bench' name")
    status = row.get("status", "ok")
    if status not in STATUSES:
        raise RtbenchError(f"{where}: {row['bench']} has unknown status '{status}'")
    samples = row.get("samples")
    if status == "ok" and not isinstance(samples, list):
        raise RtbenchError(f"{where}: {row['bench']} has no samples",
                           "write the file with `rtbench run --json` or `rtbench report --json`")
    unit = str(row.get("unit", "raw"))
    # JSON samples are already in the unit with the read overhead subtracted: scale 1, overhead 0.
    return Result(bench=row["bench"], params=dict(row.get("params") or {}), unit=unit, status=status,
                  reason=str(row.get("reason", "")), notes=list(row.get("notes") or []),
                  raw_samples=[int(s) for s in samples or []], scale=Scale(unit),
                  iterations=len(samples or []))


def run_from_json(path: Path) -> Run:
    """A run written by `rtbench run --json` (or `report --json`)."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as err:
        raise RtbenchError(f"cannot read {path}: {err.strerror or err}") from None
    except ValueError as err:
        raise RtbenchError(f"{path} is not valid JSON: {err}",
                           "write it with `rtbench run --json FILE` or `rtbench report --json FILE`") from None
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise RtbenchError(f"{path} is not an rtbench run (no 'results' list)",
                           "write it with `rtbench run --json FILE` or `rtbench report --json FILE`")
    try:
        results = [_result_from_json(row, str(path)) for row in data["results"]]
    except (TypeError, ValueError) as err:
        raise RtbenchError(f"{path}: malformed result: {err}") from None
    manifest: dict[str, Any] = data["manifest"] if isinstance(data.get("manifest"), dict) else {}
    run_id = data.get("run_id") if isinstance(data.get("run_id"), int) else None
    return Run(manifest=manifest, results=results, run_id=run_id)


def load_run(spec: str | None, store_path: Path) -> Run:
    """`spec` is None or 'last' (the latest stored run), a stored run id, or a JSON file."""
    if spec is not None and spec != "last" and not spec.isdigit():
        return run_from_json(Path(spec))
    with Store(store_path) as store:
        return store.load(None if spec in (None, "last") else int(spec))


def run_name(run: Run, spec: str | None = None) -> str:
    """A short label for tables: 'run 3 (debug)' or the JSON file's name."""
    profile = run.manifest.get("profile")
    opt = run.manifest.get("compiler", {}).get("opt_flags") if isinstance(run.manifest.get("compiler"), dict) else None
    detail = ", ".join(str(x) for x in (run.manifest.get("os"), profile, opt) if x)
    if spec and not spec.isdigit() and spec != "last":
        head = Path(spec).name
    elif run.run_id is not None:
        head = f"run {run.run_id}"
    else:
        head = "run"
    return f"{head} ({detail})" if detail else head
