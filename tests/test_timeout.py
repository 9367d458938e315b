# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""--timeout is what it says: a run given one is stopped after that long, however short (there
was an undocumented 60 s floor), and a timeout shorter than the periodic run it bounds is refused
before anything is built."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from rtbench.acquire.build import Build
from rtbench.paths import Workspace
from tests.conftest import run_catalogue
from tests.runfiles import in_process


def test_a_timeout_shorter_than_the_periodic_run_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outcome = in_process(capsys, tmp_path / "home")("run", "--target", "qemu-m3", "--bench", "periodic_jitter",
                                                    "--duration", "60s", "--period", "1ms", "--timeout", "5")
    assert outcome.returncode == 2
    assert "--timeout 5 s is shorter than the periodic run it bounds (60 s of periods" in outcome.stderr
    assert not (tmp_path / "home" / "build").exists()


def test_a_short_timeout_stops_the_run_when_given(workspace: Workspace, built_image: Build) -> None:
    started = time.monotonic()
    run = run_catalogue(workspace, timeout=0.5)
    assert time.monotonic() - started < 30
    reasons = {r.reason for r in run.results if r.status == "error"}
    assert any("still running after 0.5 s" in reason for reason in reasons), reasons
