# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench run --shards N`: one run split into N runs of the same images, each a selection of
consecutive benchmarks, run side by side in processes of their own (child.py, as a campaign
runs a cell) and merged into one run document (acquire/shard_merge.py).

The images are built here first, once; each shard's process then finds them built. Each shard
is watched by its own run's watchdogs (--timeout, --silence) and, as a whole, by the time a
campaign allows a cell's process. A shard whose process crashes or overruns loses nothing of
the others: its benchmarks are recorded as errors with the cause. A stop signal (Ctrl-C,
SIGTERM) is passed on to every shard, which keeps what it measured, as an unsharded run does;
the merged run then says it was interrupted."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from ..acquire import interrupts, platforms, processes, session, shard_split
from ..acquire.session import RunRequest
from ..acquire.shard_merge import ShardOutcome, merge
from ..acquire.shard_split import Shard
from ..model import Run
from ..paths import Workspace
from .child import request_to_json, run_from_json
from .job import process_timeout

GRACE = 60.0  # seconds a shard may take, once told to stop, to stop its emulator and write what it measured
_TAIL_LINES = 15
_POLL = 0.2


def plan(request: RunRequest, shards: int) -> list[Shard]:
    """The request's selection split into shards, or a usage error (before anything is built)."""
    checked = session.prepare(request, probe=False)
    shard_split.check_shardable(checked.target, shards)
    return shard_split.split(checked.selected, shards, request.iterations, request.warmup, request.options)


def shard_request(request: RunRequest, shard: Shard) -> RunRequest:
    """The run one shard makes: the same request (the same options, checked against the same
    selection), running only the shard's benchmarks."""
    return replace(request, options=dict(request.options), variants=list(request.variants),
                   only=list(shard.benches))


@dataclass
class _Child:
    shard: Shard
    proc: subprocess.Popen[bytes]
    out_file: Path
    started: float
    deadline: float
    tail: deque[str] = field(default_factory=lambda: deque(maxlen=_TAIL_LINES))
    error: str | None = None
    stopping: bool = False  # told to stop: killed if it has not ended by its deadline
    ended: float | None = None  # when its process was seen to end: its own wall time, not the slowest shard's


def _forward(child: _Child, stream: IO[bytes], progress: Callable[[str], None]) -> None:
    """The shard's progress lines, each under the shard's name."""
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", errors="replace").rstrip()
        child.tail.append(line)
        progress(f"[{child.shard.name}] {line.removeprefix('rtbench: ')}")


def _start(shard: Shard, request: RunRequest, workspace: Workspace, folder: Path,
           progress: Callable[[str], None]) -> _Child:
    job_file, out_file = folder / f"shard-{shard.index}.json", folder / f"shard-{shard.index}.out.json"
    job_file.write_text(json.dumps({"request": request_to_json(shard_request(request, shard)),
                                    "workspace": str(workspace.root), "what": shard.name}))
    proc = processes.popen([sys.executable, "-m", "rtbench.campaign.child", str(job_file), str(out_file)],
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    now = time.monotonic()
    child = _Child(shard, proc, out_file, now, now + process_timeout(request))
    assert proc.stderr is not None
    threading.Thread(target=_forward, args=(child, proc.stderr, progress), daemon=True).start()
    return child


def _outcome(child: _Child) -> ShardOutcome:
    seconds = (child.ended or time.monotonic()) - child.started
    host = f"pid {child.proc.pid}"
    document = json.loads(child.out_file.read_text()) if child.out_file.exists() else {}
    cpu = document.get("cpu_seconds")
    if "run" in document:
        run = run_from_json(document["run"])
        if child.error:  # stopped from here, it still wrote what it had measured
            run.manifest.setdefault("stream_errors", []).append(child.error)
        return ShardOutcome(child.shard, run, None, host, seconds, cpu)
    why = child.error or str(document.get("error", "")) or \
        f"its process ended with status {child.proc.returncode} without a result"
    tail = "\n".join(child.tail) if not document else ""
    return ShardOutcome(child.shard, None, why + (f":\n{tail}" if tail else ""), host, seconds, cpu)


def _wait(children: list[_Child]) -> None:
    """Until every child has ended. A child past its deadline is told to stop (SIGTERM: it keeps
    what it measured) and, GRACE seconds later, killed."""
    while any(c.proc.poll() is None for c in children):
        now = time.monotonic()
        for child in children:
            if child.proc.poll() is not None and child.ended is None:
                child.ended = now
            if child.proc.poll() is not None or now <= child.deadline:
                continue
            if child.stopping:
                processes.stop(child.proc)
            else:
                child.error = f"{child.shard.name} was still running after {now - child.started:.0f} s and was stopped"
                child.proc.send_signal(signal.SIGTERM)
                child.stopping, child.deadline = True, now + GRACE
        time.sleep(_POLL)


def _stop(children: list[_Child], signum: int) -> None:
    """Passes a stop signal on: each shard stops its emulator and writes what it measured."""
    now = time.monotonic()
    for child in children:
        if child.proc.poll() is None:
            child.proc.send_signal(signum)
            child.stopping, child.deadline = True, now + GRACE
    with interrupts.deferred():  # a second Ctrl-C must not lose what the shards are writing
        _wait(children)


def run_sharded(request: RunRequest, shards: list[Shard], workspace: Workspace,
                progress: Callable[[str], None]) -> Run:
    """Builds the images, runs the shards side by side and returns the merged run (interrupted,
    when a stop signal ended it, with what the shards had measured)."""
    checked = session.prepare(request, probe=False)
    session.build_all(request, workspace, progress)
    progress(f"shards  {len(shards)} processes side by side: "
             + "; ".join(f"{s.index}: {s.benches[0]}" + (f"..{s.benches[-1]}" if len(s.benches) > 1 else "")
                         + f" ({len(s.benches)})" for s in shards))
    interrupted: BaseException | None = None
    with tempfile.TemporaryDirectory(prefix="rtbench-shards-") as folder:
        children: list[_Child] = []
        try:
            for shard in shards:
                children.append(_start(shard, request, workspace, Path(folder), progress))
            _wait(children)
        except KeyboardInterrupt as err:
            interrupted = err
            _stop(children, getattr(err, "signum", signal.SIGINT))
        finally:
            for child in children:
                processes.stop(child.proc)
        outcomes = [_outcome(child) for child in children]
        outcomes += [ShardOutcome(s, None, "not started: the run was interrupted first")
                     for s in shards[len(children):]]
    if interrupted is not None and all(o.run is None for o in outcomes):
        raise interrupted  # nothing was measured: there is nothing to keep
    target = checked.target
    run = merge(outcomes, checked.selected, str(target.spec.get("unit", "raw")), checked.variants,
                platforms.variant_option(target))
    if interrupted is not None:
        run.manifest["interrupted"] = interrupts.signal_name(interrupted)
    return run
