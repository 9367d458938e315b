"""Where rtbench finds its firmware sources and keeps its builds, logs and results."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def firmware_dir() -> Path:
    return Path(os.environ.get("RTBENCH_FIRMWARE", REPO_DIR / "firmware"))


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
