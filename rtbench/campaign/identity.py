# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A cell's identity: a stable hash of everything that can change its numbers, so that a cell
already stored is recognised (and skipped) and a worker set up from other sources is refused."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .. import __version__

# Build products and caches that may sit in a firmware tree (the SoC scripts are Python).
_IGNORED_PARTS = ("__pycache__",)
_IGNORED_SUFFIXES = (".pyc",)


def firmware_fingerprint(root: Path) -> str:
    """rtbench's version and a hash of every file of its firmware tree (path and content): what
    the images and simulation models are built from. Equal on every machine set up from the
    same rtbench, whether from a checkout or a wheel."""
    digest = hashlib.sha256(f"rtbench {__version__}\n".encode())
    files = sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()
                   and not set(p.relative_to(root).parts) & set(_IGNORED_PARTS) and p.suffix not in _IGNORED_SUFFIXES)
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"{__version__}+{digest.hexdigest()[:16]}"


def cell_key(identity: dict[str, Any]) -> str:
    """16 hex digits of the SHA-256 of the identity as canonical JSON."""
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
