# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A kernel's history: one selection (target, kernel port, benchmarks, settings) built and run at
each revision of the kernel's git repository, every point stored in the result store.

Each point's run carries `history` in its manifest: the kernel commit, rtbench's commit, the
configuration's hash, the target, and the point's status. A point is identified by (the
configuration, rtbench's firmware, the kernel commit); one stored with a final status is not
run again, so an interrupted history resumes where it stopped. A revision whose tree does not
build with rtbench's port is a point too ("build failed", with the compiler's first error),
not the end of the history."""
from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..acquire import interrupts, revisions
from ..acquire.build import BuildError
from ..acquire.manifest import rtbench_commit
from ..acquire.revisions import Revision
from ..acquire.session import RunRequest, execute, prepare
from ..errors import RtbenchError
from ..model import Result, Run
from ..paths import Workspace, firmware_dir
from ..results.store import Store
from .identity import firmware_fingerprint
from .job import Job, Outcome
from .stored import cell_status

JSON_PATH = "$.history.point"
BUILD_FAILED = "build failed"
# A point with one of these is final: ok, a check failed (a result), or the tree does not build.
DONE = ("ok", "fail", BUILD_FAILED)
# Runners whose counts are exact and repeat bit for bit: any change of a median is a real change.
DETERMINISTIC_RUNNERS = ("qemu", "litex-sim")


@dataclass(frozen=True)
class Selection:
    """What runs at every revision, checked once before anything is built."""

    request: RunRequest  # its kernel_src is set per revision
    target: str
    kernel: str
    runner: str
    unit: str
    benches: tuple[str, ...]
    config: dict[str, Any]  # everything of the request that can change the numbers
    config_hash: str
    firmware: str  # rtbench's firmware fingerprint (campaign.identity)
    repo_env: str | None  # the kernel's environment variable naming its tree (a default repository)
    marker: str | None = None  # a file every tree of the kernel has (os.toml [source] marker)

    @property
    def deterministic(self) -> bool:
        return self.runner in DETERMINISTIC_RUNNERS


def _hash(document: dict[str, Any]) -> str:
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def selection(request: RunRequest) -> Selection:
    """The request checked as `rtbench run` checks it (unknown target, benchmark or option)."""
    if request.kernel_src is not None:
        raise RtbenchError("a history builds each revision's own tree: --kernel-src does not apply",
                           "give the kernel's git repository with --kernel-repo")
    plan = prepare(request)
    benches = tuple(b.name for b in plan.selected)
    config = {"target": plan.target.name, "os": plan.kernel.name, "profile": request.profile, "benches": benches,
              "iterations": request.iterations, "warmup": request.warmup, "options": dict(request.options),
              "opt_flags": request.opt_flags, "variants": list(request.variants), "count": request.count}
    return Selection(request=request, target=plan.target.name, kernel=plan.kernel.name, runner=plan.target.runner,
                     unit=str(plan.target.spec.get("unit", "raw")), benches=benches, config=config,
                     config_hash=_hash(config), firmware=firmware_fingerprint(firmware_dir()),
                     repo_env=plan.kernel.spec.get("source", {}).get("env"),
                     marker=plan.kernel.spec.get("source", {}).get("marker"))


def point_key(chosen: Selection, commit: str) -> str:
    return _hash({"config": chosen.config_hash, "firmware": chosen.firmware, "kernel_commit": commit})


@dataclass
class Point:
    """One revision's outcome: its stored run (every point has one, a failed build too)."""

    revision: Revision
    run: Run
    status: str  # ok, fail, error or "build failed"
    error: str | None
    reused: bool = False  # found in the store, not run now

    @property
    def rtbench_commit(self) -> str:
        return str(self.run.manifest.get("history", {}).get("rtbench_commit", "unknown"))


@dataclass
class History:
    selection: Selection
    repo: Path
    points: list[Point] = field(default_factory=list)


def _first_error(text: str, tree: Path | None = None) -> str:
    """The compiler's first error line, else the message's first line; paths relative to
    rtbench's firmware (firmware/...) and to the kernel tree, which name no machine's directories."""
    text = text.replace(f"{firmware_dir()}/", "firmware/")
    if tree is not None:
        text = text.replace(f"{tree}/", "")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    found = next((line for line in lines if ("error:" in line and not line.startswith("collect2"))
                  or "undefined reference" in line or "Error" in line), None)
    return (found or (lines[0] if lines else "unknown error"))[:300]


def _failed_run(chosen: Selection, revision: Revision, tree: Path | None, error: str, status: str) -> Run:
    """What is stored for a revision that produced no run: the configuration, and every selected
    benchmark as an error with the reason."""
    manifest: dict[str, Any] = {
        "rtbench": {"version": __version__, "commit": rtbench_commit()},
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "target": chosen.target, "os": chosen.kernel, "profile": chosen.request.profile, "unit": chosen.unit,
        "kernel": {"name": chosen.kernel, "version": revision.name, "source": str(tree or ""),
                   "tree": {"git": {"commit": revision.commit, "describe": revision.name, "dirty": False}}},
        "compiler": {"opt_flags": chosen.request.opt_flags},
        "run": {"iterations": chosen.request.iterations, "warmup": chosen.request.warmup,
                "options": dict(chosen.request.options), "benches": list(chosen.benches), "error": error},
    }
    first = _first_error(error, tree)
    why = f"{status}: {first}" if status == BUILD_FAILED else f"the point did not run: {first}"
    results = [Result(bench=name, params={}, unit=chosen.unit, status="error", reason=why) for name in chosen.benches]
    return Run(manifest=manifest, results=results)


def _record(chosen: Selection, repo: Path, revision: Revision, run: Run, status: str, error: str | None) -> None:
    rtbench = run.manifest.get("rtbench", {})
    run.manifest["history"] = {
        "point": point_key(chosen, revision.commit), "config": chosen.config_hash, "config_settings": chosen.config,
        "firmware": chosen.firmware, "repo": repo.name, "kernel_commit": revision.commit,
        "kernel_name": revision.name, "kernel_subject": revision.subject,
        "rtbench_commit": str(rtbench.get("commit", "unknown")) if isinstance(rtbench, dict) else "unknown",
        "target": chosen.target, "status": status, "error": error,
    }


def stored_point(store: Store, chosen: Selection, revision: Revision) -> Point | None:
    """The newest stored point of this revision with a final status, if any."""
    for run_id, manifest in reversed(store.manifests_where(JSON_PATH, point_key(chosen, revision.commit))):
        record = manifest.get("history", {})
        if record.get("status") in DONE:
            run = store.load(run_id)
            return Point(revision, run, str(record["status"]), record.get("error"), reused=True)
    return None


def _build_failed(chosen: Selection, repo: Path, revision: Revision, tree: Path | None, text: str) -> Point:
    run = _failed_run(chosen, revision, tree, text, BUILD_FAILED)
    _record(chosen, repo, revision, run, BUILD_FAILED, _first_error(text, tree))
    return Point(revision, run, BUILD_FAILED, _first_error(text, tree))


def _unmeasured(chosen: Selection, repo: Path, revision: Revision, tree: Path | None, text: str) -> Point:
    run = _failed_run(chosen, revision, tree, text, "error")
    _record(chosen, repo, revision, run, "error", _first_error(text, tree))
    return Point(revision, run, "error", _first_error(text, tree))


def _measured(chosen: Selection, repo: Path, revision: Revision, run: Run) -> Point:
    interrupted = run.manifest.get("interrupted")
    error = f"the run was interrupted ({interrupted})" if interrupted else None
    status = cell_status(run, error)
    _record(chosen, repo, revision, run, status, error)
    return Point(revision, run, status, error)


def measure_point(chosen: Selection, repo: Path, revision: Revision, workspace: Workspace,
                  progress: Callable[[str], None]) -> Point:
    """Checks the revision out, builds and runs the selection there. A tree that does not build
    (or is not a tree of this kernel at all) is the point's outcome, not an exception."""
    tree: Path | None = None
    try:
        tree = revisions.tree_of(repo, revision, workspace, progress)
        request = dataclasses.replace(chosen.request, kernel_src=tree)
        run = execute(request, workspace, progress)
    except BuildError as err:
        return _build_failed(chosen, repo, revision, tree, err.output or str(err))
    except RtbenchError as err:
        return _unmeasured(chosen, repo, revision, tree, str(err))
    return _measured(chosen, repo, revision, run)


@dataclass(frozen=True)
class Parallel:
    """The points to run as campaign cells on Dask: a local cluster of `workers`, or the cluster
    at `scheduler` (whose workers must see this workspace's kernel trees at the same path)."""

    workers: int | None = None
    scheduler: str | None = None


def _measure_on_dask(chosen: Selection, repo: Path, todo: list[tuple[int, Revision]], total: int,
                     workspace: Workspace, progress: Callable[[str], None], parallel: Parallel,
                     keep: Callable[[int, Point], None]) -> None:
    """The revisions' trees are checked out here, one after the other (git is quick); their
    builds and runs go to Dask, each point stored by `keep` as it comes back."""
    from .execution import run_jobs  # dask is only imported when points run on it

    jobs: list[Job] = []
    placed: dict[str, tuple[int, Revision, Path | None]] = {}
    where = None if parallel.scheduler else str(workspace.root)
    for index, revision in todo:
        try:
            tree = revisions.tree_of(repo, revision, workspace, progress)
        except RtbenchError as err:
            keep(index, _unmeasured(chosen, repo, revision, None, str(err)))
            continue
        key = point_key(chosen, revision.commit)
        placed[key] = (index, revision, tree)
        jobs.append(Job(campaign=f"history-{chosen.config_hash}", key=key,
                        title=f"[{index}/{total}] {revision.name}",
                        request=dataclasses.replace(chosen.request, kernel_src=tree),
                        fingerprint=chosen.firmware, workspace=where))

    def finish(job: Job, outcome: Outcome) -> None:
        index, revision, tree = placed[job.key]
        if outcome.run is not None:
            point = _measured(chosen, repo, revision, outcome.run)
        elif outcome.build_output is not None:
            point = _build_failed(chosen, repo, revision, tree, outcome.build_output)
        else:
            point = _unmeasured(chosen, repo, revision, tree, f"{outcome.error or 'no result'} on {outcome.host}")
        keep(index, point)

    if jobs:
        stopped = run_jobs(jobs, finish=finish, scheduler=parallel.scheduler, workers=parallel.workers,
                           progress=progress)
        if stopped is not None:
            raise stopped


def run_history(chosen: Selection, repo: Path, wanted: list[Revision], store: Store, workspace: Workspace,
                progress: Callable[[str], None], reuse: bool = True, parallel: Parallel | None = None) -> History:
    """Every revision's point, oldest first: found in the store (reuse) or measured and stored,
    here one after the other or, with `parallel`, as cells on Dask. A stop signal ends it after
    storing what finished; the next invocation resumes there."""
    history = History(chosen, repo)
    found: dict[int, Point] = {}
    todo: list[tuple[int, Revision]] = []
    for index, revision in enumerate(wanted, 1):
        stored = stored_point(store, chosen, revision) if reuse else None
        if stored is not None:
            progress(f"point   [{index}/{len(wanted)}] {revision.name}: stored as run {stored.run.run_id} "
                     f"({stored.status})")
            found[index] = stored
        else:
            todo.append((index, revision))

    def keep(index: int, point: Point) -> None:
        store.save(point.run)
        progress(f"point   [{index}/{len(wanted)}] {point.revision.name}: {point.status}"
                 + (f": {point.error}" if point.error else "") + f" (run {point.run.run_id})")
        found[index] = point

    if parallel is not None:
        _measure_on_dask(chosen, repo, todo, len(wanted), workspace, progress, parallel, keep)
    else:
        for index, revision in todo:
            progress(f"point   [{index}/{len(wanted)}] {revision.name} ({revision.short})")
            point = measure_point(chosen, repo, revision, workspace, progress)
            keep(index, point)
            if point.run.manifest.get("interrupted"):
                raise interrupts.named(point.run.manifest["interrupted"])
    history.points = [found[index] for index in sorted(found)]
    return history
