#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The software-vs-hardware scheduler table, in the shape of the published one: the switch
decision (sched_decision) and the tick (tick_cost) per number of tasks N, plus going to sleep
(delay_block), where the timer bank replaces a sorted-list insertion; mean and standard
deviation in cycles, for a software run and a hardware run (rtbench run --json).

    rtbench run --target vexriscv-sim --os freertos --bench 'sched_decision,tick_cost,delay_block' --json sw.json
    rtbench run --target vexriscv-sim --os freertos-hw --bench 'sched_decision,tick_cost,delay_block' --json hw.json
    python3 scripts/hwsched_table.py sw.json hw.json

A run of several CPU variants (--cpu-variant minimal,standard) is read one variant at a time:
--cpu-variant V keeps its results on V (and a single-variant run's, which carry no variant).
The table is Markdown, so the documentation renders it from the reference runs.

Thin over the package: the table is rtbench/reports/tables/hwsched_table.py's (the docs render it
with <!-- rtbench:table-view hwsched_table ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("hwsched_table", sys.argv[1:]))
