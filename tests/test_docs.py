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
import tomllib
from pathlib import Path

import pytest

from rtbench.acquire import catalogue, platforms
from rtbench.cli import parser
from rtbench.errors import RtbenchError
from rtbench.reports import benchmark_figures, code_facts, reference_runs
from tests import doc_anchors, doc_counts, doc_statistics, modules

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
COMMANDS = ("scripts/setup.sh && python3 -m rtbench run", "scripts/setup.sh --all && python3 -m pytest -q")


def _build(out: Path) -> subprocess.Popen[str]:
    """`mkdocs build --strict` into `out`. Neither --quiet nor --verbose: mkdocs 1.6's --quiet
    raises its logger to ERROR, so strict mode counts no warning at all (a broken anchor passed),
    and --verbose stops it from collecting links to anchors (mkdocs issues #4126 and #3991)."""
    return subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two clean builds of the site, side by side, into two folders."""
    missing = [name for name in ("mkdocs", "material") if importlib.util.find_spec(name) is None]
    assert not missing, f"{', '.join(missing)} not installed: scripts/setup.sh --part docs installs them"
    first, second = tmp_path_factory.mktemp("site-a"), tmp_path_factory.mktemp("site-b")
    builds = [_build(first), _build(second)]
    for build in builds:
        output, _ = build.communicate(timeout=900)
        assert build.returncode == 0, output
    return first, second


@pytest.fixture(scope="module")
def site(sites: tuple[Path, Path]) -> Path:
    return sites[0]


def site_differences(first: Path, second: Path) -> list[str]:
    """The files that differ between two built sites, or that only one of them has."""
    files = {p.relative_to(first) for p in first.rglob("*") if p.is_file()}
    others = {p.relative_to(second) for p in second.rglob("*") if p.is_file()}
    differ = [f"{name}: only in one build" for name in sorted(files ^ others)]
    return differ + [f"{name}: differs" for name in sorted(files & others)
                     if (first / name).read_bytes() != (second / name).read_bytes()]


def test_two_clean_builds_of_the_site_are_byte_identical(sites: tuple[Path, Path]) -> None:
    first, second = sites
    assert site_differences(first, second) == []
    leaked = {str(REPO), str(first), str(second)}
    assert [str(p.relative_to(first)) for p in first.rglob("*") if p.is_file()
            and any(path.encode() in p.read_bytes() for path in leaked)] == [], "a machine path in the site"


def test_site_differences_names_the_files(tmp_path: Path) -> None:
    (tmp_path / "a" / "x").mkdir(parents=True)
    (tmp_path / "b" / "x").mkdir(parents=True)
    for side, text in (("a", "one"), ("b", "two")):
        (tmp_path / side / "x" / "index.html").write_text(text)
        (tmp_path / side / "same.css").write_text("body {}")
    (tmp_path / "b" / "extra.js").write_text("")
    assert site_differences(tmp_path / "a", tmp_path / "b") == ["extra.js: only in one build", "x/index.html: differs"]


def _pages() -> dict[str, doc_anchors.Page]:
    extensions = doc_anchors.site_extensions(REPO / "mkdocs.yml")
    sources = [README, *sorted((REPO / "docs").rglob("*.md"))]
    return {str(p.relative_to(REPO)): doc_anchors.read_page(p.read_text(), extensions) for p in sources}


def test_links_to_headings_target_ascii_ids_every_renderer_gives() -> None:
    """A link's fragment is an ASCII id of a heading on its page; a heading with non-ASCII text
    that something links to carries an explicit id (toc's slug and GitHub's differ for it)."""
    assert doc_anchors.problems(_pages()) == []


def test_the_anchor_check_finds_a_link_to_a_non_ascii_slug() -> None:
    extensions = doc_anchors.site_extensions(REPO / "mkdocs.yml")
    target = "# P\n\n## µT-Kernel 3.0 (`mtkernel/`)\n\n## µITRON {#itron}\n\n## Plain\n"
    links = ("[a](../porting.md#µt-kernel-30-mtkernel) [b](../porting.md#t-kernel-30-mtkernel) "
             "[c](../porting.md#itron) [d](../porting.md#plain) [e](../porting.md#gone) [f](https://x.org/#Q)")
    pages = {"docs/porting.md": doc_anchors.read_page(target, extensions),
             "docs/guides/k.md": doc_anchors.read_page(links, extensions)}
    found = doc_anchors.problems(pages)
    assert [line.split(": ")[1] for line in found] == [
        "link '../porting.md#µt-kernel-30-mtkernel'", "link '../porting.md#t-kernel-30-mtkernel'",
        "link '../porting.md#gone'"]
    assert "not a lower-case ASCII id" in found[0] and "explicit ASCII id" in found[1] and "no such id" in found[2]


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


def test_a_benchmark_page_shows_its_stored_figures_and_studies(site: Path) -> None:
    cells = benchmark_figures.catalogue_cells()
    runs = {cell.name: reference_runs.load(cell.name) for cell in cells}
    page = (site / "benchmarks" / "task_switch" / "index.html").read_text()
    for cell in cells:
        row = next(r for r in runs[cell.name]["results"] if r["bench"] == "task_switch")
        shown = re.search(rf"<code>{re.escape(cell.name)}</code></td>(.*?)</tr>", page, re.DOTALL)
        assert shown and f">{reference_runs.figure(row)}</td>" in shown.group(1), cell.name
    assert "../../studies/weiss/" in page  # a study whose criteria it measures
    # A split median stays in its cell of the table; a benchmark that is not ok says why.
    table = benchmark_figures.table("irq_latency", runs, cells)
    split = [line for line in table.splitlines() if "qemu-a9-linux-rt" in line]
    assert split and split[0].count(" | ") == 4 and "\\|" in split[0]
    tick = benchmark_figures.table("tick_cost", runs, cells)
    assert "unsupported" in tick and "\n- `qemu-a9-linux-rt` tick_cost[tasks=0]" in tick


def test_the_cli_reference_lists_every_subcommand(site: Path) -> None:
    reference = (site / "cli" / "index.html").read_text()
    subparsers = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    names = [name for action in subparsers for name in action.choices]
    assert len(names) >= 10
    for name in names:
        assert f"rtbench {name}" in reference, name
    # A command that reads runs shows its own output on a reference run, printed at build time.
    assert "$ rtbench report qemu-m3-threadx-wake-order.json" in reference
    assert "sem_wake_order" in reference and "rtbench:command" not in reference


def _command_names() -> list[str]:
    subparsers = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return [name for action in subparsers for name in action.choices]


def test_every_command_has_one_example_in_the_cli_reference() -> None:
    examples = tomllib.loads((REPO / "docs" / "cli-examples.toml").read_text())
    assert sorted(examples) == sorted(_command_names())
    assert {name: sorted(e) for name, e in examples.items() if sorted(e) not in (["run"], ["described"])} == {}
    measuring = {"run", "campaign", "history", "ab", "bisect", "calibrate", "footprint", "kernels"}
    assert [name for name in measuring if "run" in examples[name]] == [], "a command that measures is described"
    typed = [name for name, e in examples.items() if re.search(r"\d+\.\d+\s*(cycles|instructions|MHz|%)",
                                                              e.get("described", ""))]
    assert typed == [], "a described example names no measured figure"


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
    rtbench:study, rtbench:command, rtbench:table-view), rendered from the stored reference runs."""
    pages = [README, *sorted((REPO / "docs").rglob("*.md"))]
    typed = {str(p.relative_to(REPO)): rows for p in pages if (rows := typed_figure_rows(p.read_text()))}
    assert not typed, "typed figures (render them from a reference run instead):\n" + "\n".join(
        f"{page}: {len(rows)} row(s), first: {rows[0]}" for page, rows in typed.items())


def test_count_and_names_markers_follow_the_code() -> None:
    kernels = code_facts.members("kernels")
    page = ("It runs <!-- rtbench:count kernels --> kernels: <!-- rtbench:names kernels -->.\n"
            "`<!-- rtbench:count kernels -->` shows one.\n```\n<!-- rtbench:names targets -->\n```\n")
    lines = code_facts.replace_markers(page).split("\n")
    assert lines[0] == f"It runs {len(kernels)} kernels: " + ", ".join(f"`{k}`" for k in kernels[:-1]) + \
        f" and `{kernels[-1]}`."
    assert lines[1:] == page.split("\n")[1:]
    assert "freertos" in code_facts.members("profile:tick1k")
    assert "posix" not in code_facts.members("profile:tick1k")
    assert code_facts.members("targets")[-1] == "board"
    for unknown in ("<!-- rtbench:count ports -->", "<!-- rtbench:names profile:no-such-profile -->"):
        with pytest.raises(RtbenchError):
            code_facts.replace_markers(unknown)


def _prose_pages() -> dict[str, str]:
    """The README and the docs' pages, without the changelog (which records what was true then)."""
    pages = [README, *sorted((REPO / "docs").rglob("*.md"))]
    return {str(p.relative_to(REPO)): p.read_text() for p in pages if p.name != "changelog.md"}


def test_no_sentence_claims_a_stale_count() -> None:
    counts = doc_counts.true_counts()
    stale = {page: found for page, text in _prose_pages().items() if (found := doc_counts.stale_claims(text, counts))}
    assert stale == {}, "say these with <!-- rtbench:count SET --> (rtbench.reports.code_facts), or without a number"


def test_the_stale_count_check_finds_whole_set_claims_only() -> None:
    counts = {"kernel ports": {10, 7}, "kernels": {10, 7}, "targets": {9, 8}, "benchmarks": {83},
              "cpu variants": {4, 6}}
    page = ("# Limitations\n\n- Four kernel ports (FreeRTOS, uC/OS-II, ThreadX and Linux).\n\nToday it runs "
            "three RTOS\nkernels on QEMU. CI exercises all three RTOS kernels. It ships 12 targets.\n\n"
            "The tables show all three kernels of the reference runs; the three kernels agree. It runs "
            "one selection of benchmarks. It has 10 kernel ports and covers 83 benchmarks.\n"
            "```\nit runs two kernels\n```\n<!-- it runs two kernels -->\n")
    assert doc_counts.stale_claims(page, counts) == [
        "Limitations - Four kernel ports", "Today it runs three RTOS kernels", "CI exercises all three RTOS kernels",
        "It ships 12 targets"]


def test_every_quoted_figure_names_its_statistic() -> None:
    unnamed = {page: found for page, text in _prose_pages().items()
               if (found := doc_statistics.unnamed_statistics(text))}
    assert unnamed == {}, "say which statistic each <!-- rtbench:value --> is (\"the median, ...\") in its paragraph"


def test_the_statistic_check_finds_a_figure_whose_statistic_is_unsaid() -> None:
    cell = "vexriscv-sim-minimal-freertos-codesign"
    pereira = (f"**The co-designed decision is constant.** The decision takes\n"
               f"<!-- rtbench:value {cell} sched_decision_prio[tasks=5] --> cycles at 5 tasks and\n"
               f"<!-- rtbench:value {cell} sched_decision_prio[tasks=15] mean --> at 15.\n")
    assert doc_statistics.unnamed(pereira) == ["mean", "median"]
    assert doc_statistics.unnamed(pereira.replace("takes", "takes a median of")) == ["mean"]
    page = ("# Page\n\nThe worst case of the median, `<!-- rtbench:value c a max -->`, is not quoted.\n\n"
            "- Mean: <!-- rtbench:value c a mean -->.\n- Code: <!-- rtbench:value c a p90 -->, "
            "<!-- rtbench:value c footprint[part=kernel,section=text] --> bytes.\n\n"
            "| benchmark | median |\n|---|---|\n| a | <!-- rtbench:value c a --> |\n"
            "```\n<!-- rtbench:value c a -->\n```\nAfter a fence: <!-- rtbench:value c a min -->\n")
    assert doc_statistics.unnamed_statistics(page) == ["- Code: …, … bytes. [p90]", "After a fence: … [min]"]


def _section(text: str, heading: str) -> str:
    start = text.index(f"\n{heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


def test_the_readme_names_every_kernel_port_and_target() -> None:
    """The README is read on GitHub, not built: its lists are checked instead of generated."""
    covers = _section(README.read_text(), "## What it covers")
    for kind in ("kernel-ports", "targets"):
        assert [name for name in code_facts.members(kind) if f"`{name}`" not in covers] == [], kind


def test_the_code_map_has_every_port_and_target_folder() -> None:
    code_map = (REPO / "docs" / "design.md").read_text().split("```")[1]
    folders = [p for kind in ("os", "targets") for p in sorted((REPO / "firmware" / kind).iterdir()) if p.is_dir()]
    assert folders
    assert [f"{p.parent.name}/{p.name}" for p in folders if f"{p.name}/" not in code_map] == []


def test_every_module_and_script_says_what_it_is_in_a_first_sentence() -> None:
    code_map = modules.load("docs/hooks/code_map.py")
    assert code_map.undescribed(REPO) == [], "give each a docstring (or leading comment) that opens with a sentence"
    assert code_map.first_sentence("Runners start an image. They feed its console.") == "Runners start an image."
    assert code_map.first_sentence("The run manifest:\n\n- its kernel") == "The run manifest:"
    assert code_map.first_sentence("a heading without an end\n\nA sentence.") is None


def test_the_design_page_maps_every_module_with_its_docstring(site: Path) -> None:
    page = (site / "design" / "index.html").read_text()
    modules_ = [p for p in sorted((REPO / "rtbench").rglob("*.py")) if "__pycache__" not in p.parts
                and p.name != "__init__.py"]  # a package is listed by its folder, with its __init__'s sentence
    assert modules_
    assert [p.name for p in modules_ if f"<code>{p.name}</code>" not in page] == []
    assert "<code>catalogue.py</code>: The benchmark catalogue, read from the firmware" in page
    assert "<code>reference_runs.py</code>: Measures the reference runs" in page
    assert "rtbench:code-map" not in page


def test_the_kernel_sources_table_lists_every_kernel_built_from_your_tree() -> None:
    rows = [line.split("|")[1:3] for line in (REPO / "docs" / "guides" / "kernel-sources.md").read_text().splitlines()
            if line.startswith("| `")]
    listed = {name.strip().strip("`"): env.strip().strip("`") for name, env in rows}
    expected = {k.name: k.spec["source"]["env"] for k in platforms.kernels() if k.name in
                code_facts.members("user-tree-kernels")}
    assert listed == expected
