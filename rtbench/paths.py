"""Where rtbench finds its firmware sources, kernel-source pins and result schemas, and where it
keeps its builds, logs and results.

rtbench runs from a checkout (firmware/, kernel-sources/ and docs/schema/ beside the package,
also for an editable install) or from a wheel, which carries copies of those trees inside the
package (rtbench/firmware, rtbench/kernel_sources, rtbench/schemas; see setup.py)."""
from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .errors import RtbenchError

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent

FIRMWARE_ENV = "RTBENCH_FIRMWARE"


def checkout_dir() -> Path | None:
    """The rtbench checkout this package runs from, or None for an installed wheel."""
    if (REPO_DIR / "pyproject.toml").is_file() and (REPO_DIR / "firmware").is_dir():
        return REPO_DIR
    return None


def _tree(installed: str, in_checkout: str) -> Path | None:
    """A tree the wheel carries inside the package, else the checkout's."""
    if (PACKAGE_DIR / installed).is_dir():
        return PACKAGE_DIR / installed
    checkout = checkout_dir()
    if checkout is not None and (checkout / in_checkout).is_dir():
        return checkout / in_checkout
    return None


def _not_installed(what: str, installed: str, in_checkout: str, also: str = "") -> RtbenchError:
    return RtbenchError(f"{what} is not installed with this rtbench (looked in {PACKAGE_DIR / installed} "
                        f"and {REPO_DIR / in_checkout})",
                        "reinstall rtbench from its wheel or from a checkout (pip install PATH)" + also)


def firmware_dir() -> Path:
    """The firmware sources: $RTBENCH_FIRMWARE, else the installed package's copy, else the checkout's."""
    override = os.environ.get(FIRMWARE_ENV)
    if override:
        path = Path(override)
        if not (path / "CMakeLists.txt").is_file() or not (path / "bench").is_dir():
            raise RtbenchError(f"{FIRMWARE_ENV}={override} is not rtbench's firmware directory "
                               "(no CMakeLists.txt and bench/ in it)",
                               f"point {FIRMWARE_ENV} at the firmware/ directory of an rtbench checkout, or unset it")
        return path
    found = _tree("firmware", "firmware")
    if found is None:
        raise _not_installed("rtbench's firmware (the C sources of the benchmarks, ports and targets)",
                             "firmware", "firmware",
                             f", or set {FIRMWARE_ENV} to the firmware/ directory of an rtbench checkout")
    return found


def schema_dir() -> Path:
    """The published JSON Schemas of rtbench's result documents (docs/schema/ in the checkout)."""
    found = _tree("schemas", "docs/schema")
    if found is None:
        raise _not_installed("the result schemas", "schemas", "docs/schema")
    return found


def user_cache_dir() -> Path:
    """rtbench's per-user cache: $XDG_CACHE_HOME/rtbench, by default ~/.cache/rtbench."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rtbench"


def kernel_sources_dir() -> Path:
    """The cargo project that pins the kernel sources package registries carry.

    cargo writes its Cargo.lock beside Cargo.toml. In a checkout that is kernel-sources/ (the
    lock is not committed). An installed package may be read-only and pip would not remove a
    lock written into it, so its copy is used from the user's cache, one directory per content."""
    shipped = PACKAGE_DIR / "kernel_sources"
    if not shipped.is_dir():
        checkout = checkout_dir()
        if checkout is not None and (checkout / "kernel-sources" / "Cargo.toml").is_file():
            return checkout / "kernel-sources"
        raise _not_installed("the cargo project that pins registry kernel sources", "kernel_sources",
                             "kernel-sources")
    files = {name: (shipped / name).read_bytes() for name in ("Cargo.toml", "lib.rs")}
    digest = hashlib.sha256(b"".join(files.values())).hexdigest()[:12]
    project = user_cache_dir() / f"kernel-sources-{digest}"
    try:
        project.mkdir(parents=True, exist_ok=True)
        for name, content in files.items():
            target = project / name
            if not target.is_file() or target.read_bytes() != content:
                # Written aside and renamed: a concurrent rtbench never sees half a file.
                with tempfile.NamedTemporaryFile(dir=project, delete=False) as tmp:
                    tmp.write(content)
                os.replace(tmp.name, target)
    except OSError as err:
        raise RtbenchError(f"cannot prepare the kernel-source pins in {project}: {err.strerror or err}",
                           "set XDG_CACHE_HOME to a writable directory") from None
    return project


@dataclass(frozen=True)
class Workspace:
    """The working directory of a user: builds, raw console logs and the result store."""

    root: Path

    @classmethod
    def default(cls) -> Workspace:
        return cls(Path(os.environ.get("RTBENCH_HOME", Path.cwd() / ".rtbench")))

    @property
    def builds(self) -> Path:
        return self.root / "build"

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def store(self) -> Path:
        return self.root / "results.sqlite"
