#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Installs the parts of rtbench that this machine lacks (scripts/setup.sh runs it).

    scripts/setup.sh                    # the main job: rtbench run with its defaults
    scripts/setup.sh --all              # every part (what the test suite needs)
    scripts/setup.sh --part soc,docs    # the main job and the named parts
    scripts/setup.sh --list             # the parts, what each enables, and whether it is installed

The parts are rtbench/data/setup_parts.toml. Only what is missing is installed: Debian packages
whose command or package is absent, pyproject groups whose installed versions do not satisfy
it (scripts/unmet_requirements.py). apt, pip and cargo run at the same time. A part that cannot
be installed (no network to its repository, a registry's refusal) is reported with what it
disables and how to get it, and the set-up goes on: only the main job's part fails it. Standard
library only: it runs before rtbench is installed."""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS_FILE = ROOT / "rtbench" / "data" / "setup_parts.toml"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from unmet_requirements import group_requirements, unmet  # noqa: E402

MAIN = "main"
# amaranth-soc, which the Minerva CPU imports, comes from no registry: a copy beside the checkout
# (CI's), else its git repository at the commit rtbench was tested with.
AMARANTH_SOC_COPY = Path(os.environ.get("RTBENCH_AMARANTH_SOC", ROOT.parent / "shared" / "python" / "amaranth-soc"))
AMARANTH_SOC_GIT = "amaranth-soc @ git+https://github.com/amaranth-lang/amaranth-soc@3e3d8b7241c1c7e80e0cd12937d288d0ad4a6cba"
# Hazard3's Verilog (the RP2350's core), which no registry carries either: a copy beside the
# checkout (CI's ../shared/cores/hazard3, or RTBENCH_HAZARD3), else a clone of its repository at
# the revision rtbench was tested with, in the user's cache (rtbench/acquire/cpu_rtl.py looks
# in the same three places).
HAZARD3_COPY = Path(os.environ.get("RTBENCH_HAZARD3", ROOT.parent / "shared" / "cores" / "hazard3"))
HAZARD3_GIT = "https://github.com/Wren6991/Hazard3"
HAZARD3_REVISION = "82729101218bd0dbdb481fe06a38cae87674034e"  # v1.0.1
HAZARD3_CLONE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rtbench" / "cores" / "hazard3"
PIP = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check"]


def say(message: str) -> None:
    print(f"setup: {message}", file=sys.stderr, flush=True)


@dataclass
class Part:
    name: str
    spec: dict
    pyproject: Path = ROOT / "pyproject.toml"

    @property
    def enables(self) -> str:
        return str(self.spec.get("enables", ""))

    def missing_debs(self, installed: Callable[[str], bool]) -> list[str]:
        debs = [deb for command, deb in self.spec.get("commands", {}).items() if not shutil.which(command)]
        return debs + [deb for deb in self.spec.get("packages", []) if not installed(deb)]

    def missing_architectures(self) -> list[str]:
        wanted = self.spec.get("foreign_architectures", [])
        if not wanted or not shutil.which("dpkg"):
            return []
        have = run(["dpkg", "--print-foreign-architectures"]).stdout.split()
        return [arch for arch in wanted if arch not in have]

    def pip_needs(self) -> list[str]:
        """The part's requirement strings that the installed versions do not meet."""
        needs = []
        for group in self.spec.get("pip", []):
            wanted = group_requirements(self.pyproject, group)
            if unmet(wanted) or (group == "base" and not editable_here()):
                needs += ["-e", str(ROOT)] if group == "base" else wanted
        return needs


@dataclass
class Outcome:
    """What went wrong per part (nothing: it installed)."""

    failures: dict[str, list[str]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def fail(self, part: str, why: str) -> None:
        with self.lock:
            self.failures.setdefault(part, []).append(why)


def run(words: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run(words, capture_output=True, text=True, **kwargs)


def as_root(words: list[str]) -> list[str]:
    return words if os.geteuid() == 0 or not shutil.which("sudo") else ["sudo", *words]


def deb_installed(package: str) -> bool:
    proc = run(["dpkg-query", "-W", "-f=${Status}", package]) if shutil.which("dpkg-query") else None
    return proc is not None and proc.returncode == 0 and proc.stdout.strip() == "install ok installed"


def editable_here() -> bool:
    """Whether rtbench is installed from this checkout, editable."""
    import importlib.metadata as md
    import json

    try:
        url = json.loads(md.distribution("rtbench").read_text("direct_url.json") or "{}").get("url", "")
    except md.PackageNotFoundError:
        return False
    return url == ROOT.as_uri()


def last_lines(text: str, n: int = 3) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " | ".join(lines[-n:]) or "no message"


# --- apt ---------------------------------------------------------------------------------------

APT_INSTALL = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "--no-install-recommends",
               # No fsync per file: a set-up that is interrupted is simply run again.
               "-o", "DPkg::Options::=--force-unsafe-io"]


def apt_install(debs: list[str]) -> subprocess.CompletedProcess[str]:
    return run(as_root([*APT_INSTALL, *debs]))


def apt_job(wanted: dict[str, list[str]], architectures: list[str], outcome: Outcome) -> None:
    """Installs every part's Debian packages in one apt call; when that fails, part by part, so
    that one part's missing package does not keep the others out."""
    if not shutil.which("apt-get"):
        for part, debs in wanted.items():
            outcome.fail(part, f"no apt-get on this machine: install {' '.join(debs)} with its package manager")
        return
    fresh = False
    for arch in architectures:
        say(f"adding the {arch} architecture to dpkg")
        run(as_root(["dpkg", "--add-architecture", arch]))
        fresh = True
    debs = sorted({deb for part in wanted.values() for deb in part})
    if not debs and not fresh:
        return
    say(f"apt: installing {' '.join(debs)}" if debs else "apt: updating the package lists")
    # The package lists on the machine are tried first: an update costs seconds and is needed
    # only when they are missing, stale (a 404) or lack a new architecture.
    if not fresh and debs and apt_install(debs).returncode == 0:
        return
    update = run(as_root(["apt-get", "update", "-qq"]))
    if update.returncode != 0:
        say(f"apt-get update reported errors (a mirror may be syncing); going on: {last_lines(update.stderr, 1)}")
    if not debs or apt_install(debs).returncode == 0:
        return
    for part, part_debs in wanted.items():
        if part_debs and (proc := apt_install(part_debs)).returncode != 0:
            outcome.fail(part, f"apt-get install {' '.join(part_debs)} failed: {last_lines(proc.stderr)}")


# --- pip ---------------------------------------------------------------------------------------

def pip_job(wanted: dict[str, list[str]], constraints: list[str], outcome: Outcome) -> None:
    """One pip call for every part (one resolution); when it fails, part by part."""
    words = [word for needs in wanted.values() for word in needs]
    if not words:
        return
    options = [arg for path in constraints for arg in ("-c", str(ROOT / path))]
    say(f"pip: installing for {', '.join(wanted)}")
    if run([*PIP, *options, *words]).returncode == 0:
        return
    for part, needs in wanted.items():
        if needs and (proc := run([*PIP, *options, *needs])).returncode != 0:
            outcome.fail(part, f"pip install failed: {last_lines(proc.stderr)}")


# --- steps after the packages ----------------------------------------------------------------

def _module(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    return run([sys.executable, "-m", module, *args], cwd=ROOT)


def step_cargo_fetch() -> str:
    if not shutil.which("cargo"):
        return "cargo is not installed (apt-get install cargo, or rustup)"
    say("cargo: fetching kernel sources (checksum-verified)")
    proc = run(["cargo", "fetch", "-q", "--manifest-path", str(ROOT / "kernel-sources" / "Cargo.toml")])
    return "" if proc.returncode == 0 else f"cargo fetch failed: {last_lines(proc.stderr)}"


def step_guest_kernel() -> str:
    say("checking the linux-rt guest kernel package")
    proc = _module("rtbench.acquire.guest_kernel", "fetch")
    return "" if proc.returncode == 0 else last_lines(proc.stderr)


def step_qemu_plugin() -> str:
    say("building rtbench's QEMU plugin")
    proc = _module("rtbench.acquire.qemu_plugin", "install")
    return "" if proc.returncode == 0 else last_lines(proc.stderr)


def step_amaranth_soc() -> str:
    if run([sys.executable, "-c", "import amaranth_soc.wishbone"]).returncode == 0:
        return ""
    if (AMARANTH_SOC_COPY / "pyproject.toml").is_file():
        say(f"pip: installing amaranth-soc from {AMARANTH_SOC_COPY}")
        source = str(AMARANTH_SOC_COPY)
        env = {**os.environ, "PDM_BUILD_SCM_VERSION": "0.1.dev0"}  # the copy has no git history
    else:
        say("pip: installing amaranth-soc from its git repository")
        source, env = AMARANTH_SOC_GIT, dict(os.environ)
    proc = run([*PIP, source], env=env)
    if proc.returncode == 0:
        return ""
    return (f"amaranth-soc did not install from {source}: {last_lines(proc.stderr, 1)}; give a copy of its "
            "repository with RTBENCH_AMARANTH_SOC=DIR, or reach github.com")


def step_hazard3() -> str:
    for found in (HAZARD3_COPY, HAZARD3_CLONE):
        if (found / "hdl" / "hazard3.f").is_file():
            say(f"Hazard3: using {found}")
            return ""
    say(f"git: cloning Hazard3 at {HAZARD3_REVISION[:12]} into {HAZARD3_CLONE}")
    partial = HAZARD3_CLONE.with_name("hazard3.partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    for command in (["git", "init", "-q", str(partial)],
                    ["git", "-C", str(partial), "fetch", "-q", "--depth", "1", HAZARD3_GIT, HAZARD3_REVISION],
                    ["git", "-C", str(partial), "checkout", "-q", "FETCH_HEAD"]):
        proc = run(command)
        if proc.returncode != 0:
            shutil.rmtree(partial, ignore_errors=True)
            return (f"Hazard3 did not clone from {HAZARD3_GIT}: {last_lines(proc.stderr, 1)}; give a copy of its "
                    "repository at v1.0.1 with RTBENCH_HAZARD3=DIR, or reach github.com")
    partial.rename(HAZARD3_CLONE)
    return ""


STEPS: dict[str, Callable[[], str]] = {"cargo-fetch": step_cargo_fetch, "guest-kernel": step_guest_kernel,
                                       "qemu-plugin": step_qemu_plugin, "amaranth-soc": step_amaranth_soc,
                                       "hazard3": step_hazard3}


# --- the set-up ------------------------------------------------------------------------------

def load_parts(path: Path = PARTS_FILE, pyproject: Path = ROOT / "pyproject.toml") -> dict[str, Part]:
    return {name: Part(name, spec, pyproject) for name, spec in tomllib.loads(path.read_text()).items()}


def choose(parts: dict[str, Part], args: argparse.Namespace) -> list[Part]:
    if args.all:
        return list(parts.values())
    names = [MAIN] + [n.strip() for text in args.part for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in parts]
    if unknown:
        say(f"no part {', '.join(unknown)}; the parts are: {', '.join(parts)} (--list says what each enables)")
        raise SystemExit(2)
    return [parts[n] for n in dict.fromkeys(names)]


def doctor(parts: list[Part]) -> tuple[int, str]:
    proc = _module("rtbench", "doctor", "--part", ",".join(p.name for p in parts))
    return proc.returncode, (proc.stdout + proc.stderr).strip()


def install(chosen: list[Part]) -> Outcome:
    outcome = Outcome()
    debs = {p.name: p.missing_debs(deb_installed) for p in chosen}
    architectures = sorted({a for p in chosen for a in p.missing_architectures()})
    pip = {p.name: p.pip_needs() for p in chosen}
    pip = {name: needs for name, needs in pip.items() if needs}
    constraints = [str(p.spec["constraints"]) for p in chosen if "constraints" in p.spec and p.name in pip]
    jobs = [threading.Thread(target=apt_job, args=({n: d for n, d in debs.items() if d}, architectures, outcome)),
            threading.Thread(target=pip_job, args=(pip, constraints, outcome))]
    early = [] if "cargo" in debs.get(MAIN, []) else ["cargo-fetch"]  # cargo from apt: after apt
    steps = {p.name: list(p.spec.get("steps", [])) for p in chosen}
    for part, names in steps.items():
        for name in early:
            if name in names:
                names.remove(name)
                jobs.append(threading.Thread(target=lambda p=part, s=name: _step(p, s, outcome)))
    for job in jobs:
        job.start()
    for job in jobs:
        job.join()
    for part, names in steps.items():
        for name in names:
            if part not in outcome.failures:
                _step(part, name, outcome)
    return outcome


def _step(part: str, name: str, outcome: Outcome) -> None:
    failure = STEPS[name]()
    if failure:
        outcome.fail(part, failure)


def list_parts(parts: dict[str, Part]) -> int:
    width = max(map(len, parts))
    for part in parts.values():
        missing = part.missing_debs(deb_installed) or part.pip_needs() or part.missing_architectures()
        state = "missing" if missing else "packages installed"
        print(f"{part.name:<{width}}  {state:<18}  {part.enables}")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="scripts/setup.sh", description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every part (what the test suite needs)")
    parser.add_argument("--part", action="append", default=[], metavar="NAME[,NAME]",
                        help="the named parts besides the main job's")
    parser.add_argument("--list", action="store_true", help="the parts, what each enables, whether installed")
    # Another description of the parts (the set-up's own tests).
    parser.add_argument("--parts-file", type=Path, default=PARTS_FILE, help=argparse.SUPPRESS)
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    parts = load_parts(args.parts_file, args.pyproject)
    if args.list:
        return list_parts(parts)
    chosen = choose(parts, args)
    started = time.monotonic()
    outcome = install(chosen)
    if MAIN in outcome.failures:
        for why in outcome.failures[MAIN]:
            say(f"the main job's part did not install: {why}")
        return 1
    status, report = doctor([parts[MAIN]])
    if status != 0:
        print(report, file=sys.stderr)
        say("not ready: the doctor's report above names what is missing")
        return 1
    others = [p for p in chosen if p.name != MAIN]
    checked = [p for p in others if p.spec.get("covers")]  # what the doctor knows how to check
    status, report = doctor(checked) if checked else (0, "")
    for part in others:
        if part.name in outcome.failures:
            say(f"part {part.name} is not installed; it disables {part.enables}")
            for why in outcome.failures[part.name]:
                say(f"    {why}")
            say(f"    to try again: scripts/setup.sh --part {part.name}")
    if status != 0:
        print(report, file=sys.stderr)
        say("some optional parts are not ready (above); the main job is")
    say(f"ready in {time.monotonic() - started:.0f} s: {', '.join(p.name for p in chosen)}"
        + ("" if len(chosen) > 1 else "; scripts/setup.sh --all installs the rest (--list names the parts)"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
