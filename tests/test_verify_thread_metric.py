# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""scripts/verify_thread_metric.py refuses what it cannot verify, with exit status 2 and a hint
(run as a command: its command-line behaviour is what is checked)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "verify_thread_metric.py"


def _refused(*args: str) -> str:
    proc = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == "", proc.stdout + proc.stderr
    return proc.stderr


def test_a_folder_that_is_not_the_suite_is_refused(tmp_path: Path) -> None:
    err = _refused("--suite", str(tmp_path), "--os", "freertos")
    assert "not the Thread-Metric suite" in err and "hint:" in err and "Traceback" not in err


def test_a_kernel_without_a_porting_layer_is_refused(tmp_path: Path) -> None:
    assert "no porting layer for zephyr" in _refused("--suite", str(tmp_path), "--os", "zephyr")


def test_too_few_report_periods_are_refused(tmp_path: Path) -> None:
    assert "--reports must be at least 2" in _refused("--suite", str(tmp_path), "--reports", "1")
