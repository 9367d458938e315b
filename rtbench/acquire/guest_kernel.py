# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Prebuilt guest kernels from Debian's archive (linux-rt: linux-image-rt-armmp, armhf).

The package comes through apt, as a multiarch download of its .deb (`apt-get download
NAME:armhf`, which needs `dpkg --add-architecture armhf` and `apt-get update`: scripts/setup.sh
--part linux-rt does both). The .deb is kept in the user's cache (checked against the SHA256 apt's index gives
for it), and the files the runner boots (kernel image, device tree, config) are extracted from it
into the workspace. Nothing of it is ever committed. `python3 -m rtbench.acquire.guest_kernel fetch`
downloads it ahead of time (setup.sh --part linux-rt runs it)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import user_cache_dir
from . import processes, setup_parts
from .build_once import exclusive
from .platforms import Kernel, find_kernel
from .provenance import file_sha256

SETUP_HINT = ("run scripts/setup.sh --part linux-rt (it runs dpkg --add-architecture armhf, apt-get update "
              "and fetches the package)")


@dataclass(frozen=True)
class Package:
    """One downloaded kernel package."""

    name: str  # linux-image-6.1.0-50-rt-armmp
    version: str  # 6.1.176-1
    architecture: str
    sha256: str
    deb: Path

    @property
    def release(self) -> str:
        """The kernel release (`uname -r`) the package's name carries."""
        return self.name.removeprefix("linux-image-")


@dataclass(frozen=True)
class GuestKernel:
    """The files the runner boots, extracted into the workspace."""

    package: Package
    image: Path
    device_tree: Path
    config: Path

    def manifest(self) -> dict[str, Any]:
        return {"package": self.package.name, "version": self.package.version,
                "architecture": self.package.architecture, "sha256": self.package.sha256,
                "release": self.package.release, "image": str(self.image), "device_tree": str(self.device_tree)}

    def config_value(self, option: str) -> str | None:
        for line in self.config.read_text(errors="replace").splitlines():
            if line.startswith(option + "="):
                return line.split("=", 1)[1]
        return None


def _apt(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    if not shutil.which(args[0]):
        raise RtbenchError(f"{args[0]} not found: fetching the guest kernel needs apt", SETUP_HINT)
    return processes.run(list(args), timeout=600, cwd=cwd)


def _cache() -> Path:
    folder = user_cache_dir() / "debian"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise RtbenchError(f"cannot create {folder}: {err.strerror or err}",
                           "set XDG_CACHE_HOME to a writable directory") from None
    return folder


def _show(name: str) -> dict[str, str]:
    """apt's index entry for one package (the candidate version)."""
    proc = _apt("apt-cache", "show", "--no-all-versions", name)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise RtbenchError(f"apt does not know {name}", SETUP_HINT)
    fields: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        if not line.strip():
            break  # the first stanza is the candidate
        key, sep, value = line.partition(":")
        if sep and not line[0].isspace():
            fields[key] = value.strip()
    return fields


def resolve(meta: str, arch: str) -> tuple[str, str, str]:
    """The versioned kernel package a meta-package (linux-image-rt-armmp) stands for: its
    name, version and the SHA256 of its .deb, from apt's index."""
    fields = _show(f"{meta}:{arch}")
    name = meta
    if not meta[len("linux-image-"):][:1].isdigit():
        depends = re.findall(r"(linux-image-[0-9][\w.+-]*)", fields.get("Depends", ""))
        if not depends:
            raise RtbenchError(f"{meta}:{arch} does not name a kernel package it depends on", SETUP_HINT)
        name = depends[0]
        fields = _show(f"{name}:{arch}")
    if "SHA256" not in fields or "Version" not in fields:
        raise RtbenchError(f"apt's index has no version or SHA256 for {name}:{arch}", SETUP_HINT)
    return name, fields["Version"], fields["SHA256"]


def _record(deb: Path) -> Path:
    return deb.with_suffix(".json")


def _cached(meta: str, arch: str) -> Package | None:
    """The newest package already downloaded for this meta-package (used when apt's index
    cannot be read, e.g. offline)."""
    found = []
    for record in sorted(_cache().glob("linux-image-*.json")):
        try:
            data = json.loads(record.read_text())
            package = Package(data["name"], data["version"], data["architecture"], data["sha256"], Path(data["deb"]))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if package.architecture == arch and package.deb.exists() and meta.endswith(package.release.split("-", 2)[-1]):
            found.append(package)
    return found[-1] if found else None


def cached(kernel: Kernel) -> Package | None:
    """The kernel's package if it was downloaded already (nothing is fetched)."""
    spec = kernel.spec["source"]
    return _cached(str(spec["debian_package"]), str(spec["debian_architecture"]))


def fetch(kernel: Kernel) -> Package:
    """The kernel's package as a checked .deb in the cache, downloaded with apt if missing."""
    spec = kernel.spec["source"]
    meta, arch = str(spec["debian_package"]), str(spec["debian_architecture"])
    try:
        name, version, sha256 = resolve(meta, arch)
    except RtbenchError:
        cached = _cached(meta, arch)
        if cached is None:
            raise
        return cached
    folder = _cache()
    deb = folder / f"{name}_{version.replace(':', '%3a')}_{arch}.deb"
    if not deb.exists() or file_sha256(deb) != sha256:
        # apt-get download writes into its working directory: the cache.
        proc = _apt("apt-get", "download", f"{name}:{arch}={version}", cwd=folder)
        if proc.returncode != 0 or not deb.exists():
            raise RtbenchError(f"apt-get download {name}:{arch}={version} failed: {proc.stderr.strip()[-400:]}",
                               SETUP_HINT)
    actual = file_sha256(deb)
    if actual != sha256:
        deb.unlink(missing_ok=True)
        raise RtbenchError(f"{deb.name} has SHA256 {actual}, not the {sha256} apt's index gives", "fetch it again")
    package = Package(name, version, arch, sha256, deb)
    _record(deb).write_text(json.dumps({**asdict(package), "deb": str(deb)}))
    return package


def extract(kernel: Kernel, package: Package, workspace_root: Path) -> GuestKernel:
    """The image, device tree and config from the .deb, in WORKSPACE/guest-kernels/<name>_<version>/."""
    spec = kernel.spec["source"]
    wanted = {key: "./" + str(spec[key]).format(release=package.release)
              for key in ("kernel_image", "device_tree", "config")}
    folder = workspace_root / "guest-kernels" / f"{package.name}_{package.version}"
    paths = {key: folder / member[2:] for key, member in wanted.items()}
    stamp = folder / "extracted.json"  # the package's SHA-256 and each extracted file's
    if _intact(stamp, package, paths.values()):
        return GuestKernel(package, paths["kernel_image"], paths["device_tree"], paths["config"])
    # One extraction at a time: shards and campaign cells that boot the kernel start together,
    # and one must not boot a file the other is writing.
    with exclusive(folder.with_name(folder.name + ".lock"), lambda: None):
        if not _intact(stamp, package, paths.values()):
            _extract_files(package, folder, wanted)
            files = {path.name: file_sha256(path) for path in paths.values()}
            stamp.write_text(json.dumps({"deb": package.sha256, "files": files}, indent=1) + "\n")
    return GuestKernel(package, paths["kernel_image"], paths["device_tree"], paths["config"])


def _extract_files(package: Package, folder: Path, wanted: dict[str, str]) -> None:
    if not shutil.which("dpkg-deb"):
        raise RtbenchError("dpkg-deb not found: extracting the guest kernel needs it",
                           setup_parts.install_hint("linux-rt", "dpkg"))
    folder.mkdir(parents=True, exist_ok=True)
    proc = processes.popen(["dpkg-deb", "--fsys-tarfile", str(package.deb)], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    found: set[str] = set()
    with processes.owned(proc):
        assert proc.stdout is not None
        with tarfile.open(fileobj=proc.stdout, mode="r|") as archive:
            for member in archive:
                if member.name in wanted.values() and member.isfile():
                    source = archive.extractfile(member)
                    assert source is not None
                    target = folder / member.name[2:]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(source.read())
                    found.add(member.name)
    missing = set(wanted.values()) - found
    if missing:
        raise RtbenchError(f"{package.deb.name} has no {', '.join(sorted(missing))}",
                           "the package's layout changed: update firmware/os/linux-rt/os.toml")


def _intact(stamp: Path, package: Package, paths: Iterable[Path]) -> bool:
    """The files were extracted from this package and none has changed since (a damaged or
    truncated kernel image is extracted again, never booted)."""
    try:
        recorded = json.loads(stamp.read_text())
        return recorded["deb"] == package.sha256 and all(
            path.is_file() and recorded["files"][path.name] == file_sha256(path) for path in paths)
    except (OSError, ValueError, KeyError, TypeError):
        return False


def main(argv: list[str]) -> int:
    """`python3 -m rtbench.acquire.guest_kernel fetch [KERNEL]`: download the package into the cache."""
    if len(argv) < 1 or argv[0] != "fetch":
        print("usage: python3 -m rtbench.acquire.guest_kernel fetch [KERNEL]", file=sys.stderr)
        return 2
    try:
        package = fetch(find_kernel(argv[1] if len(argv) > 1 else "linux-rt"))
    except RtbenchError as err:
        print(f"rtbench: {err}", file=sys.stderr)
        return 2
    print(f"{package.name} {package.version} ({package.architecture}) sha256 {package.sha256}: {package.deb}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
