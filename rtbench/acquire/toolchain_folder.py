# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A toolchain in a folder of its own rather than on PATH: RTEMS's, which no registry carries and
scripts/rtems_toolchain.sh builds. A target's `[kernels.<name>]` table names the folder
(`toolchain_folder = { env = "RTEMS_TOOLS", default = "rtems-tools" }`: the variable, else that
folder of the default workspace, as the script chooses it) and the target, as it builds that
kernel, names its compiler and tools by their paths in the folder's bin/, which the build gets as
RTB_TOOLS_DIR. Where the folder holds no toolchain the names stay bare, and the checks say so."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..paths import Workspace


def folder(spec: dict[str, Any]) -> Path | None:
    """The toolchain's folder (its bin/ holds the tools), or None for a toolchain on PATH."""
    named = spec.get("toolchain_folder")
    if not named:
        return None
    given = os.environ.get(str(named["env"]))
    return Path(given) if given else Workspace.default().root / str(named["default"])


def resolved(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec with its tools named by their paths in the folder, where the folder has them."""
    root = folder(spec)
    if root is None:
        return spec
    bin_dir = (root / "bin").absolute()

    def located(name: str) -> str:
        path = bin_dir / name
        return str(path) if os.access(path, os.X_OK) else name

    out = {**spec, "tools_dir": str(bin_dir)}
    for key in ("compiler", "addr2line"):
        if key in spec:
            out[key] = located(str(spec[key]))
    out["tools"] = {located(str(tool)): package for tool, package in spec.get("tools", {}).items()}
    return out
