#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`boot_time`'s phases of runs side by side, as a Markdown table (for docs/guides/catalogue.md).

    python3 scripts/boot_phases.py freertos.json ucos2.json threadx.json
    python3 scripts/boot_phases.py --home DIR 12 13     # stored run ids of another workspace

`boot_time`'s notes hold its phases ("phase c_runtime: 15750 instructions"): one row per phase,
in the order the image reports them, then the total (the result's median; one sample). One column
per run, named by its kernel and version. A run without `boot_time`, or without phases, shows —.

Thin over the package: the table is rtbench/reports/tables/boot_phases.py's (the docs render it
with <!-- rtbench:table-view boot_phases ARGS -->)."""

from __future__ import annotations

import sys

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.reports.tables import registry

if __name__ == "__main__":
    sys.exit(registry.main("boot_phases", sys.argv[1:]))
