#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A newcomer's first minutes: the README's first command, `scripts/setup.sh && python3 -m
rtbench run`, timed. Target: under 60 s on a fresh machine.

    python3 scripts/first_minutes.py                 # on this machine as it is (set-up is a no-op here)
    python3 scripts/first_minutes.py --fresh         # first remove what the main job's set-up installs
    python3 scripts/first_minutes.py --fresh --record docs/reference/host/first-minutes.json
    python3 scripts/first_minutes.py --show [FILE]   # the recorded figures as Markdown, for the docs

--fresh removes what `scripts/setup.sh` would install on a new machine of this project's kind
(the Debian packages of the main part that such a machine lacks, with what apt installed for
them; rtbench and the Python packages of its dependencies; the kernel crate in cargo's cache),
so that the set-up installs them again: run it on a machine of your own, not one you share. The
run goes to a new temporary workspace, so its image is built from nothing. Host time: not
checked exactly; another machine or network gives other figures."""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from _host_record import HOST, add_options, show, stamp, timed, write

from rtbench.reports.tables import host_speed

ROOT = Path(__file__).resolve().parent.parent
RECORD = HOST / "first-minutes.json"
# What a new machine of this project's kind has before the set-up (../.library's machine notes):
# these main-part packages stay; the rest is removed by --fresh.
PREINSTALLED = {"cmake", "ninja-build", "git", "cargo"}
# Python packages a new machine has (the base dependencies that stay installed).
PREINSTALLED_PYTHON = {"jsonschema"}


def main_part() -> dict:
    return tomllib.loads((ROOT / "rtbench" / "data" / "setup_parts.toml").read_text())["main"]


def _requirement_name(text: str) -> str:
    for mark in "[<>=!~ ;":
        text = text.split(mark)[0]
    return text.strip()


def make_fresh() -> list[str]:
    """Removes what the main part installs on a new machine; returns what was removed."""
    part = main_part()
    debs = [d for d in [*part.get("commands", {}).values(), *part.get("packages", [])] if d not in PREINSTALLED]
    as_root = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run([*as_root, "apt-get", "purge", "-y", "-qq", *debs], check=True, capture_output=True)
    subprocess.run([*as_root, "apt-get", "autoremove", "--purge", "-y", "-qq"], check=True, capture_output=True)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    python = [n for n in map(_requirement_name, project["dependencies"]) if n not in PREINSTALLED_PYTHON]
    subprocess.run([sys.executable, "-m", "pip", "uninstall", "-y", "-q", "rtbench", *python], check=True,
                   capture_output=True)
    crates = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo")) / "registry"
    removed = [*debs, "rtbench", *python]
    for folder in ("cache", "src"):
        for crate in crates.glob(f"{folder}/*/freertos-next-*"):
            shutil.rmtree(crate) if crate.is_dir() else crate.unlink()
            removed.append(f"cargo {folder} {crate.name}")
    return removed


def measure(fresh: bool) -> dict:
    removed = make_fresh() if fresh else []
    load = os.getloadavg()[0]
    setup_s, _ = timed(["bash", str(ROOT / "scripts" / "setup.sh")])
    with tempfile.TemporaryDirectory() as home:
        run_s, _ = timed([sys.executable, "-m", "rtbench", "--home", home, "run"], allowed=(0, 1))
    return {**stamp(load), "fresh": fresh, "removed_first": removed,
            "seconds": {"setup": round(setup_s, 3), "run": round(run_s, 3), "total": round(setup_s + run_s, 3)}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="first remove what the main job's set-up installs")
    add_options(parser, RECORD)
    args = parser.parse_args()
    if args.show:
        show(args.show, host_speed.first_minutes)
        return 0
    data = measure(args.fresh)
    seconds = data["seconds"]
    goal = host_speed.FIRST_MINUTES_GOAL_S
    print(f"setup {seconds['setup']:.1f} s + run {seconds['run']:.1f} s = {seconds['total']:.1f} s "
          f"(goal {goal:.0f} s: {'met' if seconds['total'] < goal else 'MISSED'})")
    if args.record:
        write(args.record, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
