#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Cycles beside retired instructions on vexriscv-sim's `full` variant, as a Markdown table: per
benchmark of the instructions run, the median cycles of the cycles run, the median retired
instructions and cycles per instruction (their ratio). The two are separate runs (rtbench run
--json): `--count instructions` builds another image, so the samples are not the same ones.

    rtbench run --target vexriscv-sim --cpu-variant full --json cycles.json
    rtbench run --target vexriscv-sim --cpu-variant full --count instructions --json instructions.json
    python3 scripts/instructions_table.py cycles.json instructions.json

A cycles run of several CPU variants is read on one (--cpu-variant, default full).

Thin over the package: the table is rtbench/reports/tables/instructions_table.py's (the docs render it
with <!-- rtbench:table-view instructions_table ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("instructions_table", sys.argv[1:]))
