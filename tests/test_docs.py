# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The documentation: the site builds with `mkdocs build --strict` (every link and anchor
resolves), its generated pages cover the whole catalogue and command line, and the README stays
a short front door that still gives the two commands."""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import catalogue
from rtbench.cli import parser

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
COMMANDS = ("scripts/setup.sh && python3 -m rtbench run", "scripts/setup.sh && python3 -m pytest -q")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    missing = [name for name in ("mkdocs", "material") if importlib.util.find_spec(name) is None]
    assert not missing, f"{', '.join(missing)} not installed: scripts/setup.sh installs pyproject.toml's docs extra"
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)], cwd=REPO,
                          capture_output=True, text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def test_the_readme_is_a_front_door_with_the_two_commands() -> None:
    text = README.read_text()
    assert len(text.splitlines()) <= 200
    for command in COMMANDS:
        assert f"\n{command}\n" in text, command
    assert "`.ci/run` runs exactly this" in text


def test_the_readmes_links_into_the_repository_resolve() -> None:
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README.read_text())
    local = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert local, "the README links into docs/"
    assert [t for t in local if not (REPO / t).exists()] == []


def test_every_benchmark_has_a_page(site: Path) -> None:
    for bench in catalogue.scan():
        page = site / "benchmarks" / bench.name / "index.html"
        assert page.is_file(), bench.name
        assert bench.name in page.read_text()
    index = (site / "benchmarks" / "index.html").read_text()
    assert all(f'href="{b.name}/"' in index for b in catalogue.scan())


def test_the_cli_reference_lists_every_subcommand(site: Path) -> None:
    reference = (site / "cli" / "index.html").read_text()
    subparsers = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    names = [name for action in subparsers for name in action.choices]
    assert len(names) >= 10
    for name in names:
        assert f"rtbench {name}" in reference, name


def test_targets_and_kernels_have_pages(site: Path) -> None:
    for folder, description in (("targets", "target.toml"), ("kernels", "os.toml")):
        source = "targets" if folder == "targets" else "os"
        names = [p.parent.name for p in (REPO / "firmware" / source).glob(f"*/{description}")]
        assert names
        for name in names:
            assert (site / folder / name / "index.html").is_file(), f"{folder}/{name}"
