# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Child processes that never outlive rtbench: emulators, simulators, images, builds and load.

Each child starts in a session of its own, so that stopping it stops everything it started
(a Verilator build's make and compilers, say), and asks the kernel to kill it should rtbench
die without a chance to clean up (SIGKILL): PR_SET_PDEATHSIG. On every other exit path
(an error, Ctrl-C, SIGTERM) the caller's `finally` stops the whole group."""
from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

_PR_SET_PDEATHSIG = 1
_libc = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def _die_with_parent(parent: int) -> None:
    """Runs in the child between fork and exec: no allocation, no locks."""
    if _libc is not None:
        _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def popen(command: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
    """subprocess.Popen in a new session that dies with this process."""
    parent = os.getpid()
    # preexec_fn is unsafe only where it takes locks other threads may hold; this one takes none.
    return subprocess.Popen(command, start_new_session=True,
                            preexec_fn=lambda: _die_with_parent(parent), **kwargs)  # noqa: PLW1509


def stop(proc: subprocess.Popen[Any], grace: float = 0.0) -> None:
    """Kills the child and everything in its session, then reaps it. `grace` seconds of SIGTERM
    first lets a well-behaved child clean up (a build removing its partial output)."""
    if proc.poll() is None and grace > 0:
        _signal_group(proc, signal.SIGTERM)
        with suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
    _signal_group(proc, signal.SIGKILL)
    proc.wait()


def _signal_group(proc: subprocess.Popen[Any], sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)  # the child leads its own session, so its group id is its pid
    except (ProcessLookupError, PermissionError):
        if proc.poll() is None:
            proc.send_signal(sig)


@contextmanager
def owned(proc: subprocess.Popen[Any]) -> Iterator[subprocess.Popen[Any]]:
    """The child and its session are gone when the block is left, however it is left."""
    try:
        yield proc
    finally:
        stop(proc)


def run(command: list[str], *, timeout: float | None = None, env: dict[str, str] | None = None,
        cwd: Any = None) -> subprocess.CompletedProcess[str]:
    """subprocess.run(capture_output=True, text=True) whose child (and its children) never
    outlive it: on a timeout, an error or an interrupt the whole session is killed."""
    proc = popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                 cwd=cwd)
    with owned(proc):
        out, err = proc.communicate(timeout=timeout)
    return subprocess.CompletedProcess(command, proc.returncode,
                                       out.decode("utf-8", errors="replace"), err.decode("utf-8", errors="replace"))
