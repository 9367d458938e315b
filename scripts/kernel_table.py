#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Side-by-side medians of several kernels' runs, as a Markdown table (for docs/guides/three-kernels.md).

    rtbench run --os freertos --json freertos.json
    UCOS2_PATH=... rtbench run --os ucos2 --json ucos2.json
    THREADX_PATH=... rtbench run --os threadx --json threadx.json
    python3 scripts/kernel_table.py freertos.json ucos2.json threadx.json

    rtbench run --target vexriscv-sim --cpu-variant minimal,standard --json freertos-vex.json
    python3 scripts/kernel_table.py freertos.json ucos2.json threadx.json freertos-vex.json ...

One column per run (kernel, version, profile), one row per benchmark and parameter set. A run
measured on several hardware variants (vexriscv-sim's `cpu_variant`) gives one column per
variant; when the runs span targets or variants, each column also names its target and variant,
and the columns are grouped by them (every kernel on one platform side by side). A cell is the
median (a split median's two values and the upper group's share), or the status when the
result is not ok; the unit column lists each row's units in
column order. The runs' fairness settings (tick rate, asserts, trace, time slicing,
optimisation) are printed under the table, so a difference in them shows.

Thin over the package: the table is rtbench/reports/tables/kernel_table.py's (the docs render it
with <!-- rtbench:table-view kernel_table ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("kernel_table", sys.argv[1:]))
