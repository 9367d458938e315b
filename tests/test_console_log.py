# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The raw console log: a full disk stops the log, never the measurement, and says so."""
from __future__ import annotations

from pathlib import Path

import pytest

from rtbench.acquire.runners.console import ConsoleLog

FULL = Path("/dev/full")  # every write to it fails with ENOSPC, as on a full disk


def test_a_disk_that_fills_when_the_log_is_closed_is_reported() -> None:
    if not FULL.exists():
        pytest.skip("this system has no /dev/full")
    log = ConsoleLog(FULL)
    log.write("@rtb 1 HELLO proto=1\n")  # buffered: the failure comes at the flush on close
    assert log.problem is None
    log.close()
    assert log.problem is not None and "is incomplete" in log.problem and "No space left" in log.problem


def test_a_log_that_cannot_be_opened_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "a-file"
    folder.write_text("")
    log = ConsoleLog(folder / "console.log")  # its folder is a file
    assert log.problem is not None and "could not be written" in log.problem
    log.write("ignored\n")
    log.close()
