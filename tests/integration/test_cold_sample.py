# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The cold first sample (`run --cold`) and the MAD, through a real run and every report."""
from __future__ import annotations

import json
from pathlib import Path

from rtbench.results.stats import median

from .test_cli import rtbench


def test_cold_sample_kept_apart_and_shown_in_every_report(tmp_path: Path) -> None:
    home, out = tmp_path / "home", tmp_path / "cold.json"
    proc = rtbench(home, "run", "--bench", "task_switch,tick_cost", "--option", "ticks=20", "--iterations", "50",
                   "--warmup", "5", "--cold", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    assert "RTB_COLD_SAMPLE" in data["manifest"]["image"]["defines"]
    switch = next(r for r in data["results"] if r["bench"] == "task_switch")
    # Kept apart: the statistics count the 50 measured samples only.
    assert switch["n"] == 50 == len(switch["samples"]) and isinstance(switch["cold"], int)
    centre = median(switch["samples"])
    assert switch["mad"] == median([abs(s - centre) for s in switch["samples"]])
    assert all(isinstance(r.get("cold"), int) for r in data["results"] if r["bench"] == "tick_cost")

    header = proc.stdout.splitlines()[3].split()
    assert header[header.index("p99") + 1] == "p99.9" and "mad" in header
    row = next(line.split() for line in proc.stdout.splitlines() if line.startswith("task_switch"))
    assert row[header.index("cold")] == str(switch["cold"])

    markdown = rtbench(home, "report", str(out), "--format", "markdown")
    assert markdown.returncode == 0 and "| cold |" in markdown.stdout
    html = tmp_path / "report.html"
    assert rtbench(home, "report", str(out), "--html", str(html)).returncode == 0
    assert ">cold<" in html.read_text() and ">p99.9<" in html.read_text()

    plain = tmp_path / "plain.json"
    assert rtbench(home, "run", "--bench", "task_switch", "--iterations", "50", "--warmup", "5",
                   "--json", str(plain)).returncode == 0
    # The default image keeps no cold sample (keeping it would move the tick under later samples).
    assert "cold" not in json.loads(plain.read_text())["results"][0]
