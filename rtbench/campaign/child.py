# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""One campaign cell (or a sharded run's shard) in a process of its own:
`python -m rtbench.campaign.child JOB.json OUT.json`.

A Dask worker runs its tasks in threads, but a run needs the main thread (stop signals are
handled there) and its emulators must die with the process that started them; a process per
cell gives both, and the cell runs exactly as `rtbench run` runs it (prepare, then execute). It
writes {"run": ...} (the manifest and every raw sample) or {"error": "..."} to OUT.json."""
from __future__ import annotations

import dataclasses
import json
import os
import resource
import sys
from pathlib import Path
from typing import Any

from ..acquire import interrupts
from ..acquire.build import BuildError
from ..acquire.session import RunRequest, execute, prepare
from ..errors import RtbenchError
from ..model import ModelCycles, Result, Run, Scale
from ..paths import Workspace


def request_to_json(request: RunRequest) -> dict[str, Any]:
    data = dataclasses.asdict(request)
    data["kernel_src"] = str(request.kernel_src) if request.kernel_src else None
    return data


def request_from_json(data: dict[str, Any]) -> RunRequest:
    fields = dict(data)
    fields["kernel_src"] = Path(fields["kernel_src"]) if fields.get("kernel_src") else None
    return RunRequest(**fields)


def run_to_json(run: Run) -> dict[str, Any]:
    """The run as stored: raw samples with their scale and read overhead (not the report's units)."""
    return {"manifest": run.manifest, "results": [dataclasses.asdict(r) for r in run.results]}


def run_from_json(data: dict[str, Any]) -> Run:
    results = [Result(**{**row, "scale": Scale(**row["scale"]),
                         "model": ModelCycles(**row["model"]) if row.get("model") else None})
               for row in data["results"]]
    return Run(manifest=data["manifest"], results=results)


def _progress(message: str) -> None:
    print(f"rtbench: {message}", file=sys.stderr, flush=True)


def _write(path: Path, document: dict[str, Any]) -> None:
    """Written aside and renamed: the parent never reads half a file."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(document, default=str))
    os.replace(partial, path)


def run_cell(job: dict[str, Any]) -> dict[str, Any]:
    request = request_from_json(job["request"])
    workspace = Workspace(Path(job["workspace"])) if job.get("workspace") else Workspace.default()
    try:
        prepare(request)
        workspace.check_writable()
        workspace.root.mkdir(parents=True, exist_ok=True)
        return {"run": run_to_json(execute(request, workspace, _progress))}
    except BuildError as err:  # the tree does not build with this port: a history's point records it
        return {"error": str(err), "build_output": err.output or str(err)}
    except RtbenchError as err:
        return {"error": str(err)}


def _cpu_seconds() -> float:
    """User and system time of this process and everything it started (its emulators)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str]) -> int:
    interrupts.install()
    job_file, out_file = (Path(a) for a in argv)
    job = json.loads(job_file.read_text())
    try:
        outcome = run_cell(job)
    except KeyboardInterrupt as err:
        outcome = {"error": f"the {job.get('what', 'cell')} was interrupted ({interrupts.signal_name(err)}) "
                            "before it measured anything"}
    outcome["cpu_seconds"] = round(_cpu_seconds(), 2)
    _write(out_file, outcome)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
