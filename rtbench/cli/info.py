# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What rtbench knows about: list (targets, boards, CPU variants, kernels, benchmarks) and sources (where
kernels come from)."""
from __future__ import annotations

import argparse
import json

from ..acquire import platforms, sources
from ..errors import RtbenchError


def cmd_list(args: argparse.Namespace) -> int:
    from ..reports import listing

    found = listing.document()
    print(json.dumps(found, indent=1) if args.json else listing.text(found))
    return 0


def cmd_sources(args: argparse.Namespace) -> int:
    for kernel in platforms.kernels():
        print(f"{kernel.name}: {sources.describe(kernel)}")
        if args.locate:
            try:
                found = sources.locate(kernel)
                print(f"  -> {found.path or 'no tree'} ({found.version}, {found.origin})")
            except RtbenchError as err:
                print(f"  -> not available: {err}")
    return 0


def add_list(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command = sub.add_parser("list", help="targets, boards, CPU variants, kernels and benchmarks, grouped")
    command.add_argument("--json", action="store_true",
                         help="print it as one JSON document (rtbench-list/1) instead of text")
    command.set_defaults(func=cmd_list)


def add_sources(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    src = sub.add_parser("sources", help="where each kernel's source comes from")
    src.add_argument("--locate", action="store_true", help="also fetch/locate it now")
    src.set_defaults(func=cmd_sources)
