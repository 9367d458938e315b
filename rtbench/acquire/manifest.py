# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The run manifest: everything that can change a run's numbers, so runs compare fairly."""
from __future__ import annotations

import datetime
import platform
import subprocess
import sys
from typing import Any

from .. import __version__
from ..paths import checkout_dir, firmware_dir
from . import provenance
from .build import Build, directory_lock
from .kernel_facts import api_counts
from .platforms import Kernel, Target
from .protocol import Capture
from .sources import KernelSource


def _git_commit() -> str:
    checkout = checkout_dir()
    if checkout is None:  # an installed wheel: its version says what it is (git would describe any repo around it)
        return "unknown"
    try:
        proc = subprocess.run(["git", "-C", str(checkout), "describe", "--always", "--dirty"],
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return proc.stdout.strip() or "unknown"


def rtbench_commit() -> str:
    """`git describe` of the rtbench checkout this runs from ("unknown" for an installed wheel)."""
    return _git_commit()


def _prefixed(meta: dict[str, str], prefix: str) -> dict[str, str]:
    return {k[len(prefix):]: v for k, v in meta.items() if k.startswith(prefix)}


def _tools(target: Target, build: Build) -> dict[str, Any]:
    """Every tool whose binary shapes the image or its timing, with version and SHA-256."""
    tools: dict[str, Any] = {"compiler": provenance.compiler(str(target.spec.get("compiler", "cc"))),
                             "cmake": provenance.tool("cmake"), "ninja": provenance.tool("ninja")}
    if "qemu" in target.spec:
        tools["emulator"] = provenance.tool(str(target.spec["qemu"]["binary"]))
    if target.runner == "litex-sim":
        tools["simulator"] = provenance.tool("verilator")
    if build.kernel_patches:
        tools["spatch"] = provenance.tool("spatch")
    return tools


def _tree(kernel: Kernel, source: KernelSource, build: Build, compiled: list[Any]) -> dict[str, Any]:
    """The identity of the kernel source that was compiled (see provenance)."""
    if build.kernel_tree is None:
        return {"prebuilt_or_running": source.origin}
    copied = kernel.spec.get("build", {})
    if copied.get("tree_copy"):  # built by the kernel's own make, in a copy of the tree
        compiled = compiled + provenance.copied_tree_files(build.directory / copied["tree_copy"], build.kernel_tree,
                                                           copied["dependency_files"])
    return provenance.tree_identity(build.kernel_tree, compiled)


def kernel_version(kernel: Kernel, source: KernelSource, reported: str | None) -> str:
    """The version the image reports, else the tree's. A kernel whose build puts a placeholder in
    when its tree says nothing (NuttX's 0.0.0 without .version or git) has the tree's word
    instead: "unknown", with the tree's source hash to tell it apart."""
    if reported is None or reported == kernel.spec.get("source", {}).get("version_placeholder"):
        return source.version
    return reported


def _api(kernel: Kernel, source: KernelSource) -> dict[str, Any]:
    """The kernel's API counted in its tree's public headers, so that a report over the run needs
    no tree (nothing for a kernel outside the image, whose API is POSIX)."""
    counts = api_counts(kernel, source.path) if source.path else None
    return {} if counts is None else {"api": counts}


def make_manifest(*, target: Target, kernel: Kernel, profile: str, source: KernelSource, build: Build,
                  emulator: dict[str, str], capture: Capture | None, settings: dict[str, Any]) -> dict[str, Any]:
    meta = capture.meta if capture else {}
    hello = capture.hello if capture else {}
    with directory_lock(build.directory):  # another process may be building another image there
        compiled = provenance.compiled_files(build.directory, build.elf.stem)
        tree = _tree(kernel, source, build, compiled)
    image = {"elf": str(build.elf), "defines": list(build.defines),
             "sha256": build.elf_sha256}
    return {
        "rtbench": {"version": __version__, "commit": _git_commit(),
                    # rtbench's own sources the build read: exact where the commit is "-dirty".
                    "firmware_sha256": provenance.sources_digest(firmware_dir(), compiled)["sources_sha256"]},
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "target": target.name,
        "os": kernel.name,
        "profile": profile,
        "unit": hello.get("unit", target.spec.get("unit", "raw")),
        "unit_note": str(target.spec.get("unit_notes", {}).get(hello.get("unit", target.spec.get("unit")), "")),
        "kernel": {
            "name": meta.get("kernel.name", kernel.name),
            "version": kernel_version(kernel, source, meta.get("kernel.version")),
            "source": str(source.path) if source.path else "",
            "origin": source.origin,
            "port": meta.get("kernel.port", ""),
            "config": _prefixed(meta, "config."),
            "tree": tree,
            # A co-designed variant: the semantic patches applied to a copy of the tree, in order.
            **({"patches": dict(build.kernel_patches)} if build.kernel_patches else {}),
            **_api(kernel, source),
        },
        "target_settings": _prefixed(meta, "target."),
        "timestamp": {"hz": hello.get("ts_hz"), "scale": hello.get("scale"),
                      "read_overhead_raw": capture.calibration.get("overhead") if capture else None},
        "compiler": {"version": build.compiler, "opt_flags": build.opt_flags, "flags": build.flags},
        "image": image,
        "emulator": emulator,
        "tools": _tools(target, build),
        "run": settings,
        "host": {"python": sys.version.split()[0], "platform": platform.platform(), "machine": platform.machine()},
        "stream_errors": list(capture.errors) if capture else [],
        # What the image warned about its own set-up (e.g. no SCHED_FIFO): numbers to read with care.
        "warnings": list(_prefixed(meta, "warning.").values()),
    }
