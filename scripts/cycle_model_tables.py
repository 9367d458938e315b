#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Prints the timing model's tables as Markdown, for docs/guides/cycle-model.md:

    python3 scripts/cycle_model_tables.py model      # the model: each class's cycles per core
    python3 scripts/cycle_model_tables.py cases      # the TRM's cases: the TRM's cycles and the model's
    python3 scripts/cycle_model_tables.py coremark   # CoreMark/MHz beside Arm's figures
    python3 scripts/cycle_model_tables.py dhrystone  # DMIPS/MHz beside Arm's figures
    python3 scripts/cycle_model_tables.py coremark --work   # instructions per iteration, cycles per instruction
    python3 scripts/cycle_model_tables.py kernels A.json B.json C.json [--all]
        # runs of several kernels with --cycles-model: the results whose kernels rank otherwise
        # in model cycles than in instructions (--all: every result), and which

The last three read the stored validation run (docs/reference/cycle-model/validation.json.gz,
scripts/cycle_model_validation.py); --runs DIR reads it from DIR instead."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rtbench.errors import RtbenchError
from rtbench.reports import model_tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", choices=("model", "cases", "coremark", "dhrystone", "kernels"))
    parser.add_argument("runs_files", nargs="*", metavar="RUN.json", help="kernels: the runs, one per kernel")
    parser.add_argument("--all", action="store_true", help="kernels: every result, not only those ranked otherwise")
    parser.add_argument("--runs", type=Path, help="the folder of the stored validation run")
    parser.add_argument("--work", action="store_true",
                        help="coremark, dhrystone: the instructions per iteration and cycles per instruction instead")
    args = parser.parse_args(argv)
    try:
        if args.table == "kernels":
            docs = [json.loads(Path(path).read_text(encoding="utf-8")) for path in args.runs_files]
            if len(docs) < 2:
                raise RtbenchError("kernels takes two runs or more", "give the runs' JSON files")
            names = [str(doc["manifest"]["kernel"]["name"]) for doc in docs]
            print(model_tables.kernels_table(docs, names, every=args.all))
        elif args.table == "model":
            print(model_tables.model_table())
        elif args.table == "cases":
            print(model_tables.cases_table(args.runs))
        elif args.work:
            print(model_tables.work_table(args.table, args.runs))
        else:
            print(model_tables.programs_table(args.table, args.runs))
    except RtbenchError as err:
        print(f"rtbench: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
