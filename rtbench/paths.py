# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
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


def _nearest_existing(path: Path) -> Path:
    path = path.absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


_HOME_HINT = "give --home (or $RTBENCH_HOME) a directory you can {}"
# Characters a build directory cannot hold: the build tools would read them as quoting or variables.
_UNSAFE_IN_BUILD_PATHS = "\"'$`\\;"
# And in the workspace, where the images are linked: ld reads '%' in the map file's path as a
# placeholder; CMake cuts its cache path at a line break.
_UNSAFE_IN_WORKSPACE = _UNSAFE_IN_BUILD_PATHS + "%"
NAME_MAX = 255  # bytes in one file name (Linux, and most file systems)
PATH_MAX = 4095  # bytes in a whole path


def shown_path(path: Path) -> str:
    """A path as a message can print it: quoted with its control characters escaped when it has any."""
    text = str(path)
    return repr(text) if any(ord(c) < 32 or ord(c) == 127 for c in text) else text


def _path_too_long(path: Path) -> str | None:
    """What makes `path` one the system cannot name (ENAMETOOLONG), or None."""
    raw = os.fsencode(path)
    if len(raw) > PATH_MAX:
        return f"it is {len(raw)} bytes long, more than the {PATH_MAX} a path can have"
    for part in raw.split(b"/"):
        if len(part) > NAME_MAX:
            name = os.fsdecode(part)
            return (f"its component '{name[:24]}...{name[-8:]}' is {len(part)} bytes long, more than the "
                    f"{NAME_MAX} a file name can have")
    return None


@dataclass(frozen=True)
class Workspace:
    """The working directory of a user: builds, raw console logs and the result store."""

    root: Path

    def __post_init__(self) -> None:
        # Absolute: builds run with the firmware directory as working directory, so a relative
        # --home would name another place there.
        object.__setattr__(self, "root", Path(self.root).absolute())
        problem = _path_too_long(self.root)
        if problem:  # every look at such a path fails with an OSError (Errno 36)
            raise RtbenchError(f"the workspace {shown_path(self.root)} cannot exist: {problem}",
                               "give --home (or $RTBENCH_HOME) a shorter path")

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

    def check_readable(self) -> None:
        """For commands that only read the store (report, compare, check, runs, cache, deadline).

        The workspace must be a directory rtbench may read, and its store, where one exists, a
        readable file. A workspace that does not exist passes: opening its store then says that
        no runs are stored yet. Creates nothing."""
        root = self.root
        if root.exists():
            if not root.is_dir():
                raise RtbenchError(f"the workspace {root} is a file, not a directory", _HOME_HINT.format("read"))
            if not os.access(root, os.R_OK | os.X_OK):
                raise RtbenchError(f"cannot read the workspace {root}: permission denied", _HOME_HINT.format("read"))
        store = self.store
        if store.exists():
            if not store.is_file():
                raise RtbenchError(f"the result store {store} is not a file", _HOME_HINT.format("read"))
            if not os.access(store, os.R_OK):
                raise RtbenchError(f"cannot read the result store {store}: permission denied",
                                   _HOME_HINT.format("read"))

    def check_writable(self) -> None:
        """For commands that build, run or store (run, footprint).

        The workspace must be a directory rtbench may write, or one it may create (its nearest
        existing ancestor a writable directory); its build and log directories and its store,
        where they exist, must be writable too. Creates nothing."""
        root = self.root
        hint = _HOME_HINT.format("write")
        awkward = sorted(c for c in set(str(root)) if c in _UNSAFE_IN_WORKSPACE or ord(c) < 32 or ord(c) == 127)
        if awkward:
            # CMake, Ninja and ld pass the build directory through shells and their own escapes.
            raise RtbenchError(f"the workspace {shown_path(root)} holds {' '.join(repr(c) for c in awkward)}, which "
                               "CMake, Ninja and the linker cannot take in a build directory",
                               "give a --home (or $RTBENCH_HOME) without quotes, '$', '`', '\\', ';', '%' or "
                               "control characters (a line break, a tab)")
        existing = _nearest_existing(root)
        if not existing.is_dir():
            if existing == root:
                raise RtbenchError(f"the workspace {root} is a file, not a directory", hint)
            raise RtbenchError(f"the workspace {root} cannot be created: {existing} is a file", hint)
        if not os.access(existing, os.W_OK | os.X_OK):
            what = f"the workspace {root}" if existing == root else f"{existing} (to create the workspace {root})"
            raise RtbenchError(f"cannot write {what}: permission denied or read-only file system", hint)
        for directory in (self.builds, self.logs):
            if directory.exists() and (not directory.is_dir() or not os.access(directory, os.W_OK | os.X_OK)):
                raise RtbenchError(f"cannot write {directory}: not a writable directory", hint)
        store = self.store
        if store.exists() and (not store.is_file() or not os.access(store, os.R_OK | os.W_OK)):
            raise RtbenchError(f"cannot write the result store {store}: "
                               + ("not a file" if not store.is_file() else "permission denied or read-only"), hint)


def unusable_in_build_path(path: Path) -> list[str]:
    """The characters of `path` that CMake, Ninja and make cannot take in a path they build from
    or into (shells and their own escapes), as repr: quotes, '$', '`', '\\', ';', line breaks."""
    return [repr(c) for c in sorted(set(str(path)) & set(_UNSAFE_IN_BUILD_PATHS + "\n\r"))]
