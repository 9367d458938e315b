#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Cross-check for the RTEMS port: RTEMS's own timing tests (testsuites/tmtests), built for the
same BSP with the same BSP options as rtbench's kernel (firmware/os/rtems/bsp.ini.in, plus
BUILD_TMTESTS) and run on the same QEMU machine under the same -icount as `rtbench run --target
qemu-a9 --os rtems`, set beside rtbench's figures for the directives both time.

A timing test prints each directive's average in the BSP's benchmark timer, RTEMS's CPU counter:
the A9 global timer, rtbench's timestamp counter too. Its ticks x 5/16 are instructions, as
rtbench converts its own (docs/concepts/units.md). The test subtracts its own loop and timer-read
overhead, as rtbench subtracts its timestamp read.

    RTEMS_PATH=... RTEMS_TOOLS=... python3 scripts/rtems_tmtests.py --record [--work DIR]
    python3 scripts/rtems_tmtests.py --show RUN.json     # the table beside a stored run (Markdown)

--record stores the figures (and each test's output) in docs/reference/rtems-tmtests.json; the
figures are deterministic, so --check measures them again and compares."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rtbench.acquire import platforms  # noqa: E402
from rtbench.acquire.runners import qemu  # noqa: E402
from rtbench.reports.tables import registry  # noqa: E402

RECORD = REPO / "docs" / "reference" / "rtems-tmtests.json"
SCHEMA = "rtbench-rtems-tmtests/1"
BSP = "arm/realview_pbx_a9_qemu"
_FIGURE = re.compile(r"^(\S.*?) - (-?\d+)\s*$")
def bsp_config(copy: Path) -> str:
    text = (REPO / "firmware" / "os" / "rtems" / "bsp.ini.in").read_text()
    for name, value in (("RTB_RTEMS_BSP", BSP), ("RTB_RTEMS_OPT", "-O2"), ("RTB_RTEMS_COPY", str(copy))):
        text = text.replace(f"@{name}@", value)
    return text + "BUILD_TMTESTS = True\n"


def target_spec() -> dict[str, Any]:
    """qemu-a9 as it runs RTEMS: its machine, -icount and toolchain folder."""
    return platforms.for_kernel(platforms.find_target("qemu-a9"), platforms.find_kernel("rtems")).spec


def build(tree: Path, work: Path) -> Path:
    spec = target_spec()
    work.mkdir(parents=True, exist_ok=True)
    config = work / "bsp.ini"
    config.write_text(bsp_config(work / "rtems"))
    subprocess.run(["sh", str(REPO / "firmware" / "os" / "rtems" / "build_kernel.sh"), str(tree), str(work),
                    str(config), spec["tools_dir"], str(work / "built.stamp")], check=True)
    return work / "rtems" / "build" / BSP.split("/")[0] / BSP.split("/")[1]


def run_test(exe: Path, seconds: float) -> tuple[list[dict[str, Any]], str]:
    """One timing test in QEMU: its figures (message, ticks) and how it ended."""
    spec = target_spec()["qemu"]
    command = [spec["binary"], "-machine", spec["machine"], "-cpu", spec["cpu"], "-display", "none",
               "-monitor", "none", "-serial", "stdio", *qemu.icount(spec), *spec.get("extra", []),
               "-no-reboot", "-kernel", str(exe)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds, stdin=subprocess.DEVNULL)
        output, ended = done.stdout, "reset"
    except subprocess.TimeoutExpired as err:
        output, ended = (err.stdout or b"").decode(errors="replace"), "timeout"
    figures = [{"message": m.group(1), "ticks": int(m.group(2))}
               for m in map(_FIGURE.match, output.splitlines()) if m]
    if "*** END OF TEST" in output:
        ended = "end of test"
    return figures, ended


def measure(tree: Path, work: Path) -> dict[str, Any]:
    built = build(tree, work)
    tests: dict[str, Any] = {}
    for exe in sorted(built.glob("testsuites/tmtests/tm[0-9]*.exe")):
        print(f"rtems_tmtests: {exe.stem}", file=sys.stderr)
        figures, ended = run_test(exe, 300.0)
        tests[exe.stem] = {"figures": figures, "ended": ended}
    spec = target_spec()
    version = (work / "rtems" / "VERSION").read_text().split("=")[-1].strip() if (work / "rtems" / "VERSION").exists() \
        else "unknown"
    compiler = subprocess.run([str(Path(spec["tools_dir"]) / "arm-rtems6-gcc"), "--version"], capture_output=True,
                              text=True).stdout.splitlines()[0]
    return {"schema": SCHEMA, "rtems": {"version": version, "bsp": BSP, "options": bsp_config(Path("/rtbench/kernel")),
                                        "compiler": compiler},
            "qemu": {**qemu.describe(platforms.for_kernel(platforms.find_target("qemu-a9"),
                                                          platforms.find_kernel("rtems")))},
            "unit": "ticks of the A9 global timer (10 ns of virtual time); x 5/16 = instructions",
            "tests": tests}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", action="store_true", help=f"measure and store in {RECORD.relative_to(REPO)}")
    what.add_argument("--check", action="store_true", help="measure and compare with the stored figures")
    what.add_argument("--show", type=Path, metavar="RUN.json", help="the table beside a stored rtbench run")
    parser.add_argument("--work", type=Path, help="where to build (default: a temporary folder)")
    args = parser.parse_args()
    if args.show:
        return registry.main("rtems_tmtests", [str(args.show), "--record", str(RECORD)])
    import os

    tree = os.environ.get("RTEMS_PATH")
    if not tree:
        print("rtems_tmtests: set RTEMS_PATH to an RTEMS tree (and RTEMS_TOOLS to its toolchain)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="rtems-tmtests-") as scratch:
        measured = measure(Path(tree).resolve(), (args.work or Path(scratch)).resolve())
    if args.record:
        RECORD.write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n")
        print(f"rtems_tmtests: {sum(len(t['figures']) for t in measured['tests'].values())} figures of "
              f"{len(measured['tests'])} tests in {RECORD.relative_to(REPO)}")
        return 0
    stored = json.loads(RECORD.read_text())
    changed = [name for name in sorted(set(stored["tests"]) | set(measured["tests"]))
               if stored["tests"].get(name) != measured["tests"].get(name)]
    print("rtems_tmtests: " + ("every figure is the stored one" if not changed else f"changed: {', '.join(changed)}"))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
