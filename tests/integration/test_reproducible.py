# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Every port builds for every target it supports with warnings as errors, and two clean builds of
the same inputs are byte-identical even from another checkout path and another workspace.

Per supported (target, kernel) pair: one build in the session's workspace (shared with the other
tests, which then find it built), one in a fresh workspace from a copy of the firmware directory;
their ELF files must have the same SHA-256, hold no path of either, and the fresh build must have
printed no warning (rtbench's own code fails on one; the kernel's files build with the compiler's
default warnings, and the trees rtbench supports have none today). The whole catalogue is built
for two pairs; the others build the one-task image, which compiles the whole port, kernel and
target but no benchmark, to keep this test short. uC/OS-II and ThreadX pairs skip (with rtbench
doctor's reason) unless UCOS2_PATH / THREADX_PATH point at their trees.

Not every pair is built twice: what makes a build reproducible is its build rules (rtbench's
flags, prefix maps and link, and a kernel's own build, as NuttX's), the same for every core of
one instruction-set profile; another core of the profile changes -mcpu/-mfpu and which
port directory the same rules compile. So the test builds each kernel once per profile (NuttX on
qemu-m4f proves qemu-m7's NuttX, ThreadX on qemu-m3 the M4F and M7 ones, on vexriscv-sim the
RP2350's), and every target once with its default kernel for the target's own files (board-stm32f4
with FreeRTOS: its ThreadX and uC/OS-II are qemu-m4f's ports). The list is CELLS."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rtbench.acquire import sources
from rtbench.acquire.build import CATALOGUE, MINIMAL, Build, build_image
from rtbench.acquire.platforms import find_kernel, find_target, for_kernel, kernels, targets
from rtbench.paths import Workspace
from tests.parts import need

# The pairs whose whole catalogue is built: the default image, and the cycle-accurate soft-core's.
WHOLE_CATALOGUE = {("qemu-m3", "freertos"), ("vexriscv-sim", "freertos")}
PAIRS = sorted((target.name, kernel.name) for target in targets() for kernel in kernels() if kernel.runs_on(target))
# The instruction-set profile a core's port is written for: a kernel's ports for the cores of one
# profile are built by the same rules.
PROFILES = {"cortex-m0": "armv6-m", "cortex-m3": "armv7-m", "cortex-m4f": "armv7-m", "cortex-m7": "armv7-m",
            "cortex-m33": "armv8-m", "cortex-a9": "armv7-a", "riscv32": "rv32", "hazard3": "rv32", "native": "host"}


def _profile(target_name: str) -> str:
    arch = find_target(target_name).arch
    return PROFILES.get(arch, arch)  # a new core is its own profile until it is named here


def _cells(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Every target with its default kernel, then each kernel on the first target of each
    profile (the emulated targets before the boards)."""
    order = sorted(pairs, key=lambda pair: (pair[0].startswith("board-"), pair))
    chosen = {(t, k) for t, k in order if k == find_target(t).spec.get("default_os")}
    chosen |= {next(p for p in order if p[0] == target) for target in {t for t, _ in order} - {t for t, _ in chosen}}
    ports = {(k, _profile(t)) for t, k in chosen}
    for target_name, kernel_name in order:
        if (kernel_name, _profile(target_name)) not in ports:
            ports.add((kernel_name, _profile(target_name)))
            chosen.add((target_name, kernel_name))
    return sorted(chosen)


CELLS = _cells(PAIRS)


def _source(kernel_name: str) -> sources.KernelSource:
    kernel = find_kernel(kernel_name)
    spec = kernel.spec.get("source", {})
    if spec.get("running_kernel") or spec.get("debian_package"):
        return sources.KernelSource(None, "", "no tree: the image holds no kernel")  # nothing to fetch to build
    need("kernel", kernel_name)  # uC/OS-II and ThreadX: the user's trees, else a skip with the reason
    return sources.locate(kernel)


def _build(target_name: str, kernel_name: str, workspace: Workspace) -> Build:
    kernel = find_kernel(kernel_name)
    target = for_kernel(find_target(target_name), kernel)
    image = CATALOGUE if (target_name, kernel_name) in WHOLE_CATALOGUE else MINIMAL
    return build_image(target, kernel, "default", _source(kernel_name), workspace, image=image)


def _code_flags(build: Build) -> dict[str, list[str]]:
    return {layer: [word for word in words if not word.startswith("-D")] for layer, words in build.flags.items()}


def test_the_pairs_are_every_port_on_every_target() -> None:
    assert ("qemu-m3", "freertos") in PAIRS and ("qemu-a9", "linux-rt") in PAIRS
    assert ("vexriscv-sim", "freertos-codesign") in PAIRS and ("linux", "posix") in PAIRS
    assert ("qemu-m3", "linux-rt") not in PAIRS and len(PAIRS) >= 21


def test_the_cells_hold_every_target_and_every_kernel_on_every_profile() -> None:
    assert {t for t, _ in CELLS} == {t for t, _ in PAIRS}
    assert {(k, _profile(t)) for t, k in CELLS} == {(k, _profile(t)) for t, k in PAIRS}
    assert set(PAIRS) >= set(CELLS) >= WHOLE_CATALOGUE
    assert ("qemu-m4f", "nuttx") in CELLS and ("qemu-m7", "nuttx") not in CELLS
    assert ("board-stm32f4", "freertos") in CELLS and ("board-stm32f4", "threadx") not in CELLS


@pytest.mark.parametrize(("target_name", "kernel_name"), CELLS, ids=[f"{t}-{k}" for t, k in CELLS])
def test_two_clean_builds_are_identical_and_warning_free(target_name: str, kernel_name: str, workspace: Workspace,
                                                         repo_dir: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    first = _build(target_name, kernel_name, workspace)
    checkout = tmp_path / "another-checkout" / "firmware"
    shutil.copytree(repo_dir / "firmware", checkout, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("RTBENCH_FIRMWARE", str(checkout))
    fresh = Workspace(tmp_path / "another-workspace")
    # Its build folder is reached through a link (as the test workers' shared one is): the
    # compiler sees the real path, which the image must not hold either.
    (tmp_path / "linked-builds").mkdir()
    fresh.root.mkdir()
    fresh.builds.symlink_to(tmp_path / "linked-builds", target_is_directory=True)
    second = _build(target_name, kernel_name, fresh)
    assert second.directory != first.directory
    assert second.warnings == ()
    assert "-Werror" in second.flags["core"]
    # What a run records (and compare weighs, defines aside) names no directory of this machine.
    assert _code_flags(second) == _code_flags(first)
    image = second.elf.read_bytes()
    tree = _source(kernel_name).path
    places = [repo_dir / "firmware", checkout, workspace.root, fresh.root, workspace.builds.resolve(),
              fresh.builds.resolve(), *([tree] if tree else [])]
    leaked = [str(path) for path in places if str(path).encode() in image]
    assert leaked == []
    assert second.elf_sha256 == first.elf_sha256
