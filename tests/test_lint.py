# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The code stays clean: ruff (lint) and mypy (types) as configured in pyproject.toml."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing() -> None:
    proc = _tool("ruff", "check", "--no-cache", "rtbench", "tests", "scripts", "firmware", "docs/hooks")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_finds_nothing() -> None:
    proc = _tool("mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr


# Files that carry rtbench's licence header, by how their comments are written.
_LICENSED_SUFFIXES = {".py", ".c", ".h", ".S", ".ld", ".cmake", ".sh", ".rs", ".toml"}
_SPDX = "SPDX-License-Identifier: Apache-2.0"


def _sources() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, text=True)
    if listed.returncode == 0 and listed.stdout:
        paths = [REPO / name for name in listed.stdout.split("\0") if name]
    else:  # an unpacked source archive: every file outside the workspace
        paths = [p for p in REPO.rglob("*") if p.is_file() and ".rtbench" not in p.parts and ".git" not in p.parts]
    return [p for p in paths if p.exists() and p.relative_to(REPO).parts[0] != "docs"
            and "data" not in p.relative_to(REPO).parts
            and (p.suffix in _LICENSED_SUFFIXES or p.name == "CMakeLists.txt")]


def test_every_source_file_names_its_licence() -> None:
    sources = _sources()
    assert len(sources) > 300, "the source listing found too few files"
    missing = [str(p.relative_to(REPO)) for p in sources if _SPDX not in p.read_text(errors="replace")[:400]]
    assert not missing, f"add the SPDX header (see any .py or .c file) to: {missing}"
