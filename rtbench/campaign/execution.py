# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Running a campaign's cells on Dask distributed and storing each one as it comes back.

Cells go to a local Dask cluster sized to the machine (one single-threaded worker process per
CPU: an emulated or simulated cell keeps one CPU busy), or to an existing cluster
(`--scheduler tcp://HOST:PORT`) whose workers run them in workspaces of their own. Every result
comes back to this machine, and only this process writes the store, one cell at a time, as
each finishes. Dask reschedules a cell whose worker dies; its result still arrives once.

Cells that measure the host (`--target linux`) are not sent to Dask: they run here, on the
machine the campaign was started on, one at a time after every other cell has finished and the
local cluster is gone, so nothing of the campaign runs beside them (on a remote cluster, the
machine a Linux cell measured would depend on which worker took it)."""
from __future__ import annotations

import dataclasses
import datetime
import gc
import importlib.util
import logging
import os
import re
import socket
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..acquire import interrupts
from ..acquire.platforms import find_target
from ..errors import RtbenchError
from ..model import Result, Run
from ..paths import Workspace
from .cells import Cell
from .job import Job, Outcome, run_job
from .matrix import Matrix
from .shard_cells import Gathering, unit_job, units
from .stored import cell_status, first_problem

if TYPE_CHECKING:
    from distributed import Client

CONNECT_TIMEOUT = "20s"
PROBE_TIMEOUT = 5.0  # seconds for a scheduler to accept a connection and send its handshake
MAX_HANDSHAKE = 1 << 20  # bytes: a Dask handshake is tens of bytes
WORKER_WAIT = 60.0  # seconds to wait for a first worker on an existing cluster
POLL = 0.2  # seconds between looks at the cluster (and at the stop signals received)


@dataclass
class Done:
    """A cell this invocation ran (or tried to)."""

    cell: Cell
    status: str  # ok, fail or error
    run_id: int | None
    error: str | None
    host: str
    seconds: float


@dataclass
class Summary:
    done: list[Done] = field(default_factory=list)
    not_run: list[Cell] = field(default_factory=list)  # left when interrupted
    interrupted: BaseException | None = None
    seconds: float = 0.0


def duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def _error_run(cell: Cell, error: str) -> Run:
    """What is stored for a cell that produced no run: its configuration, and every selected
    benchmark as an error with the reason."""
    request = cell.request
    unit = str(find_target(request.target).spec.get("unit", "raw"))
    manifest: dict[str, Any] = {
        "rtbench": {"version": __version__},
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "target": request.target, "os": cell.identity["kernel"], "profile": request.profile, "unit": unit,
        "kernel": {"name": cell.identity["kernel"], "version": cell.identity["kernel_source"]["version"]},
        "compiler": {"opt_flags": request.opt_flags},
        "run": {"iterations": request.iterations, "warmup": request.warmup, "options": dict(request.options),
                "benches": list(cell.identity["benches"]), "error": error},
    }
    if request.variants:
        manifest["target_settings"] = {"cpu_variant": request.variants[0] if len(request.variants) == 1
                                       else list(request.variants)}
    first = error.strip().splitlines()[0] if error.strip() else "unknown error"
    results = [Result(bench=name, params={}, unit=unit, status="error", reason=f"the cell did not run: {first}")
               for name in cell.identity["benches"]]
    return Run(manifest=manifest, results=results)


def campaign_record(matrix: Matrix, cell: Cell, outcome: Outcome) -> Run:
    """The run to store for a cell's outcome, with the campaign's record in its manifest."""
    error = outcome.error
    if outcome.run is not None:
        run = outcome.run
        if run.manifest.get("interrupted"):
            error = f"the run was interrupted ({run.manifest['interrupted']}) on {outcome.host}"
    else:
        run = _error_run(cell, error or "no result")
    run.manifest["campaign"] = {
        "id": matrix.name, "description": matrix.description, "cell": cell.key, "axes": dict(cell.axes),
        "repeat": cell.repeat,
        "status": cell_status(run, error), "error": error, "worker": outcome.host,
        "seconds": round(outcome.seconds, 1), "identity": cell.identity,
        "matrix": {"file": matrix.path.name, "sha256": matrix.digest},
        "matrix_axes": {axis.name: axis.labels() for axis in matrix.axes},
    }
    return run


def require_dask(what: str = "campaigns run") -> None:
    """Campaigns (and a history's points with --workers) run on Dask distributed, an extra of the
    package (rtbench[campaign])."""
    if importlib.util.find_spec("distributed") is None:
        raise RtbenchError(f"{what} on Dask distributed, which is not installed",
                           "run scripts/setup.sh --part campaign, or pip install 'rtbench[campaign]'")


_SCHEDULER_HINT = "start one with `dask scheduler` and give its address, e.g. --scheduler tcp://HOST:8786"
# [PROTOCOL://]HOST:PORT, HOST a name, an IPv4 address or an IPv6 one in brackets.
_ADDRESS = re.compile(r"(?:(?P<protocol>[a-z][a-z0-9+.-]*)://)?(?P<host>\[[0-9a-fA-F:.]+\]|[^\s/:\[\]]+)"
                      r":(?P<port>\d{1,5})/?")
_PROTOCOLS = ("tcp", "tls", "ws", "wss", "ucx")


def check_scheduler(scheduler: str | None) -> None:
    """--scheduler is a Dask address, [PROTOCOL://]HOST:PORT, checked before anything starts:
    Dask's own client, given anything else, raises from inside its constructor, and the half-made
    client then stalls the exit for 40 s before a traceback."""
    if scheduler is None:
        return
    match = _ADDRESS.fullmatch(scheduler.strip())
    if match is None:
        raise RtbenchError(f"--scheduler {scheduler!r} is not a Dask scheduler address ([PROTOCOL://]HOST:PORT)",
                           _SCHEDULER_HINT)
    protocol, port = match.group("protocol"), int(match.group("port"))
    if protocol is not None and protocol not in _PROTOCOLS:
        raise RtbenchError(f"--scheduler {scheduler!r}: {protocol}:// is not a protocol Dask connects with",
                           f"use one of {', '.join(p + '://' for p in _PROTOCOLS)}, e.g. --scheduler tcp://HOST:8786")
    if not 1 <= port <= 65535:
        raise RtbenchError(f"--scheduler {scheduler!r}: port {port} is outside 1..65535", _SCHEDULER_HINT)


def _reachable(scheduler: str) -> None:
    """A TCP scheduler address that refuses connections, does not resolve, drops packets or
    answers as something else than Dask is said within seconds (Dask itself retries for
    CONNECT_TIMEOUT first, and reads any answer's first bytes as a message length)."""
    match = re.fullmatch(r"(?:tcp://)?\[?([^\]/]+?)\]?:(\d+)/?", scheduler.strip())
    if match is None:
        return  # another protocol (tls://, ws://): Dask's own connection says what is wrong
    hint = _SCHEDULER_HINT
    try:
        with socket.create_connection((match.group(1), int(match.group(2))), timeout=PROBE_TIMEOUT) as probe:
            header = _handshake_header(probe)
    except OSError as err:
        raise RtbenchError(f"cannot reach the Dask scheduler at {scheduler}: {err.strerror or err}", hint) from None
    if header is None:
        raise RtbenchError(f"something answers at {scheduler}, but not as a Dask scheduler (no Dask handshake "
                           f"within {PROBE_TIMEOUT:.0f} s)", hint)


def _handshake_header(probe: socket.socket) -> int | None:
    """The length of the handshake a Dask scheduler sends first on a new connection (its first
    8 bytes, little-endian), or None when what comes is not that."""
    header = b""
    deadline = time.monotonic() + PROBE_TIMEOUT
    while len(header) < 8:
        probe.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = probe.recv(8 - len(header))
        except TimeoutError:
            return None
        if not chunk:
            return None
        header += chunk
    length = int.from_bytes(header, "little")
    return length if 0 < length <= MAX_HANDSHAKE else None


def local_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def check_workers(workers: int | None) -> None:
    """--workers is at least 1 and at most one per CPU: each worker runs one emulated or simulated
    cell, which keeps a CPU busy, so more only make every cell slower (and nearer its timeout),
    and tens of thousands exhaust memory and file descriptors before a cell runs."""
    if workers is None:
        return
    if workers < 1:
        raise RtbenchError("--workers must be at least 1")
    cpus = local_workers()
    if workers > cpus:
        raise RtbenchError(f"--workers {workers} is more than the {cpus} CPU(s) this process may use",
                           f"give --workers {cpus} or fewer (the default is one per CPU); for more cells at once, "
                           "run workers on other machines and give their cluster with --scheduler")


def _wait_for_a_worker(client: Client, scheduler: str, progress: Callable[[str], None], stop: list[int]) -> int:
    """The cluster's workers once there is one, polled so that a stop signal ends the wait."""
    deadline = time.monotonic() + WORKER_WAIT
    count = len(client.scheduler_info().get("workers", {}))
    if count == 0:
        progress(f"waiting up to {WORKER_WAIT:.0f} s for a worker to join {scheduler}")
    while count == 0 and not stop:
        if time.monotonic() > deadline:
            raise RtbenchError(f"the Dask cluster at {scheduler} has no workers",
                               "start one on each machine: dask worker " + scheduler)
        time.sleep(POLL)
        count = len(client.scheduler_info().get("workers", {}))
    return count


def _connected(scheduler: str) -> Client:
    """A client of the scheduler at `scheduler`, or an RtbenchError. Whatever Dask raises while
    connecting (an OSError, a timeout, a struct.error from a peer that sent a plausible first
    frame and then garbage) is said in one line. The half-made client the failure leaves behind is
    collected here, while its event loop still runs: collected at exit, it waits 40 s to close."""
    from distributed import Client

    problem: str
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as err:
        problem = f"cannot reach the Dask scheduler at {scheduler}: {err}"
    except Exception as err:  # noqa: BLE001 (any answer that is not Dask's ends in its own error)
        kind = type(err)
        name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
        problem = f"something answers at {scheduler}, but not as a Dask scheduler ({name}: {err})"
    gc.collect()  # the client is held by the traceback's frames, in a cycle through the error
    raise RtbenchError(problem, _SCHEDULER_HINT)


@contextmanager
def _client(scheduler: str | None, workers: int | None, progress: Callable[[str], None],
            stop: list[int], scratch: str | None = None) -> Iterator[tuple[Client, int]]:
    """A client of the cluster, and how many workers it has (or will have). Nothing here blocks
    for long: `stop` (the stop signals received) ends a wait for workers. A local cluster keeps
    its own files (Dask's scratch space) in `scratch`."""
    from distributed import Client, LocalCluster  # dask is only imported when a campaign runs

    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.ERROR)  # the lost-worker warnings are the campaign's to report
    try:
        if scheduler:
            check_scheduler(scheduler)
            _reachable(scheduler)
            with _connected(scheduler) as client:
                count = _wait_for_a_worker(client, scheduler, progress, stop)
                if not stop:
                    progress(f"Dask cluster at {scheduler}: {count} worker(s)")
                yield client, max(1, count)
        else:
            count = workers or local_workers()
            # The cluster starts without workers and is scaled up in the background: started with
            # n_workers, it would block until every worker process is up, deaf to a stop signal.
            import dask

            # Dask's own scratch space (the scheduler's and the workers' folders) goes with the cells'.
            with dask.config.set({"temporary-directory": scratch} if scratch else {}), \
                    LocalCluster(n_workers=0, threads_per_worker=1, processes=True, host="127.0.0.1",
                                 dashboard_address=None, memory_limit=0, silence_logs=logging.ERROR,
                                 preload=["rtbench.campaign.worker_setup"]) as cluster, \
                    Client(cluster, set_as_default=False) as client:
                cluster.scale(count)
                progress(f"local Dask cluster: {count} worker(s) starting, one cell each at a time")
                yield client, count
    finally:
        logger.setLevel(level)


class _Progress:
    """Cells done and failed, and an estimate of the time left: each cell still to run is expected
    to take as long as the cells of its target took so far (else as long as any cell), the cells
    sent to Dask shared among its workers, the host cells one after the other."""

    def __init__(self, cells: list[Cell], progress: Callable[[str], None], on_terminal: bool | None = None) -> None:
        # A guess of the time left helps someone watching; a log keeps only what happened.
        self.on_terminal = sys.stderr.isatty() if on_terminal is None else on_terminal
        self.left = list(cells)
        self.total, self.progress = len(cells), progress
        self.failed = 0
        self.workers = 1
        self.seconds: dict[str, list[float]] = {}

    def _expected(self, cell: Cell) -> float | None:
        own = self.seconds.get(cell.request.target)
        every = [s for spent in self.seconds.values() for s in spent]
        chosen = own or every
        return sum(chosen) / len(chosen) if chosen else None

    def estimate(self) -> str:
        if not self.left:
            return "all cells done"
        expected = [(cell, self._expected(cell)) for cell in self.left]
        if any(seconds is None for _, seconds in expected):
            return "time left not known yet"
        shared = sum(s or 0.0 for cell, s in expected if not cell.measures_host) / max(1, self.workers)
        alone = sum(s or 0.0 for cell, s in expected if cell.measures_host)
        return f"about {duration(shared + alone)} left"

    def cell(self, done: Done, repeats: int) -> None:
        self.left.remove(done.cell)
        self.failed += done.status != "ok"
        self.seconds.setdefault(done.cell.request.target, []).append(done.seconds)
        where = f"run {done.run_id}" if done.run_id is not None else "not stored"
        guess = f" · {self.estimate()}" if self.on_terminal else ""
        self.progress(f"[{self.total - len(self.left)}/{self.total}] {done.status:<5} {done.cell.title(repeats)}: "
                      f"{where}, {duration(done.seconds)} on {done.host} · {self.failed} failed{guess}")
        if done.error:
            self.progress(f"        {done.error.strip().splitlines()[0]}")


@contextmanager
def _scratch(scheduler: str | None) -> Iterator[str | None]:
    """The folder the cells' temporary folders go into (job.Job.scratch): one of this process on a
    local cluster, removed when the block ends, once the cluster is closed; None on a remote one
    (its workers are not stopped by a stop signal here, and remove their own)."""
    if scheduler:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="rtbench-campaign-", ignore_cleanup_errors=True) as folder:
        yield folder


def run_cells(matrix: Matrix, cells: list[Cell], *, save: Callable[[Run], int | None], workspace: Workspace,
              scheduler: str | None, workers: int | None, progress: Callable[[str], None]) -> Summary:
    """Runs the cells (those not stored yet) and saves each as it finishes. Ctrl-C stops
    submitting and returns what finished; the rest is run by the next invocation."""
    require_dask()
    with _scratch(scheduler) as scratch:
        return _run_cells(matrix, cells, save=save, workspace=workspace, scheduler=scheduler, workers=workers,
                          progress=progress, scratch=scratch)


def _run_cells(matrix: Matrix, cells: list[Cell], *, save: Callable[[Run], int | None], workspace: Workspace,
               scheduler: str | None, workers: int | None, progress: Callable[[str], None],
               scratch: str | None) -> Summary:
    summary = Summary()
    started = time.monotonic()
    tally = _Progress(cells, progress)
    own_workspace = None if scheduler else str(workspace.root)
    token = uuid.uuid4().hex[:8]

    def job(cell: Cell, where: str | None) -> Job:
        return Job(campaign=matrix.name, key=cell.key, title=cell.title(matrix.repeats), request=cell.request,
                   fingerprint=cell.identity["firmware"], workspace=where, scratch=scratch)

    def finish(cell: Cell, outcome: Outcome) -> None:
        run = campaign_record(matrix, cell, outcome)
        run_id = save(run)
        record = run.manifest["campaign"]
        done = Done(cell, record["status"] if run_id is not None else "error", run_id,
                    record["error"] or first_problem(run), outcome.host, outcome.seconds)
        summary.done.append(done)
        tally.cell(done, matrix.repeats)
        pending.remove(cell)

    remote = [cell for cell in cells if not cell.measures_host]
    alone = [cell for cell in cells if cell.measures_host]
    pending = list(cells)
    try:
        if remote:
            # A stop signal is noted, not raised, while Dask runs: raised in the middle of Dask's
            # own threading it could leave a lock half released. The waits here (for workers,
            # for cells) see it within POLL seconds, stop and cancel what has not run; the
            # cluster is closed, then it is raised.
            with interrupts.deferred() as received, \
                    _client(scheduler, workers, progress, received, scratch) as (client, count):
                tally.workers = count
                # A sharded cell is a task per shard; it is stored once its last shard is back.
                futures = {client.submit(run_job, unit_job(unit, job, own_workspace),
                                         key=f"rtbench-cell-{unit.key}-{token}", pure=False): unit
                           for unit in (units(remote) if not received else [])}
                gathering = Gathering()
                for _, unit, outcome in _as_they_finish(client, futures, received):
                    whole = gathering.add(unit, outcome)
                    if whole is not None:
                        finish(unit.cell, whole)
                if received:
                    client.cancel([f for f, unit in futures.items() if unit.cell in pending])
        for cell in alone:
            progress(f"running {cell.title(matrix.repeats)} on this machine, alone (it measures the host)")
            outcome = run_job(job(cell, str(workspace.root)))
            with interrupts.deferred():  # a signal now waits until the cell is stored
                finish(cell, outcome)
    except KeyboardInterrupt as err:
        summary.interrupted = err
    summary.not_run = pending
    summary.seconds = time.monotonic() - started
    return summary


def _as_they_finish(client: Any, futures: dict[Any, Any], received: list[int]) -> Iterator[tuple[Any, Any, Outcome]]:
    """Each submitted future, what it ran (a cell or a job, with its `key`) and its outcome, in the
    order they finish, until all have or a stop signal was received."""
    from distributed import as_completed

    finished = as_completed(list(futures), loop=client.loop)
    while not finished.is_empty() and not received:
        ready = finished.next_batch(block=False)
        for future in ready:
            item = futures[future]
            try:
                outcome = future.result()
            except Exception as err:  # noqa: BLE001 (Dask re-raises whatever ended the task: KilledWorker...)
                outcome = Outcome(item.key, None, f"{type(err).__name__}: {err}", "the Dask cluster", 0.0)
            yield future, item, outcome
        if not ready:
            time.sleep(POLL)


def run_jobs(jobs: list[Job], *, finish: Callable[[Job, Outcome], None], scheduler: str | None,
             workers: int | None, progress: Callable[[str], None]) -> BaseException | None:
    """Runs jobs that do not measure the host on Dask (a kernel history's points) and calls
    `finish` here, in this process, as each comes back. Returns the stop signal that ended it
    early (the jobs not finished are then cancelled), else None."""
    require_dask()
    token = uuid.uuid4().hex[:8]
    try:
        with _scratch(scheduler) as scratch, interrupts.deferred() as received, \
                _client(scheduler, workers, progress, received, scratch) as (client, _):
            futures = {client.submit(run_job, dataclasses.replace(job, scratch=scratch),
                                     key=f"rtbench-job-{job.key}-{token}", pure=False): job
                       for job in (jobs if not received else [])}
            left = set(futures)
            for future, job, outcome in _as_they_finish(client, futures, received):
                finish(job, outcome)
                left.discard(future)
            if received:
                client.cancel(list(left))
    except KeyboardInterrupt as err:
        return err
    return None
