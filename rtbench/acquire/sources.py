# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Locating a kernel's source tree: a user's path, or the copy a package registry carries.

No kernel source is ever committed to rtbench. FreeRTOS comes from a crate in cargo's
registry: cargo downloads and checksum-verifies it, and rtbench checks that the lock file
holds the checksum pinned in the port's os.toml before using it. Kernels no registry carries
(uC/OS-II, ThreadX) come only from a user's path; their os.toml says how to get them. A port onto the running
kernel (`running_kernel = true`, e.g. posix) has no tree at all: it is described by the
kernel release and C library it runs on."""
from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..errors import RtbenchError
from ..paths import kernel_sources_dir, unusable_in_build_path
from .platforms import Kernel


@dataclass(frozen=True)
class KernelSource:
    path: Path | None  # None: the port uses the running kernel, there is no tree
    version: str
    origin: str  # how the tree was found, for the manifest


def running_kernel(kernel: Kernel) -> KernelSource:
    """The kernel this machine runs, reached through its C library: nothing to fetch."""
    if platform.system() != "Linux":
        raise RtbenchError(f"the {kernel.name} port runs on the Linux kernel of this machine, "
                           f"and this is {platform.system()}", "run it on a Linux host")
    libc, libc_version = platform.libc_ver()
    version = f"Linux {platform.release()}" + (f" ({libc} {libc_version})" if libc else "")
    return KernelSource(None, version, "the running kernel (nothing to fetch)")


def _git_tag_version(spec: dict, tree: Path) -> str | None:
    """The version in the newest tag reachable from a git tree's commit (`version_git_pattern`), for
    a kernel whose tree has no version file and whose own build asks git (NuttX)."""
    pattern, git = spec.get("version_git_pattern"), shutil.which("git")
    if not pattern or not git:
        return None
    try:
        proc = subprocess.run([git, "-C", str(tree), "describe", "--tags", "--abbrev=0"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.fullmatch(pattern, proc.stdout.strip()) if proc.returncode == 0 else None
    return ".".join(match.groups()) if match else None


def _version(kernel: Kernel, tree: Path) -> str:
    spec = kernel.spec["source"]
    try:
        text = (tree / spec["version_file"]).read_text(errors="replace")
    except OSError:
        return _git_tag_version(spec, tree) or "unknown"
    # A version spread over several definitions or groups (major, minor, patch) is joined with dots.
    parts: list[str] = []
    for pattern in spec.get("version_parts") or [spec["version_pattern"]]:
        match = re.search(pattern, text)
        if not match:
            return "unknown"
        parts.extend(match.groups())
    return str(spec.get("version_prefix", "")) + ".".join(parts)


def _checked(kernel: Kernel, tree: Path, origin: str) -> KernelSource:
    marker = kernel.spec["source"].get("marker")
    if not tree.is_dir() or (marker and not (tree / marker).exists()):
        raise RtbenchError(f"{tree} ({origin}) is not a {kernel.name} source tree (no {marker})",
                           f"point {kernel.spec['source'].get('env', '--kernel-src')} at the kernel's top directory")
    real = str(tree.resolve())
    refused = unusable_in_build_path(Path(real))
    if refused:
        raise RtbenchError(f"the {kernel.name} tree {real!r} ({origin}) holds {' '.join(refused)}, which its build "
                           "(CMake, Ninja, make) cannot take in a source path",
                           "move or copy the tree to a path without quotes, '$', '`', '\\', ';' or line breaks "
                           "(a symbolic link will not do: the build reads the tree's real path)")
    return KernelSource(tree.resolve(), _version(kernel, tree), origin)


def _cargo(project: Path, *args: str) -> str:
    cargo = shutil.which("cargo")
    if not cargo:
        raise RtbenchError("cargo is not installed, so the registry copy of the kernel cannot be fetched",
                           "run scripts/setup.sh, or give the kernel's path with --kernel-src")
    proc = subprocess.run([cargo, *args, "--manifest-path", str(project / "Cargo.toml")],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RtbenchError(f"cargo {args[0]} failed: {proc.stderr.strip()[-800:]}",
                           "check network access to the crate registry, or give the kernel's path with --kernel-src")
    return proc.stdout


def from_registry(kernel: Kernel) -> KernelSource:
    spec = kernel.spec["source"]
    crate, version = spec["crate"], spec["crate_version"]
    project = kernel_sources_dir()
    _cargo(project, "fetch")
    metadata = json.loads(_cargo(project, "metadata", "--format-version", "1"))
    package = next((p for p in metadata["packages"] if p["name"] == crate and p["version"] == version), None)
    if package is None:
        raise RtbenchError(f"cargo did not resolve {crate} {version}", f"check {project / 'Cargo.toml'}")
    lock = tomllib.loads((project / "Cargo.lock").read_text())
    checksum = next((p.get("checksum") for p in lock.get("package", [])
                     if p["name"] == crate and p["version"] == version), None)
    if checksum != spec["crate_checksum"]:
        raise RtbenchError(f"{crate} {version} has checksum {checksum}, not the pinned {spec['crate_checksum']}",
                           "the registry served different content: do not build from it")
    tree = Path(package["manifest_path"]).parent / spec.get("crate_subdir", "")
    return _checked(kernel, tree, f"crate {crate} {version} (cargo registry, sha256 {checksum[:12]}...)")


def debian_package(kernel: Kernel) -> KernelSource:
    """A prebuilt kernel from Debian's archive (apt), downloaded into the user's cache."""
    from . import guest_kernel  # apt is consulted only for such kernels

    package = guest_kernel.fetch(kernel)
    return KernelSource(None, f"Linux {package.release} (Debian {package.version})",
                        f"Debian package {package.name} {package.version} ({package.architecture}), "
                        f"sha256 {package.sha256}")


def locate(kernel: Kernel, explicit: Path | None = None) -> KernelSource:
    """The user's --kernel-src, else the port's environment variable, else the registry copy."""
    spec = kernel.spec.get("source", {})
    if spec.get("running_kernel"):
        if explicit:
            raise RtbenchError(f"the {kernel.name} port uses the running kernel: --kernel-src does not apply",
                               "drop --kernel-src")
        return running_kernel(kernel)
    if spec.get("debian_package"):
        if explicit:
            raise RtbenchError(f"{kernel.name} is Debian's prebuilt kernel package: --kernel-src does not apply",
                               "drop --kernel-src")
        return debian_package(kernel)
    if explicit:
        return _checked(kernel, explicit, "--kernel-src")
    env = spec.get("env")
    if env and os.environ.get(env):
        return _checked(kernel, Path(os.environ[env]), env)
    if spec.get("crate"):
        return from_registry(kernel)
    how = spec.get("how_to_get") or "get it yourself"
    raise RtbenchError(f"no source for {kernel.name}: no package registry carries it, and "
                       f"{f'${env} is not set and ' if env else ''}no --kernel-src was given",
                       f"{how}; then pass --kernel-src PATH{f' or set {env}' if env else ''}")


def describe(kernel: Kernel) -> str:
    """How rtbench gets this kernel's source, for `rtbench sources`."""
    spec = kernel.spec.get("source", {})
    ways = []
    if spec.get("env"):
        ways.append(f"${spec['env']} or --kernel-src PATH")
    if spec.get("crate"):
        ways.append(f"default: crate {spec['crate']} {spec['crate_version']} from cargo's registry "
                    f"(sha256 {spec['crate_checksum'][:12]}..., subdirectory {spec.get('crate_subdir', '.')})")
    if spec.get("how_to_get"):
        ways.append(str(spec["how_to_get"]))
    return "; ".join(ways) or "no source description"
