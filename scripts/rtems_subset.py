#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The part of an RTEMS tree that rtbench's builds read, for CI's kernel trees.

RTEMS's repository is about 180 MB; rtbench builds one BSP of it. This runs the kernel's build
as rtbench runs it (firmware/os/rtems/build_kernel.sh: RTEMS's waf configure, build and install
with rtbench's BSP options), under strace, and keeps every file of the tree that the build
opened for reading (waf's spec items, the sources the BSP compiles, the headers they include and
those it installs), with every build and configuration file besides (spec/, wscript, waf, yaml/,
the top-level files). With --tmtests the build includes RTEMS's timing tests, for
scripts/rtems_tmtests.py. The tree's VERSION (written from its git tag when it has none) goes
with it, so the subset's kernel reports the tree's version.

    RTEMS_TOOLS=... python3 scripts/rtems_subset.py --tree RTEMS_PATH --out DIR [--tmtests]
    RTEMS_TOOLS=... python3 scripts/rtems_subset.py --tree RTEMS_PATH --out DIR --verify

--verify builds the subset again, without tracing, and checks that its installed libraries hold
the same objects as the traced build's: the subset builds what the tree builds. It prints the
subset's file count and size. The work is rtbench.acquire.rtems_subset's."""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.acquire import rtems_subset as subset
from rtbench.errors import RtbenchError


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", type=Path, required=True, help="an RTEMS tree (RTEMS_PATH)")
    parser.add_argument("--out", type=Path, required=True, help="where the subset goes (replaced)")
    parser.add_argument("--bsp", default=subset.BSP, help=f"the BSP rtbench builds (default {subset.BSP})")
    parser.add_argument("--tmtests", action="store_true", help="also what RTEMS's timing tests read")
    parser.add_argument("--work", type=Path, help="where to build (default: a temporary folder)")
    parser.add_argument("--verify", action="store_true", help="build the subset again and compare the libraries")
    return parser.parse_args()


def run(args: argparse.Namespace, work: Path) -> int:
    tree, out = args.tree.resolve(), args.out.resolve()
    subset.tools_dir()  # before a build starts: it needs RTEMS's toolchain
    print(f"rtems_subset: building {args.bsp} from {tree} under strace", file=sys.stderr)
    copy = subset.build(tree, work / "traced", args.bsp, args.tmtests, work / "strace.txt")
    files = subset.read_files(work / "strace.txt", copy) | subset.always_kept(tree)
    count, size = subset.extract(tree, copy, files, out)
    print(f"rtems_subset: {count} of {subset.tree_files(tree)} files, {size / 1e6:.1f} MB, in {args.out}")
    if not args.verify:
        return 0
    print(f"rtems_subset: building {args.bsp} from {out}", file=sys.stderr)
    again = subset.build(out, work / "verify", args.bsp, args.tmtests, None)
    built = subset.library_objects(again, args.bsp)
    differ = subset.differing_objects(subset.library_objects(copy, args.bsp), built)
    if differ:
        print(f"rtems_subset: the subset builds other objects: {', '.join(differ[:10])}", file=sys.stderr)
        return 1
    print(f"rtems_subset: the subset builds the same {len(built)} library objects as the tree")
    return 0


def main() -> int:
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="rtems-subset-") as scratch:
        try:
            return run(args, (args.work or Path(scratch)).resolve())
        except RtbenchError as err:
            print(f"rtems_subset: error: {err}", file=sys.stderr)
            return 2


if __name__ == "__main__":
    sys.exit(main())
