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
subset's file count and size."""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "firmware" / "os" / "rtems"
BSP = "arm/realview_pbx_a9_qemu"
# Kept whole, read or not: how the tree is built and configured, and its licences.
ALWAYS = ("spec", "yaml", "wscript", "waf", "gccdeps.py", "LICENSE.md", "README.md", "VERSION")
# A file strace saw opened read-only (with -y: the path after the returned descriptor).
_OPENED = re.compile(r"open(?:at)?\(.*?, (O_RDONLY[A-Z_|]*)[,)].*= \d+<(.+)>$")


def bsp_config(bsp: str, opt: str, copy: Path, tmtests: bool) -> str:
    """rtbench's BSP options (bsp.ini.in, as os.cmake fills it), with the timing tests if asked."""
    text = (PORT / "bsp.ini.in").read_text()
    for name, value in (("RTB_RTEMS_BSP", bsp), ("RTB_RTEMS_OPT", opt), ("RTB_RTEMS_COPY", str(copy))):
        text = text.replace(f"@{name}@", value)
    if tmtests:
        text += "BUILD_TMTESTS = True\n"
    return text


def tools_dir() -> Path:
    root = Path(os.environ.get("RTEMS_TOOLS") or REPO / ".rtbench" / "rtems-tools") / "bin"
    if not (root / "arm-rtems6-gcc").exists():
        sys.exit(f"rtems_subset: no arm-rtems6-gcc in {root}: build it with scripts/rtems_toolchain.sh "
                 "and set RTEMS_TOOLS to its folder")
    return root


def build(tree: Path, work: Path, bsp: str, tmtests: bool, trace: Path | None) -> Path:
    """RTEMS built from `tree` in `work` as rtbench builds it (traced into `trace` if given);
    returns the copy the build ran in."""
    work.mkdir(parents=True, exist_ok=True)
    config = work / "bsp.ini"
    config.write_text(bsp_config(bsp, "-O2", work / "rtems", tmtests))
    command = ["sh", str(PORT / "build_kernel.sh"), str(tree), str(work), str(config), str(tools_dir()),
               str(work / "built.stamp")]
    if trace is not None:
        command = ["strace", "-f", "-qq", "-y", "-e", "trace=open,openat", "-e", "status=successful",
                   "-o", str(trace), *command]
    print(f"rtems_subset: building {bsp} from {tree}" + (" under strace" if trace else ""), file=sys.stderr)
    subprocess.run(command, check=True)
    return work / "rtems"


def read_files(trace: Path, copy: Path) -> set[str]:
    """The copy's files that the build opened for reading, relative to it (not its own build)."""
    prefix = str(copy) + "/"
    found = set()
    for line in trace.read_text(errors="replace").splitlines():
        match = _OPENED.search(line)
        if not match or "O_DIRECTORY" in match.group(1) or not match.group(2).startswith(prefix):
            continue
        relative = match.group(2)[len(prefix):]
        if not relative.startswith(("build/", ".waf")) and not relative.startswith(".lock"):
            found.add(relative)
    return found


def always_kept(tree: Path) -> set[str]:
    kept = set()
    for name in ALWAYS:
        path = tree / name
        if path.is_dir():
            kept |= {str(p.relative_to(tree)) for p in path.rglob("*") if p.is_file()}
        elif path.is_file():
            kept.add(name)
    return kept


def extract(tree: Path, copy: Path, files: set[str], out: Path) -> tuple[int, int]:
    """Copies the files (from the tree; VERSION from the build's copy) into `out`; count, bytes."""
    if out.exists():
        shutil.rmtree(out)
    count = size = 0
    for relative in sorted(files):
        source = tree / relative
        if not source.is_file():
            source = copy / relative  # VERSION, written from the tree's tag
        if not source.is_file():
            continue
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        count += 1
        size += target.stat().st_size
    return count, size


def library_objects(copy: Path, bsp: str) -> dict[str, str]:
    """Each installed library's members and their SHA-256."""
    ar = tools_dir() / "arm-rtems6-ar"
    libdir = copy.parent / "install" / "arm-rtems6" / bsp.split("/")[1] / "lib"
    digests = {}
    for library in sorted(libdir.glob("*.a")):
        with tempfile.TemporaryDirectory() as scratch:
            subprocess.run([str(ar), "x", str(library)], cwd=scratch, check=True)
            for member in sorted(Path(scratch).iterdir()):
                digests[f"{library.name}({member.name})"] = hashlib.sha256(member.read_bytes()).hexdigest()
    return digests


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", type=Path, required=True, help="an RTEMS tree (RTEMS_PATH)")
    parser.add_argument("--out", type=Path, required=True, help="where the subset goes (replaced)")
    parser.add_argument("--bsp", default=BSP, help=f"the BSP rtbench builds (default {BSP})")
    parser.add_argument("--tmtests", action="store_true", help="also what RTEMS's timing tests read")
    parser.add_argument("--work", type=Path, help="where to build (default: a temporary folder)")
    parser.add_argument("--verify", action="store_true", help="build the subset again and compare the libraries")
    args = parser.parse_args()
    tree = args.tree.resolve()
    with tempfile.TemporaryDirectory(prefix="rtems-subset-") as scratch:
        work = (args.work or Path(scratch)).resolve()
        trace = work / "strace.txt"
        copy = build(tree, work / "traced", args.bsp, args.tmtests, trace)
        files = read_files(trace, copy) | always_kept(tree)
        count, size = extract(tree, copy, files, args.out.resolve())
        total = sum(1 for p in tree.rglob("*") if p.is_file() and ".git" not in p.parts)
        print(f"rtems_subset: {count} of {total} files, {size / 1e6:.1f} MB, in {args.out}")
        if args.verify:
            again = build(args.out.resolve(), work / "verify", args.bsp, args.tmtests, None)
            expected, built = library_objects(copy, args.bsp), library_objects(again, args.bsp)
            differ = sorted(name for name in expected.keys() | built.keys() if expected.get(name) != built.get(name))
            if differ:
                print(f"rtems_subset: the subset builds other objects: {', '.join(differ[:10])}", file=sys.stderr)
                return 1
            print(f"rtems_subset: the subset builds the same {len(built)} library objects as the tree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
