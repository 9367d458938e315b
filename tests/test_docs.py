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
COMMANDS = ("scripts/setup.sh && python3 -m rtbench run", "scripts/setup.sh --all && python3 -m pytest -q")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    missing = [name for name in ("mkdocs", "material") if importlib.util.find_spec(name) is None]
    assert not missing, f"{', '.join(missing)} not installed: scripts/setup.sh --part docs installs them"
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
    ci = (REPO / ".ci" / "run").read_text()
    assert "bash scripts/setup.sh --all" in ci and "python3 -m pytest -q" in ci


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


# A figure cell: a number, perhaps with a unit or a ratio sign ("1.58x", "39 %", "77.5 MHz").
_FIGURE = re.compile(r"^[-+~≈]?\d[\d,. ]*\s?(%|x|×|ms|µs|us|ns|s|KiB|KB|MiB|bytes|MHz|cycles|instructions)?$")
_NOT_MEASURED = re.compile(r"<!--\s*rtbench:not-measured\b")
_FENCE = re.compile(r"^\s*(```|~~~)")


def typed_figure_rows(text: str) -> list[str]:
    """Table rows that look like measured figures typed into a page: two or more number cells,
    one of them of three digits or more, outside fenced code, in a table not marked as
    configuration by <!-- rtbench:not-measured REASON --> on a line just before it."""
    found, fenced, exempt, previous = [], False, False, ""
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        stripped = line.strip()
        if fenced or not stripped.startswith("|"):
            exempt = exempt and stripped.startswith("|")
            previous = stripped or previous
            continue
        if not previous.startswith("|"):
            exempt = bool(_NOT_MEASURED.search(previous))
        previous = stripped
        cells = [c.strip().strip("*`") for c in stripped.strip("|").split("|")]
        figures = [c for c in cells if _FIGURE.match(c)]
        if not exempt and len(figures) >= 2 and any(sum(ch.isdigit() for ch in c) >= 3 for c in figures):
            found.append(stripped)
    return found


def test_the_typed_figure_check_finds_a_typed_table() -> None:
    page = "| kernel | a | b |\n| --- | ---: | ---: |\n| FreeRTOS | 145 | 52 |\n"
    assert typed_figure_rows(page) == ["| FreeRTOS | 145 | 52 |"]
    assert typed_figure_rows("<!-- rtbench:not-measured the tick rates -->\n" + page) == []
    assert typed_figure_rows("```\n" + page + "```\n") == []


def test_no_measured_figure_is_typed_into_the_docs() -> None:
    """Published numbers are data: every table of figures comes from a marker (rtbench:table,
    rtbench:study, rtbench:command, rtbench:script), rendered from the stored reference runs."""
    pages = [README, *sorted((REPO / "docs").rglob("*.md"))]
    typed = {str(p.relative_to(REPO)): rows for p in pages if (rows := typed_figure_rows(p.read_text()))}
    assert not typed, "typed figures (render them from a reference run instead):\n" + "\n".join(
        f"{page}: {len(rows)} row(s), first: {rows[0]}" for page, rows in typed.items())
