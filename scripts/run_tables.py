#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Markdown tables from run files (`rtbench run --json`, or the reference runs), for the guides.

    python3 scripts/run_tables.py ratio A.json B.json --rows task_switch 'delay_block[tasks=0]' [--names A B]
        # medians of A and B and B/A, one row per result label
    python3 scripts/run_tables.py stats A.json B.json --rows periodic_jitter [--names 'A' 'B']
        # one row per run and result: n, min, median, p99, max, jitter (max - min), stddev
    python3 scripts/run_tables.py phases A.json B.json
        # boot_time and its phases (the result's notes), one column per run
    python3 scripts/run_tables.py variants A.json --rows task_switch irq_latency [--names ...]
        # a run on several CPU variants: per variant, how many results are ok, unsupported and
        # failed, the rows' medians, and every failure with its reason
    python3 scripts/run_tables.py clocks A.json B.json --clocks 100MHz 150MHz --rows task_switch [--names ...]
        # runs in cycles on different cores side by side: each run's median in cycles and in
        # microseconds at the clock given for its core

Each table is followed by a caption naming every run and what produced it (kernel, source,
image, rtbench commit). A result that is not ok shows its status; a missing one, an em dash; a
split median its two values and the upper group's share (`384 | 413 (51 %)`), and a ratio of
split medians the range of its values' ratios (docs/concepts/statistics.md).

Thin over the package: the table is rtbench/reports/tables/run_tables.py's (the docs render it
with <!-- rtbench:table-view run_tables ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("run_tables", sys.argv[1:]))
