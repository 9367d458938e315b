"""Where rtbench finds its firmware sources and result schemas, and keeps its builds, logs and results."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .errors import RtbenchError

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def checkout_dir() -> Path | None:
    """The rtbench checkout this package runs from, or None for an installed package."""
    if (REPO_DIR / "pyproject.toml").is_file() and (REPO_DIR / "firmware").is_dir():
        return REPO_DIR
    return None


def _tree(installed: str, in_checkout: str) -> Path | None:
    """A tree installed inside the package, else the checkout's."""
    if (PACKAGE_DIR / installed).is_dir():
        return PACKAGE_DIR / installed
    checkout = checkout_dir()
    if checkout is not None and (checkout / in_checkout).is_dir():
        return checkout / in_checkout
    return None


def _not_installed(what: str, installed: str, in_checkout: str) -> RtbenchError:
    return RtbenchError(f"{what} is not installed with this rtbench (looked in {PACKAGE_DIR / installed} "
                        f"and {REPO_DIR / in_checkout})", "reinstall rtbench")


def firmware_dir() -> Path:
    return Path(os.environ.get("RTBENCH_FIRMWARE", REPO_DIR / "firmware"))


def schema_dir() -> Path:
    """The published JSON Schemas of rtbench's result documents (docs/schema/ in the checkout)."""
    found = _tree("schemas", "docs/schema")
    if found is None:
        raise _not_installed("the result schemas", "schemas", "docs/schema")
    return found


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
