# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Helpers for tests that feed the command line run files: write a run as `rtbench run --json`
would (through run_to_json, so it meets the schema), and call the command line in-process."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rtbench.cli import main
from rtbench.model import Result, Run, Scale
from rtbench.reports.report import run_to_json


def result(bench: str, samples: list[int], unit: str = "instructions", status: str = "ok", reason: str = "",
           notes: list[str] | None = None, **params: Any) -> Result:
    return Result(bench, dict(params), unit, status, reason=reason, notes=list(notes or []),
                  raw_samples=samples if status == "ok" else [], scale=Scale(unit))


def write_run(path: Path, results: list[Result], manifest: dict[str, Any] | None = None,
              run_id: int | None = None) -> Path:
    path.write_text(json.dumps(run_to_json(Run(manifest or {}, results, run_id))))
    return path


@dataclass
class Outcome:
    returncode: int
    stdout: str
    stderr: str


Cli = Callable[..., Outcome]


def in_process(capsys: pytest.CaptureFixture[str], home: Path) -> Cli:
    """The command line, in this process (as `python -m rtbench --home HOME ...`)."""
    def call(*args: str) -> Outcome:
        code = main(["--home", str(home), *args])
        out = capsys.readouterr()
        return Outcome(code, out.out, out.err)
    return call
