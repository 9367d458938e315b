"""What the commands print: progress on stderr, runs as tables on stdout, runs as JSON files."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ..model import Run
from ..report import histogram_text, results_table, run_to_json


def progress(message: str) -> None:
    print(f"rtbench: {message}", file=sys.stderr, flush=True)


def write_json(run: Run, path: Path, bin_width: int | None = None, hist_limit: int | None = None) -> None:
    path.write_text(json.dumps(run_to_json(run, bin_width=bin_width, hist_limit=hist_limit), indent=1) + "\n")
    progress(f"wrote {path}")


def print_run(run: Run, histograms: bool = False, bin_width: int | None = None,
              hist_limit: int | None = None) -> None:
    m = run.manifest
    kernel = m.get("kernel", {})
    print(f"run {run.run_id}: {m.get('target')} / {kernel.get('name', m.get('os'))} {kernel.get('version', '')}"
          f" / profile {m.get('profile')} / {m.get('created', '')}")
    if m.get("unit_note"):
        print(f"unit: {m['unit_note']}")
    for warning in m.get("warnings", []):
        print(f"warning: {warning}")
    settings = m.get("target_settings", {})
    if settings.get("caches"):
        print("variants: " + "; ".join(f"{v} ({c})" for v, c in settings["caches"].items()))
    if m.get("clock_hz"):
        print(f"clock: {m['clock_hz'] / 1e6:g} MHz nominal (times below are cycles at that clock)")
    print(results_table(run.results, m.get("clock_hz")))
    if histograms:
        for result in run.results:
            if result.status == "ok":
                print()
                print(histogram_text(result, bin_width, hist_limit))
    for problem in m.get("stream_errors", []):
        print(f"problem: {problem}")
