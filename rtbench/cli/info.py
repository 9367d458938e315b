# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What rtbench knows about: list (targets, kernels, benchmarks) and sources (where kernels come from)."""
from __future__ import annotations

import argparse

from ..acquire import boards, catalogue, platforms, sources
from ..errors import RtbenchError


def cmd_list(args: argparse.Namespace) -> int:
    print("targets:")
    for target in platforms.targets():
        print(f"  {target.name:<18} {target.summary}")
    print(f"  {'board':<18} a real board through its UART and a GDB server (--board NAME|FILE --serial --gdb); "
          f"shipped: {', '.join(boards.known_boards())}")
    print("kernels:")
    for kernel in platforms.kernels():
        print(f"  {kernel.name:<18} {kernel.summary} (profiles: {', '.join(kernel.profiles)})")
    print("benchmarks:")
    for bench in catalogue.scan():
        extra = []
        if bench.param and bench.values:
            extra.append(f"{bench.param} in {{{', '.join(map(str, bench.values))}}}")
        if bench.count:
            extra.append(f"{bench.count} samples" + (f" (option {bench.count_key})" if bench.count_key else "")
                         + (f" x option {bench.count_per_key}" if bench.count_per_key else ""))
        if bench.host:
            extra.append("computed by the host from the image")
        print(f"  {bench.name:<18} {bench.summary}" + (f" [{'; '.join(extra)}]" if extra else ""))
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
    sub.add_parser("list", help="targets, kernels and benchmarks").set_defaults(func=cmd_list)


def add_sources(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    src = sub.add_parser("sources", help="where each kernel's source comes from")
    src.add_argument("--locate", action="store_true", help="also fetch/locate it now")
    src.set_defaults(func=cmd_sources)
