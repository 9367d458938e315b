#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Linux row (`--target linux`) as the docs show it: one run on this host, stored with where
and when it was taken, and printed as Markdown with that caption.

    python3 scripts/host_linux.py --measure [--bench GLOBS] [--iterations N]   # run, then store
    python3 scripts/host_linux.py [--rows LABEL ...] [--run FILE]              # print the stored run

The Linux host is not deterministic: its figures are real time on a machine shared with other
work, and a second run differs. So this run is not a reference cell (campaigns/reference.toml):
`scripts/reference_runs.py --check` never compares it, and the caption says on which CPU, which
kernel and when it was measured, and that it is not checked exactly. It is stored as
docs/reference/host/linux.json.gz, without this machine's paths, like the reference runs. The
table is rtbench/reports/tables/host_linux.py's (the docs render it with
<!-- rtbench:table-view host_linux --rows ... -->)."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.errors import RtbenchError
from rtbench.reports import reference_runs
from rtbench.reports.tables import host_linux, registry

ROOT = Path(__file__).resolve().parent.parent


def measure(bench: str | None, iterations: int | None) -> Path:
    """Runs the catalogue on this host in a scratch workspace and stores the run."""
    with tempfile.TemporaryDirectory(prefix="rtbench-host-") as scratch:
        workspace = Path(scratch) / "home"
        out = Path(scratch) / "run.json"
        command = [sys.executable, "-m", "rtbench", "--home", str(workspace), "run", "--target", "linux",
                   "--json", str(out)]
        command += ["--bench", bench] if bench else []
        command += ["--iterations", str(iterations)] if iterations else []
        load_before = os.getloadavg()[0]
        done = subprocess.run(command, cwd=ROOT, check=False)
        load_after = os.getloadavg()[0]
        if not out.is_file():
            raise RtbenchError(f"the Linux run wrote no results (exit status {done.returncode})")
        doc = json.loads(out.read_text(encoding="utf-8"))
        # What else the machine ran meanwhile: the one-minute load average before and after.
        doc["manifest"].setdefault("host", {})["load_average"] = [round(load_before, 2), round(load_after, 2)]
        return reference_runs.write(host_linux.NAME, reference_runs.portable(doc, workspace), host_linux.host_dir())


def main(argv: list[str]) -> int:
    """--measure runs and stores; anything else is the table view `host_linux` (--rows, --run)."""
    if "--measure" not in argv:
        return registry.main("host_linux", argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", action="store_true", help="run the catalogue on this host and store it")
    parser.add_argument("--bench", help="benchmarks to measure (names or globs, comma-separated)")
    parser.add_argument("--iterations", type=int, help="samples per benchmark when measuring")
    args = parser.parse_args(argv)
    try:
        print(f"host_linux: stored {measure(args.bench, args.iterations)}", file=sys.stderr)
    except RtbenchError as err:
        print(f"host_linux: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
