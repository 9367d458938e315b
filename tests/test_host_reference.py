# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Linux host's run in the docs (rtbench/reports/tables/host_linux.py; scripts/host_linux.py
measures it): stored beside the reference runs but
not one of them, without machine paths, and always shown with where and when it was measured."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from rtbench.campaign import reference_cells
from rtbench.reports import reference_runs as ref
from rtbench.reports.tables import host_linux

REPO = Path(__file__).resolve().parent.parent
STORED = REPO / "docs" / "reference" / "host" / "linux.json.gz"


def test_the_host_run_is_not_a_reference_cell() -> None:
    """The exact check compares every cell; a host-measured run must never be one."""
    assert "linux" not in ref.names() and not any(
        "target = \"linux\"" in line for line in (REPO / "campaigns" / "reference.toml").read_text().splitlines())
    assert all(not name.startswith("linux") for name in reference_cells.cell_names())


def test_the_stored_host_run_carries_no_machine_paths() -> None:
    text = gzip.decompress(STORED.read_bytes()).decode()
    for needle in (str(Path.home()) + "/", str(REPO), "/tmp/", "rtbench-host-"):
        assert needle not in text, f"{STORED} names {needle}"
    doc = json.loads(text)
    assert doc["manifest"]["target"] == "linux" and doc["results"]


def test_the_caption_says_where_and_when_and_that_it_is_not_checked() -> None:
    doc = ref.load("linux", STORED.parent)
    shown = host_linux.markdown(doc, ["task_switch", "no_such_result"])
    manifest = doc["manifest"]
    assert "| `task_switch` | ns |" in shown and "| `no_such_result` |" in shown
    assert manifest["target_settings"]["cpu_model"] in shown
    assert str(manifest["created"])[:10] in shown and "not checked exactly" in shown
