"""The code stays clean: ruff (lint) and mypy (types) as configured in pyproject.toml."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing() -> None:
    proc = _tool("ruff", "check", "--no-cache", "rtbench", "tests", "scripts", "firmware")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_finds_nothing() -> None:
    proc = _tool("mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr
