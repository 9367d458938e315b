# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Real documents against the published schemas (docs/schema/): what `run --json`, `report --json`,
`compare --json` and `footprint --json` write for real images, and the session's full runs."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rtbench.acquire.build import Build
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.reports.report import run_to_json
from rtbench.results import schema
from tests.conftest import home_sharing_builds

REPO = Path(__file__).resolve().parent.parent.parent


def validator(kind: str) -> Draft202012Validator:
    name, _, version = kind.partition("/")
    return Draft202012Validator(json.loads((REPO / "docs" / "schema" / f"{name}-{version}.schema.json").read_text()))


def valid(kind: str, document: dict) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator(kind).iter_errors(document)]
    assert errors == []
    assert document["schema"] == kind


def rtbench(home: Path, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), *args], capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return proc


def test_run_report_and_compare_documents_match_their_schemas(tmp_path: Path, workspace: Workspace,
                                                              built_image: Build) -> None:
    home = home_sharing_builds(tmp_path / "home", workspace)
    benches = "task_switch,tick_cost,mutex_pi,irq_latency,boot_time,footprint"
    for name in ("a", "b"):
        rtbench(home, "run", "--bench", benches, "--iterations", "100", "--json", str(tmp_path / f"{name}.json"))
    rtbench(home, "report", "1", "--json", str(tmp_path / "report.json"))
    rtbench(home, "compare", "1", str(tmp_path / "b.json"), "--json", str(tmp_path / "compare.json"))
    for name in ("a", "b", "report"):
        document = json.loads((tmp_path / f"{name}.json").read_text())
        valid(schema.RUN, document)
        assert {r["bench"] for r in document["results"]} >= {"task_switch", "tick_cost", "footprint"}
    comparison = json.loads((tmp_path / "compare.json").read_text())
    valid(schema.COMPARE, comparison)
    assert len(comparison["rows"]) > 5 and comparison["runs"][0]["run_id"] == 1


def test_full_runs_match_the_run_schema(catalogue_run: Run) -> None:
    valid(schema.RUN, json.loads(json.dumps(run_to_json(catalogue_run))))


def test_a_linux_run_matches_the_run_schema(linux_run: Run) -> None:
    valid(schema.RUN, json.loads(json.dumps(run_to_json(linux_run))))


@pytest.mark.usefixtures("built_image")
def test_footprint_document_matches_its_schema(workspace: Workspace, tmp_path: Path) -> None:
    out = tmp_path / "footprint.json"
    rtbench(workspace.root, "footprint", "--os", "freertos", "--profile", "default", "--json", str(out))
    document = json.loads(out.read_text())
    valid(schema.FOOTPRINT, document)
    assert document["images"][0]["parts"]["image"]["text"] > 0
