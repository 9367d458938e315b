# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""scripts/verify_thread_metric.py refuses what it cannot verify, with exit status 2 and a hint."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "verify_thread_metric.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_thread_metric", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert _script().main(list(args)) == 2
    return capsys.readouterr().err


def test_a_folder_that_is_not_the_suite_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(capsys, "--suite", str(tmp_path), "--os", "freertos")
    assert "not the Thread-Metric suite" in err and "hint:" in err


def test_a_kernel_without_a_porting_layer_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "no porting layer for zephyr" in _refused(capsys, "--suite", str(tmp_path), "--os", "zephyr")


def test_too_few_report_periods_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "--reports must be at least 2" in _refused(capsys, "--suite", str(tmp_path), "--reports", "1")
