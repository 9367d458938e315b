# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Running one cell on whichever machine gets it (a Dask worker, or the submitting machine for
cells that measure the host): the function Dask calls, and what it returns.

The cell runs in a child process (rtbench.campaign.child) that dies with the worker: if the
worker is killed, so are the cell and its emulator, and Dask gives the cell to another worker."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..acquire import processes
from ..acquire.session import RunRequest, run_timeout
from ..errors import RtbenchError
from ..model import Run
from ..paths import firmware_dir
from .child import request_to_json, run_from_json
from .identity import firmware_fingerprint

# Seconds a cell may take beyond its runs' own timeouts (builds, a Verilator model per variant).
_SETUP_ALLOWANCE = 3600.0
_TAIL_LINES = 15


@dataclass(frozen=True)
class Job:
    """What a worker needs to run a cell: the request and what it must be run with."""

    campaign: str
    key: str
    title: str
    request: RunRequest
    fingerprint: str  # the submitting machine's firmware (identity.firmware_fingerprint)
    workspace: str | None  # None: the worker's own ($RTBENCH_HOME, else ./.rtbench where it runs)
    # Where the cell's temporary folder goes: on a local cluster, a folder of the submitting
    # process, which removes it once the cluster is closed (a worker killed at the close, on
    # Ctrl-C, never removes its own); None: the worker's temporary folder.
    scratch: str | None = None


@dataclass
class Outcome:
    key: str
    run: Run | None  # None when the cell could not produce a run
    error: str | None
    host: str  # which machine and process ran it
    seconds: float
    build_output: str | None = None  # the tree did not build: the compiler's output (a history's point)


def _tail(path: Path) -> str:
    try:
        lines = path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    return "\n".join(lines[-_TAIL_LINES:])


def process_timeout(request: RunRequest) -> float:
    """Seconds a run's process may take in all: its runs' own timeouts, twice (an image per
    kind), and the builds and Verilator models it may have to make first."""
    return run_timeout(request) * max(1, len(request.variants)) * 2 + _SETUP_ALLOWANCE


def run_job(job: Job) -> Outcome:
    """Runs the cell in a child process and returns its run (or why there is none). Never raises
    for a cell that fails: a failed cell is an outcome like any other."""
    started = time.monotonic()
    host = f"{socket.gethostname()} (pid {os.getpid()})"

    def outcome(run: Run | None, error: str | None) -> Outcome:
        return Outcome(job.key, run, error, host, time.monotonic() - started)

    try:
        own = firmware_fingerprint(firmware_dir())
    except RtbenchError as err:
        return outcome(None, f"{host}: {err}")
    if own != job.fingerprint:
        return outcome(None, f"{host} has rtbench firmware {own}, the campaign {job.fingerprint}: "
                             "set every worker up from the same rtbench as the submitting machine")
    with tempfile.TemporaryDirectory(prefix="rtbench-cell-", dir=job.scratch, ignore_cleanup_errors=True) as folder:
        job_file, out_file, log_file = (Path(folder) / name for name in ("job.json", "out.json", "progress.log"))
        job_file.write_text(json.dumps({"request": request_to_json(job.request), "workspace": job.workspace}))
        timeout = process_timeout(job.request)
        # The cell's own temporary folders (a simulator's) go into its folder, and go with it.
        env = {**os.environ, "TMPDIR": folder}
        with open(log_file, "wb") as log:
            proc = processes.popen([sys.executable, "-m", "rtbench.campaign.child", str(job_file), str(out_file)],
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env)
            with processes.owned(proc):
                try:
                    status = proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    return outcome(None, f"the cell was still running after {timeout:.0f} s and was stopped")
        if not out_file.exists():
            return outcome(None, f"the cell's process ended with status {status} without a result:\n"
                                 + _tail(log_file))
        document = json.loads(out_file.read_text())
    if "error" in document:
        failed = outcome(None, str(document["error"]))
        failed.build_output = document.get("build_output")
        return failed
    return outcome(run_from_json(document["run"]), None)
