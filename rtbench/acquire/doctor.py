# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What this machine can build and run, target by target and kernel by kernel (`rtbench doctor`).

A tool on PATH is not enough: a cross compiler without its C library compiles and fails to
link, so every toolchain compiles and links a small program the way the target's images do
(target.toml `[[doctor.probe]]`). Each failing check says what to install. Kernels whose source
no registry carries (uC/OS-II, ThreadX) are optional parts: the user gives their trees."""
from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from . import platforms, provenance, qemu_plugin, sources
from .platforms import Kernel, Target

SETUP = "run scripts/setup.sh"
# Tools outside any one target's build that the default set-up installs: the HTML report's
# screenshot test, the hardware scheduler's FPGA cost, and the cyclictest cross-check.
HARNESS_TOOLS = {"chromium": "chromium", "yosys": "yosys", "cyclictest": "rt-tests", "git": "git"}


@dataclass(frozen=True)
class Check:
    item: str
    ok: bool
    detail: str  # a version when ok, else what is wrong
    fix: str = ""  # what to do when not ok


@dataclass
class Part:
    kind: str  # target, kernel or harness
    name: str
    optional: bool = False  # outside the default set: the user chooses to set it up
    checks: list[Check] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def reason(self) -> str:
        """Why the part is not ready, with what to do: what a skipped test says."""
        failed = [c for c in self.checks if not c.ok]
        return "; ".join(f"{c.item}: {c.detail}" + (f" ({c.fix})" if c.fix else "") for c in failed)


def tool_check(tool: str, package: str) -> Check:
    found = shutil.which(tool)
    if not found:
        return Check(tool, False, "not found", f"{SETUP}, or apt-get install {package}")
    return Check(tool, True, provenance.first_line([found, "--version"]))


_PROBE_SOURCE = "int main(void) { return rtb_probe(); }\n"


def probe_check(probe: dict[str, Any], compiler: str) -> Check:
    """Compiles and links a program that includes the probe's headers, with its flags."""
    command = str(probe.get("compiler", compiler))
    what = str(probe.get("what", f"{command} compiles and links"))
    packages = " ".join(probe.get("packages", []))
    fix = f"{SETUP}" + (f", or apt-get install {packages}" if packages else "")
    if not shutil.which(command):
        return Check(what, False, f"{command} not found", fix)
    language = str(probe.get("language", "c"))
    includes = "".join(f"#include <{header}>\n" for header in probe.get("includes", []))
    text = includes + "static int rtb_probe(void) { return 0; }\n" + _PROBE_SOURCE
    with tempfile.TemporaryDirectory(prefix="rtbench-doctor-") as work:
        source = Path(work) / ("probe.cc" if language == "c++" else "probe.c")
        source.write_text(text)
        words = [command, *map(str, probe.get("flags", [])), str(source), "-o", str(Path(work) / "probe"),
                 *map(str, probe.get("libraries", []))]
        try:
            proc = subprocess.run(words, capture_output=True, text=True, timeout=120, cwd=work)
        except (OSError, subprocess.TimeoutExpired) as err:
            return Check(what, False, f"could not run {command}: {err}", fix)
    if proc.returncode != 0:
        said = (proc.stderr or proc.stdout).strip().splitlines()
        # The compiler's or linker's own words, not collect2's summary of them.
        first = next((line for line in said if ("error" in line or "cannot find" in line)
                      and not line.startswith("collect2")), said[-1] if said else "no message")
        return Check(what, False, f"failed: {first.strip()}", fix)
    return Check(what, True, "compiles and links")


def _machines(binary: str) -> str:
    return subprocess.run([binary, "-machine", "help"], capture_output=True, text=True, timeout=30).stdout


def emulator_check(target: Target) -> Check | None:
    spec = target.spec.get("qemu")
    if not spec:
        return None
    binary, machine = str(spec["binary"]), str(spec["machine"])
    if not shutil.which(binary):
        return None  # the tool check names it
    try:
        machines = _machines(binary)
    except (OSError, subprocess.TimeoutExpired) as err:
        return Check(f"{binary} machine {machine}", False, f"cannot run: {err}", SETUP)
    ok = any(line.split()[:1] == [machine] for line in machines.splitlines())
    return Check(f"{binary} machine {machine}", ok, "present" if ok else "this QEMU has no such machine",
                 "" if ok else "install Debian's qemu-system-arm (7.2 or later)")


def _packages_check(item: str, packages: list[str], extra: str) -> Check:
    """Whether the Python packages are installed: their versions, or the missing ones with the
    pyproject extra that installs them."""
    found, missing = [], []
    for name in packages:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    if missing:
        return Check(item, False, f"missing {', '.join(missing)}", f"{SETUP}, or pip install 'rtbench[{extra}]'")
    return Check(item, True, ", ".join(found))


def python_packages_check(target: Target) -> Check | None:
    packages = target.spec.get("soc", {}).get("packages")
    return _packages_check("SoC Python packages", packages, "soc") if packages else None


def cpu_parts(target: Target) -> list[Part]:
    """The target's optional CPUs (vexriscv-sim's Minerva and CV32E40P): each is ready when the
    Python packages its SoC is generated from are installed (pyproject's extra of its name)."""
    return [Part("cpu", f"{target.name} {cpu}", optional=True,
                 checks=[_packages_check(f"{cpu}'s Python packages", spec.get("packages", []), cpu)])
            for cpu, spec in target.spec.get("variants", {}).get("configurable", {}).items()]


def _toolchain_checks(target: Target) -> list[Check]:
    checks = [tool_check(tool, str(package)) for tool, package in target.spec.get("tools", {}).items()]
    compiler = str(target.spec.get("compiler", "cc"))
    checks += [probe_check(probe, compiler) for probe in target.spec.get("doctor", {}).get("probe", [])]
    return checks


def target_part(target: Target) -> Part:
    checks = _toolchain_checks(target)
    for extra in (emulator_check(target), python_packages_check(target)):
        if extra is not None:
            checks.append(extra)
    return Part("target", target.name, checks=checks)


def user_tree_only(kernel: Kernel) -> bool:
    """A kernel whose source only a user's path gives: not part of the default set."""
    spec = kernel.spec.get("source", {})
    return not (spec.get("crate") or spec.get("debian_package") or spec.get("running_kernel"))


def source_check(kernel: Kernel) -> Check:
    spec = kernel.spec.get("source", {})
    if spec.get("debian_package"):
        from . import guest_kernel  # apt is consulted only for such kernels

        cached = guest_kernel.cached(kernel)
        if cached is None:
            return Check("kernel package", False, f"{spec['debian_package']} ({spec['debian_architecture']}) "
                         "is not downloaded", f"{SETUP} (it downloads it with apt)")
        return Check("kernel package", True, f"{cached.name} {cached.version}, sha256 {cached.sha256[:12]}")
    env = spec.get("env")
    if user_tree_only(kernel) and not (env and os.environ.get(env)):
        return Check("kernel source", False, f"${env} is not set",
                     f"{spec.get('how_to_get', 'get the tree')}; then set {env} to it")
    try:
        found = sources.locate(kernel)
    except RtbenchError as err:
        return Check("kernel source", False, str(err), err.hint or SETUP)
    return Check("kernel source", True, f"{found.version} from {found.origin}")


def kernel_part(kernel: Kernel, every_target: list[Target]) -> Part:
    checks = [source_check(kernel)]
    tools = kernel.spec.get("tools", {})
    checks += [tool_check(tool, str(package)) for tool, package in tools.items()]
    # A target that builds this kernel with its own toolchain (qemu-a9's Linux guest).
    for target in every_target:
        if kernel.name in target.spec.get("kernels", {}):
            checks += _toolchain_checks(platforms.for_kernel(target, kernel))
    return Part("kernel", kernel.name, optional=user_tree_only(kernel), checks=checks)


def qemu_plugin_check() -> Check:
    """rtbench's QEMU plugin (rtbench bisect's per-function attribution), built by its install step."""
    item = "QEMU plugin rtb_insn_profile (rtbench bisect)"
    found = qemu_plugin.installed()
    if found is None:
        return Check(item, False, "not built for this rtbench", f"{SETUP}, or {qemu_plugin.INSTALL}")
    return Check(item, True, str(found))


def harness_part() -> Part:
    return Part("harness", "reports and studies",
                checks=[*(tool_check(tool, package) for tool, package in HARNESS_TOOLS.items()), qemu_plugin_check()])


def diagnose(progress: Callable[[str], None] = lambda _: None) -> list[Part]:
    every_target = platforms.targets()
    parts = []
    for target in every_target:
        progress(f"target {target.name}")
        parts.append(target_part(target))
        parts += cpu_parts(target)
    for kernel in platforms.kernels():
        progress(f"kernel {kernel.name}")
        parts.append(kernel_part(kernel, every_target))
    parts.append(harness_part())
    return parts


def part(kind: str, name: str) -> Part:
    """One part's diagnosis (what tests ask before they build)."""
    if kind == "target":
        return target_part(platforms.find_target(name))
    if kind == "kernel":
        return kernel_part(platforms.find_kernel(name), platforms.targets())
    if kind == "cpu":  # "TARGET CPU"
        target, _, cpu = name.partition(" ")
        found = [p for p in cpu_parts(platforms.find_target(target)) if p.name == name]
        if not found:
            raise RtbenchError(f"target {target} has no optional CPU {cpu!r}")
        return found[0]
    return harness_part()
