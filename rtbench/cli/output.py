# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Where the commands print: progress on stderr (-q, -v), runs on stdout (drawn by
reports/run_text.py), runs into JSON files, and a rescue file when the store cannot take a run."""
from __future__ import annotations

import datetime
import json
import os
import sys
import tempfile
from pathlib import Path

from .. import files
from ..errors import RtbenchError
from ..model import Run
from ..paths import Workspace
from ..reports.report import run_to_json
from ..reports.run_text import run_text

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
    try:
        is_dir, folder_exists = path.is_dir(), folder.is_dir()
    except OSError as err:  # a name too long (Errno 36)
        raise RtbenchError(f"{flag} {path} cannot be written: {err.strerror or err}",
                           "give a shorter path") from None
    if is_dir:
        raise RtbenchError(f"{flag} {path} is a directory", "give a file name")
    if not folder_exists:
        raise RtbenchError(f"{flag} {path}: the directory {folder} does not exist", f"create it: mkdir -p {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise RtbenchError(f"{flag} {path} cannot be written", "give a writable location")


def write_json(run: Run, path: Path, bin_width: int | None = None, hist_limit: int | None = None) -> None:
    text = json.dumps(run_to_json(run, bin_width=bin_width, hist_limit=hist_limit), indent=1, allow_nan=False) + "\n"
    files.write_whole(path, text)
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


def print_run(run: Run, histograms: bool = False, bin_width: int | None = None,
              hist_limit: int | None = None) -> None:
    print(run_text(run, histograms, bin_width, hist_limit))
