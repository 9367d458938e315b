#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Measures the timing model's validation run (the TRM's cases, CoreMark and Dhrystone on every
modelled core) and stores it as docs/reference/cycle-model/validation.json.gz, or checks the
stored one exactly.

    python3 scripts/cycle_model_validation.py --coremark ~/src/coremark --dhrystone ~/src/dhrystone
    python3 scripts/cycle_model_validation.py --coremark ... --dhrystone ... --check

CoreMark and Dhrystone are not part of rtbench: give a CoreMark tree or a git repository of it
(github.com/eembc/coremark) and a Dhrystone 2.1 tree with dhry_1.c, dhry_2.c and dhry.h
(github.com/sifive/benchmark-dhrystone); without them only the TRM's cases are measured, and
the stored programs are kept. The builds and the plugin's logs go to a temporary folder."""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rtbench.acquire import model_programs
from rtbench.acquire import model_validation as validation_run
from rtbench.errors import RtbenchError
from rtbench.paths import REPO_DIR
from rtbench.reports import model_validation, reference_runs

STORED = REPO_DIR / "docs" / "reference" / "cycle-model"


def _progress(line: str) -> None:
    print(f"validation: {line}", file=sys.stderr, flush=True)


def _sources(args: argparse.Namespace) -> dict[str, Path]:
    found = {}
    if args.coremark:
        found["coremark"] = model_programs.sources(args.coremark, model_programs.COREMARK_FILES, "coremark")
    if args.dhrystone:
        found["dhrystone"] = model_programs.sources(args.dhrystone, model_programs.DHRYSTONE_FILES, "dhrystone")
    return found


def _keep_stored_programs(document: dict, stored: dict, sources: dict[str, Path]) -> dict:
    """The stored programs' results and manifest where this measurement had not their sources."""
    kept = [r for r in stored["results"] if r["bench"] in ("coremark", "dhrystone") and r["bench"] not in sources]
    document["results"] += kept
    document["manifest"]["programs"] = {**stored["manifest"].get("programs", {}), **document["manifest"]["programs"]}
    return document


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coremark", type=Path, help="a CoreMark tree or git repository")
    parser.add_argument("--dhrystone", type=Path, help="a Dhrystone 2.1 tree or git repository")
    parser.add_argument("--check", action="store_true", help="compare with the stored run, store nothing")
    parser.add_argument("--out", type=Path, default=STORED,
                        help="the folder to store the run in (default: docs/reference/cycle-model/)")
    args = parser.parse_args(argv)
    try:
        sources = _sources(args)
        with tempfile.TemporaryDirectory(prefix="rtbench-validation-") as scratch:
            document = model_validation.document(validation_run.measure(sources, Path(scratch), _progress))
        path = reference_runs.path_of(model_validation.NAME, args.out)
        stored = reference_runs.load(model_validation.NAME, args.out) if path.is_file() else None
        if stored is not None:
            document = _keep_stored_programs(document, stored, sources)
        if args.check:
            if stored is None:
                raise RtbenchError(f"no stored validation run at {path}", "measure it first (without --check)")
            found = model_validation.changes(stored, document)
            for line in found:
                print(line)
            print(f"{len(found)} figure(s) changed" if found else "every figure is the stored one")
            return 1 if found else 0
        _progress(f"stored {reference_runs.write(model_validation.NAME, document, args.out)}")
        return 0
    except RtbenchError as err:
        print(f"rtbench: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
