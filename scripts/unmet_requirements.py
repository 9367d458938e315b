#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Prints the requirements of pyproject.toml that the installed packages do not satisfy.

    python3 scripts/unmet_requirements.py base     # the package's own dependencies
    python3 scripts/unmet_requirements.py soc      # an extra

One line, requirements separated by "; ", each with what was found; nothing when all are met. A
requirement with extras (dask[distributed]) is met only when the extras' packages are too.
scripts/setup.sh (scripts/install_parts.py) installs a group when this finds anything. Versions are ranges, checked with
packaging's specifiers (pip vendors packaging, so it works before the package is installed)."""
from __future__ import annotations

import argparse
import importlib.metadata as md
import sys
import tomllib
from pathlib import Path

try:
    from packaging.requirements import Requirement
except ImportError:  # pragma: no cover - packaging is not installed, pip's copy is
    from pip._vendor.packaging.requirements import Requirement


def _extras_needs(name: str, extras: set[str]) -> list[str]:
    """What an installed package's extras (dask[distributed]) require, with the marker removed."""
    needs = []
    for text in md.requires(name) or []:
        requirement = Requirement(text)
        marker = requirement.marker
        if marker is None or marker.evaluate({"extra": ""}):
            continue  # the package's own dependencies: pip keeps those
        if any(marker.evaluate({"extra": extra}) for extra in extras):
            requirement.marker = None
            needs.append(str(requirement))
    return needs


def unmet(requirements: list[str], via: str = "") -> list[str]:
    out = []
    for text in requirements:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        try:
            found = md.version(requirement.name)
        except md.PackageNotFoundError:
            out.append(f"{text} (not installed{via})")
            continue
        if not requirement.specifier.contains(found, prereleases=True):
            out.append(f"{text} (found {found}{via})")
        elif requirement.extras:
            # An extra's packages are missing when they were never installed: dask without distributed.
            out += unmet(_extras_needs(requirement.name, set(requirement.extras)), f", for {text}")
    return out


def group_requirements(pyproject: Path, group: str) -> list[str]:
    """The requirement strings of a group: "base" (the package's dependencies) or an extra."""
    project = tomllib.loads(pyproject.read_text())["project"]
    extras = project.get("optional-dependencies", {})
    if group == "base":
        return list(project.get("dependencies", []))
    if group not in extras:
        raise KeyError(group)
    return list(extras[group])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("group", help="'base' (the package's dependencies) or the name of an extra")
    parser.add_argument("--pyproject", type=Path, default=Path(__file__).resolve().parent.parent / "pyproject.toml")
    args = parser.parse_args()
    try:
        wanted = group_requirements(args.pyproject, args.group)
    except KeyError:
        parser.error(f"no group '{args.group}' in {args.pyproject}")
    print("; ".join(unmet(wanted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
