# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Every table view by name: NAME -> a function of the view's arguments that returns Markdown.
The docs marker <!-- rtbench:table-view NAME ARGS --> renders VIEWS[NAME](ARGS) in the site's
build; `python3 scripts/NAME.py ARGS` prints the same through main()."""
from __future__ import annotations

import sys
from collections.abc import Callable

from ...errors import RtbenchError
from . import (
    boot_phases,
    codesign_table,
    cycle_model_tables,
    host_linux,
    host_speed,
    hwsched_table,
    instructions_table,
    kernel_table,
    rhealstone,
    rtems_tmtests,
    run_tables,
    soc_speed,
    split_medians,
)

View = Callable[[list[str]], str]

VIEWS: dict[str, View] = {
    "boot_phases": boot_phases.render,
    "codesign_table": codesign_table.render,
    "cycle_model_tables": cycle_model_tables.render,
    "host_linux": host_linux.render,
    "hwsched_table": hwsched_table.render,
    "instructions_table": instructions_table.render,
    "kernel_table": kernel_table.render,
    "rhealstone": rhealstone.render,
    "rtems_tmtests": rtems_tmtests.render,
    "run_tables": run_tables.render,
    "split_medians": split_medians.render,
    **host_speed.VIEWS,
    **soc_speed.VIEWS,
}


def render(name: str, argv: list[str]) -> str:
    """The view NAME of these arguments, as Markdown."""
    view = VIEWS.get(name)
    if view is None:
        raise RtbenchError(f"no table view {name!r}", "one of: " + ", ".join(sorted(VIEWS)))
    return view(argv)


def main(name: str, argv: list[str]) -> int:
    """A thin script's whole job: the view printed, or its error with exit status 2."""
    try:
        print(render(name, argv))
    except RtbenchError as err:
        print(f"{name}: error: {err}", file=sys.stderr)
        return 2
    return 0
