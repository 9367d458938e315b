#!/usr/bin/env python3
"""Prints the requirements of pyproject.toml that the installed packages do not satisfy.

    python3 scripts/unmet_requirements.py base     # the package's dependencies and its test tools
    python3 scripts/unmet_requirements.py soc      # an extra

One line, requirements separated by "; ", each with what was found; nothing when all are met.
scripts/setup.sh installs a group when this prints anything. Versions are ranges, checked with
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


def unmet(requirements: list[str]) -> list[str]:
    out = []
    for text in requirements:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        try:
            found = md.version(requirement.name)
        except md.PackageNotFoundError:
            out.append(f"{text} (not installed)")
            continue
        if not requirement.specifier.contains(found, prereleases=True):
            out.append(f"{text} (found {found})")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("group", help="'base' (dependencies and the test extra) or the name of an extra")
    parser.add_argument("--pyproject", type=Path, default=Path(__file__).resolve().parent.parent / "pyproject.toml")
    args = parser.parse_args()
    project = tomllib.loads(args.pyproject.read_text())["project"]
    extras = project.get("optional-dependencies", {})
    if args.group == "base":
        wanted = project.get("dependencies", []) + extras.get("test", [])
    elif args.group in extras:
        wanted = extras[args.group]
    else:
        parser.error(f"no group '{args.group}' in {args.pyproject}")
    print("; ".join(unmet(wanted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
