# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What this machine can build and run, target by target and kernel by kernel (`rtbench doctor`).

A tool on PATH is not enough: a cross compiler without its C library compiles and fails to
link, so every toolchain compiles and links a small program the way the target's images do
(target.toml `[[doctor.probe]]`). Each failing check says what to install: the set-up part that
covers it (rtbench/data/setup_parts.toml, `scripts/setup.sh --part NAME`). Kernels whose source
no registry carries (uC/OS-II, ThreadX...) are optional parts: the user gives their trees."""
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
from . import cpu_rtl, platforms, provenance, qemu_plugin, sources
from .platforms import Kernel, Target
from .setup_parts import MAIN, install_hint
from .setup_parts import command as setup_command
from .setup_parts import part_of as setup_part_of
from .setup_parts import parts as setup_parts


@dataclass(frozen=True)
class Check:
    item: str
    ok: bool
    detail: str  # a version when ok, else what is wrong
    fix: str = ""  # what to do when not ok


@dataclass
class Part:
    kind: str  # target, kernel, cpu or harness
    name: str
    # Given by the user, or from no registry (a kernel tree, Minerva's amaranth-soc): a test that
    # needs it skips when it is absent, where it fails for a part that a set-up part installs.
    optional: bool = False
    checks: list[Check] = field(default_factory=list)

    @property
    def setup(self) -> str:
        """The set-up part that installs it ("" for a user's tree)."""
        return setup_part_of(self.kind, self.name)

    @property
    def ready(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def reason(self) -> str:
        """Why the part is not ready, with what to do: what a skipped test says."""
        failed = [c for c in self.checks if not c.ok]
        return "; ".join(f"{c.item}: {c.detail}" + (f" ({c.fix})" if c.fix else "") for c in failed)


def tool_check(tool: str, package: str, setup: str = MAIN) -> Check:
    """A command on PATH (or named by its path); `package` is the Debian package that provides it,
    `pip:EXTRA` for a command that an extra of rtbench's installs (NuttX's olddefconfig, from
    kconfiglib), or `build:HOW` for one that rtbench's scripts build (RTEMS's toolchain)."""
    found = shutil.which(tool)
    if not found:
        return Check(tool, False, "not found", install_hint(setup, package))
    return Check(tool, True, provenance.first_line([found, "--version"]))


_PROBE_SOURCE = "int main(void) { return rtb_probe(); }\n"


def probe_fix(probe: dict[str, Any], setup: str = MAIN) -> str:
    """What installs what a probe needs: its set-up part, or the Debian packages it names."""
    return install_hint(setup, " ".join(probe.get("packages", [])))


def probe_check(probe: dict[str, Any], compiler: str, setup: str = MAIN) -> Check:
    """Compiles and links a program that includes the probe's headers, with its flags."""
    command = str(probe.get("compiler", compiler))
    what = str(probe.get("what", f"{command} compiles and links"))
    # A toolchain no set-up part installs (RTEMS's) names the build that makes it.
    fix = str(probe.get("fix") or probe_fix(probe, setup))
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


def emulator_check(target: Target, setup: str = MAIN) -> Check | None:
    spec = target.spec.get("qemu")
    if not spec:
        return None
    binary, machine = str(spec["binary"]), str(spec["machine"])
    if not shutil.which(binary):
        return None  # the tool check names it
    try:
        machines = _machines(binary)
    except (OSError, subprocess.TimeoutExpired) as err:
        return Check(f"{binary} machine {machine}", False, f"cannot run: {err}", setup_command(setup))
    ok = any(line.split()[:1] == [machine] for line in machines.splitlines())
    return Check(f"{binary} machine {machine}", ok, "present" if ok else "this QEMU has no such machine",
                 "" if ok else "install Debian's qemu-system-arm (7.2 or later)")


def _packages_check(item: str, packages: list[str], extra: str, setup: str) -> Check:
    """Whether the Python packages are installed: their versions, or the missing ones with the
    pyproject extra that installs them."""
    found, missing = [], []
    for name in packages:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    if missing:
        return Check(item, False, f"missing {', '.join(missing)}", install_hint(setup, f"pip:{extra}"))
    return Check(item, True, ", ".join(found))


def python_packages_check(target: Target) -> Check | None:
    packages = target.spec.get("soc", {}).get("packages")
    if not packages:
        return None
    return _packages_check("SoC Python packages", packages, "soc", setup_part_of("target", target.name))


def rtl_check(spec: dict[str, Any], setup: str) -> Check | None:
    """A CPU built from a Verilog checkout (Hazard3's): found, with its content hash."""
    if spec.get("rtl") != "hazard3":
        return None
    found = cpu_rtl.locate_hazard3()
    if found is None:
        return Check("Hazard3's Verilog", False, "not found", f"{setup_command(setup)}; {cpu_rtl.missing_hint()}")
    return Check("Hazard3's Verilog", True, cpu_rtl.rtl_identity(found))


def cpu_parts(target: Target) -> list[Part]:
    """The target's optional CPUs (vexriscv-sim's Minerva, CV32E40P and Hazard3): each is ready
    when the Python packages its SoC is generated from are installed (pyproject's extra of its
    name), and a CPU from a Verilog checkout when the checkout is found."""
    parts = []
    for cpu, spec in target.spec.get("variants", {}).get("configurable", {}).items():
        name = f"{target.name} {cpu}"
        setup = setup_part_of("cpu", name)
        checks = [_packages_check(f"{cpu}'s Python packages", spec.get("packages", []), cpu, setup)]
        rtl = rtl_check(spec, setup)
        if rtl is not None:
            checks = [rtl] if not spec.get("packages") else [*checks, rtl]
        parts.append(Part("cpu", name, optional=bool(setup_parts().get(setup, {}).get("off_registry")),
                          checks=checks))
    return parts


def _toolchain_checks(target: Target, setup: str) -> list[Check]:
    checks = [tool_check(tool, str(package), setup) for tool, package in target.spec.get("tools", {}).items()]
    compiler = str(target.spec.get("compiler", "cc"))
    checks += [probe_check(probe, compiler, setup) for probe in target.spec.get("doctor", {}).get("probe", [])]
    return checks


def target_part(target: Target) -> Part:
    setup = setup_part_of("target", target.name)
    checks = _toolchain_checks(target, setup)
    for extra in (emulator_check(target, setup), python_packages_check(target)):
        if extra is not None:
            checks.append(extra)
    return Part("target", target.name, checks=checks)


def user_tree_only(kernel: Kernel) -> bool:
    """A kernel whose source only a user's path gives: covered by no set-up part."""
    spec = kernel.spec.get("source", {})
    return not (spec.get("crate") or spec.get("debian_package") or spec.get("running_kernel"))


def source_check(kernel: Kernel) -> Check:
    spec = kernel.spec.get("source", {})
    setup = setup_part_of("kernel", kernel.name)
    if spec.get("debian_package"):
        from . import guest_kernel  # apt is consulted only for such kernels

        cached = guest_kernel.cached(kernel)
        if cached is None:
            return Check("kernel package", False, f"{spec['debian_package']} ({spec['debian_architecture']}) "
                         "is not downloaded", f"{setup_command(setup)} (it downloads it with apt)")
        return Check("kernel package", True, f"{cached.name} {cached.version}, sha256 {cached.sha256[:12]}")
    env = spec.get("env")
    if user_tree_only(kernel) and not (env and os.environ.get(env)):
        return Check("kernel source", False, f"${env} is not set",
                     f"{spec.get('how_to_get', 'get the tree')}; then set {env} to it")
    try:
        found = sources.locate(kernel)
    except RtbenchError as err:
        return Check("kernel source", False, str(err), err.hint or setup_command(setup))
    return Check("kernel source", True, f"{found.version} from {found.origin}")


def kernel_part(kernel: Kernel, every_target: list[Target]) -> Part:
    setup = setup_part_of("kernel", kernel.name)
    checks = [source_check(kernel)]
    tools = kernel.spec.get("tools", {})
    checks += [tool_check(tool, str(package), setup) for tool, package in tools.items()]
    # A target that builds this kernel with its own toolchain (qemu-a9's Linux guest).
    for target in every_target:
        if kernel.name in target.spec.get("kernels", {}):
            checks += _toolchain_checks(platforms.for_kernel(target, kernel), setup)
    return Part("kernel", kernel.name, optional=user_tree_only(kernel), checks=checks)


def qemu_plugin_check() -> Check:
    """rtbench's QEMU plugin (rtbench bisect's per-function attribution), built by its install step."""
    item = "QEMU plugin rtb_insn_profile (rtbench bisect)"
    found = qemu_plugin.installed()
    if found is None:
        return Check(item, False, "not built for this rtbench",
                     f"{setup_command(setup_part_of('harness', 'bisect'))}, or {qemu_plugin.INSTALL}")
    return Check(item, True, str(found))


def _extra_check(extra: str, setup: str) -> Check:
    """Every package an extra of rtbench's names (its requirements' names, read from the metadata)."""
    names = sorted({_requirement_name(text) for text in _extra_requirements(extra)})
    return _packages_check(f"Python packages of rtbench[{extra}]", names, extra, setup)


def _extra_requirements(extra: str) -> list[str]:
    try:
        texts = importlib.metadata.requires("rtbench") or []
    except importlib.metadata.PackageNotFoundError:
        return []
    return [text.split(";")[0] for text in texts if f'extra == "{extra}"' in text.replace("'", '"')]


def _requirement_name(text: str) -> str:
    name = text.strip()
    for mark in "[<>=!~ ":
        name = name.split(mark)[0]
    return name


def harness_names() -> list[str]:
    """The harness's parts: what set-up parts install outside any target or kernel."""
    return [entry.removeprefix("harness ") for spec in setup_parts().values()
            for entry in spec.get("covers", []) if entry.startswith("harness ")]


def harness_part(name: str) -> Part:
    """Checked by what its set-up part installs: commands, pyproject extras, the QEMU plugin."""
    setup = setup_part_of("harness", name)
    spec = setup_parts()[setup]
    checks = [tool_check(tool, package, setup) for tool, package in spec.get("commands", {}).items()]
    checks += [_extra_check(extra, setup) for extra in spec.get("pip", []) if extra != "base"]
    if "qemu-plugin" in spec.get("steps", []):
        checks.append(qemu_plugin_check())
    return Part("harness", name, checks=checks)


def diagnose(progress: Callable[[str], None] = lambda _: None, only: set[str] | None = None) -> list[Part]:
    """Every part, or those that the named set-up parts cover (`only`)."""
    def wanted(kind: str, name: str) -> bool:
        return only is None or setup_part_of(kind, name) in only

    every_target = platforms.targets()
    parts = []
    for target in every_target:
        if wanted("target", target.name):
            progress(f"target {target.name}")
            parts.append(target_part(target))
        parts += [p for p in cpu_parts(target) if wanted(p.kind, p.name)]
    for kernel in platforms.kernels():
        if wanted("kernel", kernel.name):
            progress(f"kernel {kernel.name}")
            parts.append(kernel_part(kernel, every_target))
    parts += [harness_part(name) for name in harness_names() if wanted("harness", name)]
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
    if kind == "harness" and name in harness_names():
        return harness_part(name)
    raise RtbenchError(f"rtbench doctor has no {kind} part {name!r}")
