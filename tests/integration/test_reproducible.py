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
doctor's reason) unless UCOS2_PATH / THREADX_PATH point at their trees."""
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


@pytest.mark.parametrize(("target_name", "kernel_name"), PAIRS, ids=[f"{t}-{k}" for t, k in PAIRS])
def test_two_clean_builds_are_identical_and_warning_free(target_name: str, kernel_name: str, workspace: Workspace,
                                                         repo_dir: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    first = _build(target_name, kernel_name, workspace)
    checkout = tmp_path / "another-checkout" / "firmware"
    shutil.copytree(repo_dir / "firmware", checkout, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("RTBENCH_FIRMWARE", str(checkout))
    fresh = Workspace(tmp_path / "another-workspace")
    second = _build(target_name, kernel_name, fresh)
    assert second.directory != first.directory
    assert second.warnings == ()
    assert "-Werror" in second.flags["core"]
    # What a run records (and compare weighs, defines aside) names no directory of this machine.
    assert _code_flags(second) == _code_flags(first)
    image = second.elf.read_bytes()
    tree = _source(kernel_name).path
    places = [repo_dir / "firmware", checkout, workspace.root, fresh.root, *([tree] if tree else [])]
    leaked = [str(path) for path in places if str(path).encode() in image]
    assert leaked == []
    assert second.elf_sha256 == first.elf_sha256
