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
scripts/cycle_model_validation.py); --runs DIR reads it from DIR instead.

Thin over the package: the table is rtbench/reports/tables/cycle_model_tables.py's (the docs render it
with <!-- rtbench:table-view cycle_model_tables ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("cycle_model_tables", sys.argv[1:]))
