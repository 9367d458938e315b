# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The timing model's tables as Markdown, for docs/guides/cycle-model.md (the view
`cycle_model_tables`; scripts/cycle_model_tables.py prints it; the tables are
rtbench/reports/model_tables.py's):

    cycle_model_tables model      # the model: each class's cycles per core
    cycle_model_tables cases      # the TRM's cases: the TRM's cycles and the model's
    cycle_model_tables coremark   # CoreMark/MHz beside Arm's figures
    cycle_model_tables dhrystone  # DMIPS/MHz beside Arm's figures
    cycle_model_tables coremark --work   # instructions per iteration, cycles per instruction
    cycle_model_tables kernels A.json B.json C.json [--all]
        # runs of several kernels with --cycles-model: the results whose kernels rank otherwise
        # in model cycles than in instructions (--all: every result), and which

The last three read the stored validation run (docs/reference/cycle-model/validation.json.gz,
scripts/cycle_model_validation.py); --runs DIR reads it from DIR instead."""
from __future__ import annotations

from pathlib import Path

from ...errors import RtbenchError
from .. import model_tables
from . import kernel_table
from .arguments import parser


def render(argv: list[str]) -> str:
    args_parser = parser("cycle_model_tables", "The timing model's tables as Markdown.")
    args_parser.add_argument("table", choices=("model", "cases", "coremark", "dhrystone", "kernels"))
    args_parser.add_argument("runs_files", nargs="*", metavar="RUN.json", help="kernels: the runs, one per kernel")
    args_parser.add_argument("--all", action="store_true",
                             help="kernels: every result, not only those ranked otherwise")
    args_parser.add_argument("--runs", type=Path, help="the folder of the stored validation run")
    args_parser.add_argument("--work", action="store_true",
                             help="coremark, dhrystone: the instructions per iteration and cycles per instruction")
    args = args_parser.parse_args(argv)
    if args.table == "kernels":
        docs = [kernel_table.load(Path(path)) for path in args.runs_files]
        if len(docs) < 2:
            raise RtbenchError("kernels takes two runs or more", "give the runs' JSON files")
        names = [str(doc["manifest"]["kernel"]["name"]) for doc in docs]
        return model_tables.kernels_table(docs, names, every=args.all)
    if args.table == "model":
        return model_tables.model_table()
    if args.table == "cases":
        return model_tables.cases_table(args.runs)
    if args.work:
        return model_tables.work_table(args.table, args.runs)
    return model_tables.programs_table(args.table, args.runs)
