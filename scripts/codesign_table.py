#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The co-designed kernel beside software FreeRTOS and beside the co-design study (Pereira et
al.: vTaskSwitchContext 46 cycles, standard deviation 0, at 5/10/15 tasks in hardware; 86-90
cycles, standard deviation about 14, in software): per benchmark and number of tasks N, median,
mean and standard deviation in cycles of two runs (rtbench run --json), and the ratio of means.

    rtbench run --target vexriscv-sim --cpu-variant minimal --os freertos \\
        --bench 'sched_decision,sched_decision_prio,tick_cost,delay_block' --json sw.json
    rtbench run ... --os freertos-codesign ... --json cd.json
    python3 scripts/codesign_table.py sw.json cd.json

Thin over the package: the table is rtbench/reports/tables/codesign_table.py's (the docs render it
with <!-- rtbench:table-view codesign_table ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("codesign_table", sys.argv[1:]))
