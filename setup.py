# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The build step that makes a wheel self-contained.

rtbench reads three trees at run time that live outside the Python package in the checkout:
firmware/ (the C sources, linker scripts, CMake and TOML files, the SoC's Python scripts),
kernel-sources/ (the cargo project that pins registry kernel sources) and docs/schema/ (the
published result schemas). A wheel carries copies of them inside the package, as
rtbench/firmware, rtbench/kernel_sources and rtbench/schemas; rtbench/paths.py looks there
first and falls back to the checkout. An editable install copies nothing and keeps using the
checkout's trees. Everything else is configured in pyproject.toml."""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# checkout directory -> directory inside the installed package
TREES = {"firmware": "firmware", "kernel-sources": "kernel_sources", "docs/schema": "schemas"}
# Build products and caches that may sit in a developer's checkout.
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "Cargo.lock", "target")


class BuildWithTrees(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's trees in place
        for source, name in TREES.items():
            destination = Path(self.build_lib) / "rtbench" / name
            shutil.rmtree(destination, ignore_errors=True)
            shutil.copytree(ROOT / source, destination, ignore=IGNORE)


setup(cmdclass={"build_py": BuildWithTrees})
