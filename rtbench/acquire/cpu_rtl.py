# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""CPU cores that come as a Verilog checkout, not a Python package: Hazard3 (the RP2350's core),
from github.com/Wren6991/Hazard3 at the revision rtbench was tested with. rtbench never copies
it: the set-up points at a copy beside the checkout (CI's ../shared/cores/hazard3) or clones it
into the user's cache, and RTBENCH_HAZARD3 names any other. A model's key and the manifest carry
the checkout's content hash, so another revision is another model."""
from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

from ..paths import REPO_DIR, user_cache_dir

HAZARD3_ENV = "RTBENCH_HAZARD3"
HAZARD3_REPOSITORY = "https://github.com/Wren6991/Hazard3"
HAZARD3_REVISION = "82729101218bd0dbdb481fe06a38cae87674034e"  # v1.0.1
# The key versions() files it under in a model's key and the manifest.
HAZARD3_KEY = "hazard3-rtl"


def hazard3_cache() -> Path:
    """Where the set-up clones Hazard3 when no copy is beside the checkout."""
    return user_cache_dir() / "cores" / "hazard3"


def hazard3_candidates() -> list[Path]:
    """Where Hazard3 is looked for, in order: $RTBENCH_HAZARD3, beside the checkout, the cache."""
    named = os.environ.get(HAZARD3_ENV, "")
    if named:
        return [Path(named)]
    return [REPO_DIR.parent / "shared" / "cores" / "hazard3", hazard3_cache()]


def is_hazard3(path: Path) -> bool:
    return (path / "hdl" / "hazard3.f").is_file() and (path / "hdl" / "hazard3_cpu_2port.v").is_file()


def locate_hazard3() -> Path | None:
    return next((path.resolve() for path in hazard3_candidates() if is_hazard3(path)), None)


@functools.cache
def rtl_identity(path: Path) -> str:
    """A hash of the core's Verilog (hdl/: sources, headers, file list), names and contents."""
    digest = hashlib.sha256()
    hdl = path / "hdl"
    for file in sorted(p for p in hdl.rglob("*") if p.is_file() and p.suffix in (".v", ".vh", ".f")):
        digest.update(file.relative_to(hdl).as_posix().encode() + b"\0" + file.read_bytes())
    return f"sha256:{digest.hexdigest()[:16]}"


def hazard3_version() -> str:
    """Its identity for a model's key and the manifest, or "missing"."""
    found = locate_hazard3()
    return rtl_identity(found) if found is not None else "missing"


def missing_hint() -> str:
    looked = ", ".join(str(p) for p in hazard3_candidates())
    return (f"Hazard3's Verilog was not found (looked in {looked}): run scripts/setup.sh --part hazard3, or set "
            f"{HAZARD3_ENV} to a checkout of {HAZARD3_REPOSITORY} at {HAZARD3_REVISION[:12]} (v1.0.1)")
