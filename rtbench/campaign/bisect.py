# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench bisect`: the first commit, along the first parents from a good revision to a bad one,
where one benchmark's median moved; then, for that commit and its parent, the instructions each
function executed inside the measured intervals (acquire.insn_profile).

A revision is bad when its median is not the good revision's (exact targets: any difference), or
on a measured target when it lies nearer the bad revision's median than the good one's. Each
tested revision is a history point (campaign.history): stored, and found again by a later
bisection of the same configuration, so an interrupted bisection resumes. A revision that does not
build, or gives no value (its check failed, it could not run), is skipped as `git bisect skip`
does: the nearest untested commit is tried instead, and the skipped ones are reported."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..acquire import catalogue, insn_profile, interrupts, revisions
from ..acquire.insn_profile import Attribution
from ..acquire.revisions import Revision
from ..acquire.session import image_for
from ..errors import RtbenchError
from ..paths import Workspace
from ..results.stats import median
from ..results.store import Store
from .history import Point, Selection, measure_point, stored_point


@dataclass
class Tested:
    point: Point
    value: float | None  # the benchmark's median; None: skipped
    verdict: str  # good, bad or skipped
    given: bool = False  # --good or --bad itself
    reason: str = ""  # why it was skipped


@dataclass
class Bisection:
    selection: Selection
    bench: str
    path: list[Revision]  # good, the commits after it, bad
    tested: list[Tested] = field(default_factory=list)  # in the order they were measured
    first_bad: int | None = None  # index into path, when exactly one commit is left
    open_range: tuple[int, int] = (0, 0)  # (last good, first bad) indices: the commits left between
    attribution: tuple[Attribution, Attribution] | None = None  # the parent's and the first bad commit's
    attribution_error: str | None = None

    def at(self, index: int) -> Tested | None:
        commit = self.path[index].commit
        return next((t for t in self.tested if t.point.revision.commit == commit), None)

    @property
    def skipped(self) -> list[Tested]:
        return [t for t in self.tested if t.verdict == "skipped"]

    @property
    def candidates(self) -> list[Revision]:
        """The commits one of which is the first bad one (one, when the bisection found it)."""
        last_good, first_bad = self.open_range
        return self.path[last_good + 1:first_bad + 1]


def _info(bench: str) -> catalogue.BenchInfo:
    return next(b for b in catalogue.scan() if b.name == bench)


def value_of(point: Point, bench: str) -> float | None:
    found = [r for r in point.run.results if r.bench == bench]
    if len(found) != 1 or found[0].status != "ok" or not found[0].raw_samples:
        return None
    return median(found[0].samples())


def _why_skipped(point: Point, bench: str) -> str:
    if point.error:
        return f"{point.status}: {point.error}"
    found = [r for r in point.run.results if r.bench == bench]
    return f"{found[0].status}: {' '.join(found[0].reason.split())}" if found else "no result"


def _point(chosen: Selection, repo: Path, revision: Revision, store: Store, workspace: Workspace,
           progress: Callable[[str], None], reuse: bool) -> Point:
    found = stored_point(store, chosen, revision) if reuse else None
    if found is not None:
        progress(f"point   {revision.name}: stored as run {found.run.run_id} ({found.status})")
        return found
    progress(f"point   {revision.name} ({revision.short})")
    point = measure_point(chosen, repo, revision, workspace, progress)
    store.save(point.run)
    progress(f"point   {revision.name}: {point.status}" + (f": {point.error}" if point.error else "")
             + f" (run {point.run.run_id})")
    if point.run.manifest.get("interrupted"):
        raise interrupts.named(point.run.manifest["interrupted"])
    return point


def _next(lo: int, hi: int, skipped: set[int]) -> int | None:
    """The middle of (lo, hi), else the untested commit nearest to it."""
    middle = (lo + hi) // 2
    for distance in range(hi - lo):
        for index in (middle + distance, middle - distance):
            if lo < index < hi and index not in skipped:
                return index
    return None


def bisect(chosen: Selection, repo: Path, good: Revision, bad: Revision, store: Store, workspace: Workspace,
           progress: Callable[[str], None], reuse: bool = True) -> Bisection:
    """Measures good and bad, then halves the commits between until one is left (or only skipped
    ones). `reuse`: take a revision's stored point instead of measuring it again."""
    bench = chosen.benches[0]
    info = _info(bench)
    if info.param or info.host:
        raise RtbenchError(f"{bench} " + (f"sweeps {info.param}: it gives one result per value" if info.param
                                          else "is computed by the host, not measured on the target"),
                           "bisect follows a measured benchmark with one result, e.g. --bench task_switch")
    path = revisions.first_parent_path(repo, good, bad)
    found = Bisection(chosen, bench, path)
    progress(f"bisect: {len(path) - 2} commit(s) between {good.name} and {bad.name} (first parents)")
    ends = []
    for revision, role in ((good, "good"), (bad, "bad")):
        point = _point(chosen, repo, revision, store, workspace, progress, reuse)
        value = value_of(point, bench)
        if value is None:
            raise RtbenchError(f"the {role} revision {revision.name} gives no value for {bench} "
                               f"({_why_skipped(point, bench)}): there is nothing to compare with",
                               f"give a --{role} revision that builds and measures {bench}")
        found.tested.append(Tested(point, value, role, given=True))
        ends.append(value)
    good_value, bad_value = ends
    if good_value == bad_value:
        found.open_range = (0, 0)
        return found  # nothing moved: no first bad commit

    def is_bad(value: float) -> bool:
        if chosen.deterministic:
            return value != good_value
        return abs(value - bad_value) < abs(value - good_value)

    lo, hi, skipped = 0, len(path) - 1, set[int]()
    while (index := _next(lo, hi, skipped)) is not None:
        revision = path[index]
        progress(f"bisect: {hi - lo - 1} commit(s) left between {path[lo].name} and {path[hi].name}; "
                 f"testing {revision.name}")
        point = _point(chosen, repo, revision, store, workspace, progress, reuse)
        value = value_of(point, bench)
        if value is None:
            skipped.add(index)
            found.tested.append(Tested(point, None, "skipped", reason=_why_skipped(point, bench)))
            progress(f"bisect: {revision.name} skipped ({_why_skipped(point, bench)})")
        elif is_bad(value):
            hi = index
            found.tested.append(Tested(point, value, "bad"))
        else:
            lo = index
            found.tested.append(Tested(point, value, "good"))
    found.open_range = (lo, hi)
    if hi == lo + 1:
        found.first_bad = hi
    return found


def attribute(found: Bisection, repo: Path, workspace: Workspace, progress: Callable[[str], None]) -> None:
    """The per-function instructions of the first bad commit and its parent, from a traced run of each.
    A target the plugin cannot trace leaves the reason in `attribution_error`, not an exception."""
    if found.first_bad is None:
        return
    if _info(found.bench).raw:
        found.attribution_error = (f"{found.bench}'s interval starts at a hardware event (the timer's fire), not at "
                                   "a timestamp read: there is no read to start the count at")
        return
    pair = []
    try:
        for revision in (found.path[found.first_bad - 1], found.path[found.first_bad]):
            progress(f"trace   {revision.name}: {found.bench} under rtbench's QEMU plugin")
            tree = revisions.tree_of(repo, revision, workspace, progress)
            request = dataclasses.replace(found.selection.request, kernel_src=tree)
            target, build, options = image_for(request, found.bench, workspace, progress)
            directory = workspace.root / "traces" / revision.short
            pair.append(insn_profile.profile(target, build, options, found.bench, directory))
    except RtbenchError as err:
        found.attribution_error = str(err)
        return
    found.attribution = (pair[0], pair[1])
