# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Background load: it really runs, and it is always stopped and cleaned up."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from rtbench.acquire.load import BackgroundLoad


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("kind", ["cpu", "io"])
def test_load_runs_and_is_stopped(kind: str) -> None:
    with BackgroundLoad(kind, max_seconds=60) as load:
        pids = load.pids
        assert pids and all(alive(pid) for pid in pids)
        folder = load._folder
    assert not any(alive(pid) for pid in pids)  # killed and reaped
    if kind == "io":
        assert folder and not Path(folder).exists()


def test_load_ends_by_itself() -> None:
    load = BackgroundLoad("cpu", max_seconds=1).__enter__()
    for proc in load._procs:
        assert proc.wait(timeout=30) == 0  # its own deadline, without rtbench stopping it
    load.__exit__(None, None, None)


def test_no_load_starts_nothing() -> None:
    with BackgroundLoad("none", max_seconds=5) as load:
        assert load.pids == []


def test_unknown_load_is_refused() -> None:
    with pytest.raises(ValueError, match="cpu, io"):
        BackgroundLoad("gpu", max_seconds=5)
