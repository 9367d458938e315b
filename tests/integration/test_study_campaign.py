# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench study ID --measure --campaign NAME` for real: a study folder of one's own whose
campaign is one short qemu-m3 cell, run through the campaign layer into the workspace, summed up
and set beside the study; run again, the stored cell is reused, not measured twice."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rtbench.results.stats import median
from rtbench.results.store import Store
from tests.sixth_study import campaign_toml, study_toml

STUDY = study_toml('title = "A study with a campaign of its own"\ncampaigns = ["short"]\n')

CAMPAIGN = campaign_toml("short")


def test_a_studys_campaign_is_measured_stored_and_set_beside_the_study(tmp_path: Path) -> None:
    folder = tmp_path / "studies" / "mine"
    folder.mkdir(parents=True)
    (folder / "study.toml").write_text(STUDY)
    (folder / "short.toml").write_text(CAMPAIGN)
    home = tmp_path / "home"
    argv = [sys.executable, "-m", "rtbench", "--home", str(home), "study", "mine", "--measure", "--campaign", "short",
            "--workers", "1"]
    env = dict(os.environ, RTBENCH_STUDIES=str(folder.parent))
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    with Store(home / "results.sqlite", read_only=True) as store:
        (row,) = store.list_runs()
        run = store.load(row["id"])
    assert run.manifest["campaign"]["id"] == "short"
    out = proc.stdout
    assert f"freertos (run {row['id']}): qemu-m3 / FreeRTOS" in out
    assert f"simulation (s): the run {run.manifest['run']['seconds']:.1f}" in out
    assert "the whole cell (s; building the image and any SoC model included)" in out
    stats = {r.bench: median(r.samples()) for r in run.results}
    ratio = next(line for line in out.splitlines() if line.startswith("sem_give "))
    assert f"{stats['sem_give'] / stats['sem_take']:.2f}" in ratio.split() and "50 (2.00)" in ratio
    # Again: the cell is stored, so nothing is measured and the same run is set beside the study.
    again = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env)
    assert again.returncode == 0, again.stderr
    assert "1 already stored, 0 to run" in again.stderr and "stored" in again.stdout
    assert f"freertos (run {row['id']})" in again.stdout and "the whole cell" not in again.stdout
    with Store(home / "results.sqlite", read_only=True) as store:
        assert len(store.list_runs()) == 1
