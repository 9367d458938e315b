# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The stored reference runs, the comparison the exact check makes, and the published tables
rendered from the runs (docs/tables.toml, the MkDocs hook, docs/reference-figures.md)."""
from __future__ import annotations

import copy
import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest

from rtbench.campaign import reference_cells
from rtbench.errors import RtbenchError
from rtbench.reports import published_tables as published
from rtbench.reports import reference_runs as ref
from rtbench.results.schema import RUN
from tests import modules

REPO = Path(__file__).resolve().parent.parent
CELL = "qemu-m3-freertos"


def _first_ok(doc: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in doc["results"] if r["status"] == "ok")


# -- the stored runs ---------------------------------------------------------------------------

def test_every_reference_cell_is_stored_whole() -> None:
    cells = reference_cells.cell_names()
    assert cells and ref.names() == sorted(cells)
    for name in cells:
        path = ref.path_of(name)
        assert path.stat().st_size < 1_500_000, f"{path} is large"
        doc = ref.load(name)
        assert doc["schema"] == RUN
        manifest = doc["manifest"]
        assert manifest["campaign"]["id"] == "reference"
        assert reference_cells.cell_name(manifest["campaign"]["axes"]) == name
        assert manifest["kernel"]["tree"] and manifest["image"]["sha256"] and manifest["tools"]
        # A published figure names the rtbench commit that produced it: one anyone can check out.
        assert not str(manifest["rtbench"]["commit"]).endswith("-dirty"), f"{name} was measured from a dirty tree"
        ok = [r for r in doc["results"] if r["status"] == "ok"]
        assert ok and all(len(r["samples"]) == r["n"] > 0 for r in ok), "the raw samples are published"


def test_the_stored_runs_carry_no_machine_paths() -> None:
    home = str(Path.home())
    for name in ref.names():
        text = gzip.decompress(ref.path_of(name).read_bytes()).decode()
        trees = [os.environ[v].rstrip("/") for v in ("UCOS2_PATH", "THREADX_PATH") if os.environ.get(v)]
        for needle in (home + "/", str(REPO), "/tmp/", "rtbench-reference-", *trees):
            assert needle not in text, f"{name} names {needle}"
        doc = json.loads(text)
        assert doc["manifest"]["image"]["elf"].startswith("<workspace>/")
        kernel = doc["manifest"]["kernel"]
        # A kernel built from a tree names it by placeholder; a prebuilt one (Debian's Linux) has none.
        assert kernel["source"].startswith(("<kernel-tree>", "~/")) or (
            not kernel["source"] and "prebuilt_or_running" in kernel["tree"])
        assert "worker" not in doc["manifest"]["campaign"] and "seconds" not in doc["manifest"]["campaign"]


def test_portable_replaces_the_machine_prefixes(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    doc = {"manifest": {"kernel": {"source": "/opt/trees/uC-OS2", "tree": {"sources_sha256": "ab"}},
                        "image": {"elf": f"{workspace}/build/x/rtbench.elf", "sha256": "cd"},
                        "tools": {"ninja": {"path": f"{Path.home()}/bin/ninja"}, "cc": {"path": "/usr/bin/gcc"}},
                        "run": {"command": ["qemu", "-kernel", f"{workspace}/build/x/rtbench.elf", "-plugin",
                                            f"{Path.home()}/m.so,params={workspace}/logs/p,out={workspace}/logs/o"],
                                "kernel": "/opt/trees/uC-OS2/Source/os_core.c", "other": "/opt/trees/uC-OS2x"},
                        "campaign": {"id": "reference", "worker": "host (pid 1)", "seconds": 3.0}},
           "results": [{"bench": "a", "params": {}, "status": "ok", "p50": 1, "reason": "/opt/trees/uC-OS2"}]}
    out = ref.portable(doc, workspace)["manifest"]
    assert out["kernel"]["source"] == "<kernel-tree>"
    assert out["image"] == {"elf": "<workspace>/build/x/rtbench.elf", "sha256": "cd"}
    assert out["tools"] == {"ninja": {"path": "~/bin/ninja"}, "cc": {"path": "/usr/bin/gcc"}}
    assert out["run"] == {"command": ["qemu", "-kernel", "<workspace>/build/x/rtbench.elf", "-plugin",
                                      "~/m.so,params=<workspace>/logs/p,out=<workspace>/logs/o"],
                          "kernel": "<kernel-tree>/Source/os_core.c", "other": "/opt/trees/uC-OS2x"}
    assert out["campaign"] == {"id": "reference"}
    assert ref.portable(doc, workspace)["results"] == doc["results"]  # the measurements are untouched
    assert doc["manifest"]["kernel"]["source"] == "/opt/trees/uC-OS2"  # and the input too


def test_write_is_byte_identical_and_round_trips(tmp_path: Path) -> None:
    doc = ref.load(CELL)
    first = ref.write(CELL, doc, tmp_path / "a").read_bytes()
    second = ref.write(CELL, doc, tmp_path / "b").read_bytes()
    assert first == second
    assert ref.load(CELL, tmp_path / "a") == doc


def test_a_missing_run_names_the_command() -> None:
    with pytest.raises(RtbenchError, match="no reference run 'qemu-m9-none'") as err:
        ref.load("qemu-m9-none")
    assert ref.REGENERATE in str(err.value)


# -- the comparison ----------------------------------------------------------------------------

def test_compare_finds_nothing_between_a_run_and_itself() -> None:
    doc = ref.load(CELL)
    assert ref.compare(CELL, doc, copy.deepcopy(doc)) == []


def test_an_edited_median_is_a_change() -> None:
    stored = ref.load(CELL)
    edited = copy.deepcopy(stored)
    row = _first_ok(edited)
    row["p50"] += 1
    changes = ref.compare(CELL, stored, edited)
    assert changes == [ref.Change(CELL, ref.label(row), ref.figure(_first_ok(stored)), str(row["p50"]))]
    text = ref.report(changes)
    assert f"{CELL}: {ref.label(row)}: stored {changes[0].stored}, measured {changes[0].measured}" in text
    assert "\n  python3 scripts/reference_runs.py\n" in text
    assert f"python3 scripts/reference_runs.py --cells '{CELL}'" in text


def test_a_status_change_and_a_lost_result_are_changes() -> None:
    stored = ref.load(CELL)
    edited = copy.deepcopy(stored)
    ok = _first_ok(edited)
    ok["status"] = "fail"
    lost = edited["results"].pop()
    changes = {c.label: c for c in ref.compare(CELL, stored, edited)}
    assert changes[ref.label(ok)].measured == "fail"
    assert changes[ref.label(lost)].measured == "absent"
    assert len(changes) == 2


def test_other_samples_with_the_same_median_are_a_change() -> None:
    """An emulated run repeats sample for sample: a moved sample is a change even where the
    median stays."""
    stored = ref.load(CELL)
    edited = copy.deepcopy(stored)
    row = _first_ok(edited)
    moved = row["samples"].index(max(row["samples"]))
    row["samples"][moved] += 1
    (change,) = ref.compare(CELL, stored, edited)
    assert change.label == ref.label(row) and "other samples" in change.measured
    # Where they part, so that a one-off difference can be told from a shift of every sample.
    old = max(row["samples"]) - 1
    assert f"sample {moved} of {len(row['samples'])}: {old} -> {old + 1}, 1 differ" in change.measured


def test_model_cycles_that_move_are_a_change() -> None:
    """A run with the timing model: its model cycles are figures too (another unit, median or sample)."""
    unit = "cycles (model: cortex-m3, 0 wait states)"
    stored = ref.load(CELL)
    row = _first_ok(stored)
    row["model_cycles"] = {"unit": unit, "n": 3, "p50": 129, "samples": [129, 129, 130]}
    assert ref.compare(CELL, stored, copy.deepcopy(stored)) == []
    moved = copy.deepcopy(stored)
    _first_ok(moved)["model_cycles"]["samples"][2] = 131
    (change,) = ref.compare(CELL, stored, moved)
    assert change.label == f"{ref.label(row)} in model cycles" and "sample 2 of 3: 130 -> 131" in change.measured
    other = copy.deepcopy(stored)
    _first_ok(other)["model_cycles"] = {"unit": unit.replace("0 wait states", "2 wait states"), "n": 3, "p50": 140,
                                        "samples": [140, 140, 140]}
    (change,) = ref.compare(CELL, stored, other)
    assert change.stored == f"{unit}: 129" and change.measured.endswith("2 wait states): 140")


def test_other_statistics_do_not_count() -> None:
    """The exact check is on the samples and what the tables publish (the median and the
    status), not on statistics derived from the samples."""
    stored = ref.load(CELL)
    edited = copy.deepcopy(stored)
    _first_ok(edited)["max"] += 1000
    assert ref.compare(CELL, stored, edited) == []


# -- the published tables ----------------------------------------------------------------------

def _cells(markdown: str) -> list[list[str]]:
    """A Markdown table's body cells, unescaped (a split median's `\\|` is its own)."""
    lines = [line for line in markdown.splitlines() if line.startswith("| ")]
    return [[c.strip().replace("\\|", "|") for c in line.strip("|").split(" | ")] for line in lines[2:]]


def test_every_table_shows_the_stored_figures() -> None:
    tables = published.definitions()
    assert {"kernels-qemu-m3", "freertos-cortex-m"} <= set(tables)
    for name, spec in tables.items():
        rows = _cells(published.render(name))
        assert [r[0].strip("`") for r in rows] == list(spec.rows)
        for index, column in enumerate(spec.columns):
            results = {ref.label(r): r for r in ref.load(column.run)["results"]}
            for label, row in zip(spec.rows, rows):
                assert label in results, f"{name}: {column.run} has no result {label}"
                assert row[2 + index] == ref.figure(results[label])


def test_an_edited_run_changes_the_table(tmp_path: Path) -> None:
    spec = published.definition("kernels-qemu-m3")
    for column in spec.columns:
        ref.write(column.run, ref.load(column.run), tmp_path)
    edited = ref.load(CELL, tmp_path)
    row = next(r for r in edited["results"] if ref.label(r) == spec.rows[0])
    row["p50"] = 123456789
    ref.write(CELL, edited, tmp_path)
    assert "| 123456789 |" in published.render("kernels-qemu-m3", runs=tmp_path)
    assert "123456789" not in published.render("kernels-qemu-m3")


def test_a_bad_definition_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "tables.toml"
    path.write_text('[t]\ncolumns = [{ run = "qemu-m3-freertos" }]\nrows = ["boot_time"]\nstatistic = "mode"\n')
    with pytest.raises(RtbenchError, match=r"\[t\]: statistic 'mode'"):
        published.definitions(path)
    with pytest.raises(RtbenchError, match="no published table 'nope'"):
        published.render("nope")


def _hook() -> Any:
    return modules.load("docs/hooks/reference_tables.py")


def test_the_mkdocs_hook_replaces_markers_with_table_and_caption() -> None:
    page = "# Figures\n\nBefore.\n\n<!-- rtbench:table kernels-qemu-m3 -->\n\nAfter.\n"
    out = _hook().on_page_markdown(page, page=None, config={}, files=None)
    assert "rtbench:table" not in out
    assert out.startswith("# Figures\n\nBefore.\n\n") and out.endswith("\n\nAfter.\n")
    assert published.render("kernels-qemu-m3") in out
    caption = published.caption("kernels-qemu-m3")
    assert caption in out
    for column in published.definition("kernels-qemu-m3").columns:
        manifest = ref.load(column.run)["manifest"]
        assert f"`{column.run}` (kernel {manifest['kernel']['version']} source " in caption
        assert manifest["image"]["sha256"][:12] in caption
    with pytest.raises(RtbenchError, match="no published table 'missing'"):
        _hook().on_page_markdown("<!-- rtbench:table missing -->", page=None, config={}, files=None)


def test_a_marker_in_code_is_left_alone() -> None:
    page = ("Write `<!-- rtbench:table NAME -->` on a line.\n\n```\n<!-- rtbench:table nope -->\n```\n\n"
            "<!-- rtbench:table freertos-cortex-m -->\n")
    assert published.markers(page) == ["freertos-cortex-m"]
    out = published.replace_markers(page)
    assert out.startswith("Write `<!-- rtbench:table NAME -->` on a line.\n\n```\n<!-- rtbench:table nope -->\n```\n")
    assert published.render("freertos-cortex-m") in out and "rtbench:table freertos-cortex-m" not in out


def test_every_table_is_on_a_page() -> None:
    shown = [m for page in sorted((REPO / "docs").rglob("*.md")) for m in published.markers(page.read_text())]
    assert sorted(set(shown)) == sorted(published.definitions()), "a table no page shows, or a page's unknown table"


def test_the_figures_page_shows_its_tables() -> None:
    page = (REPO / "docs" / "reference-figures.md").read_text()
    markers = published.markers(page)
    assert markers and set(markers) <= set(published.definitions())
    rendered = published.replace_markers(page)
    assert published.markers(rendered) == [] and rendered.count("Rendered from the reference runs") == len(markers)
    assert ref.REGENERATE in page
