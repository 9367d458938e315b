#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Rhealstone composite of runs side by side (rtbench/analysis/rhealstone.py says how it is computed).

    python3 scripts/rhealstone.py RUN [RUN ...]     # run files (--json) or stored run ids
    python3 scripts/rhealstone.py --home DIR 12 13  # ids from another workspace
Prints a Markdown table: the six components' medians, their unweighted mean, and Rhealstones per
million units."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.analysis.rhealstone import COMPONENTS, composite
from rtbench.errors import RtbenchError
from rtbench.paths import Workspace
from rtbench.results.runsource import load_run, run_name


def table(specs: list[str], store: Path) -> str:
    runs = [load_run(spec, store) for spec in specs]
    composites = [composite(run) for run in runs]
    names = [run_name(run, spec) for run, spec in zip(runs, specs)]
    lines = ["| Rhealstone component | rtbench benchmark | " + " | ".join(names) + " |",
             "| --- | --- | " + " | ".join("---:" for _ in names) + " |"]
    for label, bench in COMPONENTS:
        lines.append(f"| {label} | {bench} | " + " | ".join(str(c.medians[bench]) for c in composites) + " |")
    lines.append("| **mean of the six (unweighted)** | | " + " | ".join(f"{c.mean:.1f}" for c in composites) + " |")
    lines.append("| **Rhealstones per million " + composites[0].unit + "** | | "
                 + " | ".join(f"{c.per_million:.1f}" for c in composites) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", nargs="+", help="run JSON files or stored run ids")
    parser.add_argument("--home", type=Path, default=None, help="the workspace whose store holds the run ids")
    args = parser.parse_args()
    workspace = Workspace(args.home) if args.home else Workspace.default()
    try:
        print(table(args.runs, workspace.store))
    except RtbenchError as err:
        print(f"rhealstone: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
