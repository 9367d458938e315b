# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What the commands print: progress on stderr, runs as tables on stdout, runs as JSON files."""
from __future__ import annotations

import datetime
import json
import os
import sys
import tempfile
from pathlib import Path

from ..acquire.provenance import summary
from ..errors import RtbenchError
from ..model import Run
from ..paths import Workspace
from ..reports.report import histogram_text, results_table, run_table, run_to_json
from ..reports.tables import as_markdown

# -1 with -q, 0 by default, 1 with -v (rtbench's global options), set once per command.
_verbosity = [0]
# What -q never hides: a progress line that reports a problem.
_ALWAYS = ("warning", "error", "interrupted", "the results were kept", "and no rescue file")


def set_verbosity(level: int) -> None:
    _verbosity[0] = level


def progress(message: str, level: int = 0) -> None:
    """A line on stderr: level 0 unless -q (problems always), level 1 only with -v."""
    if _verbosity[0] >= level or message.startswith(_ALWAYS):
        print(f"rtbench: {message}", file=sys.stderr, flush=True)


def check_output_file(path: Path, flag: str) -> None:
    """A file the command will write must be writable before the work starts."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise RtbenchError(f"{flag} {path} is a directory", "give a file name")
    if not folder.is_dir():
        raise RtbenchError(f"{flag} {path}: the directory {folder} does not exist", f"create it: mkdir -p {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise RtbenchError(f"{flag} {path} cannot be written", "give a writable location")


def write_json(run: Run, path: Path, bin_width: int | None = None, hist_limit: int | None = None) -> None:
    text = json.dumps(run_to_json(run, bin_width=bin_width, hist_limit=hist_limit), indent=1, allow_nan=False) + "\n"
    try:
        path.write_text(text)
    except OSError as err:
        raise RtbenchError(f"cannot write {path}: {err.strerror or err}", "give a writable location") from None
    progress(f"wrote {path}")


def rescue_json(run: Run, home: Workspace) -> Path | None:
    """Writes a run the store could not take to a JSON file: in the workspace if it can be
    written, else in the temporary directory. None when neither can be written."""
    text = json.dumps(run_to_json(run), indent=1, allow_nan=False) + "\n"
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    for folder in (home.root / "unsaved", Path(tempfile.gettempdir())):
        path = folder / f"rtbench-run-{stamp}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            return path
        except OSError:
            path.unlink(missing_ok=True)  # a partial file would look like a result
            continue
    return None


def run_header(run: Run) -> list[str]:
    """The lines above a run's table: what ran, its unit, warnings, variants and clock."""
    m = run.manifest
    kernel = m.get("kernel", {})
    what = f"{m.get('target')} / {kernel.get('name', m.get('os'))} {kernel.get('version', '')}"
    head = f"run {run.run_id}" if run.run_id is not None else "run"
    if m.get("label"):
        head += f" '{m['label']}'"
    lines = [f"{head}: {what} / profile {m.get('profile')} / {m.get('created', '')}",
             f"provenance: {summary(m)}"]
    if m.get("unit_note"):
        lines.append(f"unit: {m['unit_note']}")
    lines += [f"warning: {warning}" for warning in m.get("warnings", [])]
    settings = m.get("target_settings", {})
    if settings.get("caches"):
        lines.append("variants: " + "; ".join(f"{v} ({c})" for v, c in settings["caches"].items()))
    if m.get("clock_hz"):
        lines.append(f"clock: {m['clock_hz'] / 1e6:g} MHz nominal (times below are cycles at that clock)")
    return lines


def print_run(run: Run, histograms: bool = False, bin_width: int | None = None,
              hist_limit: int | None = None) -> None:
    for line in run_header(run):
        print(line)
    print(results_table(run.results, run.manifest.get("clock_hz")))
    if histograms:
        for result in run.results:
            if result.status == "ok":
                print()
                print(histogram_text(result, bin_width, hist_limit))
    for problem in run.manifest.get("stream_errors", []):
        print(f"problem: {problem}")


def run_markdown(run: Run) -> str:
    """The run as print_run shows it, in Markdown: a heading, the details as a list, the table."""
    head, *details = run_header(run)
    problems = [f"problem: {p}" for p in run.manifest.get("stream_errors", [])]
    out = [f"### {as_markdown.escape(head)}", ""]
    if details:
        out += [f"- {as_markdown.escape(line)}" for line in details] + [""]
    out.append(as_markdown.render(run_table(run.results, run.manifest.get("clock_hz"))))
    if problems:
        out += [""] + [f"- {as_markdown.escape(line)}" for line in problems]
    return "\n".join(out)
