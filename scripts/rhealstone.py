#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Rhealstone composite of runs side by side (rtbench/analysis/rhealstone.py says how it is computed).

    python3 scripts/rhealstone.py RUN [RUN ...]     # run files (--json) or stored run ids
    python3 scripts/rhealstone.py --home DIR 12 13  # ids from another workspace
Prints a Markdown table: the six components' medians, their unweighted mean, and Rhealstones per
million units.

Thin over the package: the table is rtbench/reports/tables/rhealstone.py's (the docs render it
with <!-- rtbench:table-view rhealstone ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("rhealstone", sys.argv[1:]))
