# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Every run says what produced it: the kernel tree's identity (git commit and dirty state, and
the hash of the files the build compiled), the tools' binaries and the image; `compare` names a
different kernel source even when the version string is the same."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from rtbench.acquire import provenance, sources
from rtbench.acquire.platforms import find_kernel
from rtbench.model import Run
from rtbench.results import fairness

HEX64 = 64


def test_the_manifest_names_tree_tools_and_image(catalogue_run: Run) -> None:
    m = catalogue_run.manifest
    tree = m["kernel"]["tree"]
    assert len(tree["sources_sha256"]) == HEX64 and tree["files"] >= 10
    # tasks.c and its headers were read, so they are counted; the tree's other ports were not.
    elf = Path(m["image"]["elf"])
    assert m["image"]["sha256"] == provenance.file_sha256(elf)
    compiler = m["tools"]["compiler"]
    assert compiler["sha256"] == provenance.file_sha256(Path(shutil.which("arm-none-eabi-gcc") or "").resolve())
    assert set(compiler["parts_sha256"]) == {"cc1", "as", "ld"}
    assert m["tools"]["emulator"]["version"].startswith("QEMU emulator version")
    assert len(m["rtbench"]["firmware_sha256"]) == HEX64
    # Every image the run used is hashed, and every result names the one that measured it.
    images = {image["kind"]: image for image in m["images"]}
    assert list(images) == ["plain", "instrumented", "services"] and images["plain"]["sha256"] == m["image"]["sha256"]
    for image in images.values():
        assert image["sha256"] == provenance.file_sha256(Path(image["elf"]))
    assert len({image["sha256"] for image in images.values()}) == 3
    named = {r.bench: r.image for r in catalogue_run.results}
    for image in images.values():
        assert image["benches"] and {named[bench] for bench in image["benches"]} == {image["sha256"]}
    assert named["footprint"] == images["plain"]["sha256"]  # read from the plain image's map


def test_a_git_tree_records_its_commit_and_dirty_state(tmp_path: Path) -> None:
    tree = tmp_path / "kernel"
    tree.mkdir()
    (tree / "k.c").write_text("int k;\n")
    git = ["git", "-C", str(tree), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    for args in (["init", "-q"], ["add", "k.c"], ["commit", "-q", "-m", "one"]):
        subprocess.run([*git, *args], check=True, capture_output=True)
    clean = provenance.tree_identity(tree, [tree / "k.c"])
    assert clean["git"]["dirty"] is False and len(clean["git"]["commit"]) == 40
    (tree / "k.c").write_text("int k = 1;\n")
    changed = provenance.tree_identity(tree, [tree / "k.c"])
    assert changed["git"]["dirty"] is True and changed["git"]["commit"] == clean["git"]["commit"]
    assert changed["sources_sha256"] != clean["sources_sha256"]
    assert changed["git"]["describe"].endswith("-dirty") and not clean["git"]["describe"].endswith("-dirty")
    # A file the build did not read does not count.
    (tree / "unused.c").write_text("int u;\n")
    assert provenance.tree_identity(tree, [tree / "k.c"])["sources_sha256"] == changed["sources_sha256"]


def test_a_tree_inside_a_larger_repository_is_described_on_its_own_terms(tmp_path: Path) -> None:
    # The kernel's folder in a product's repository: a change elsewhere there leaves the kernel clean.
    product = tmp_path / "product"
    tree = product / "kernel"
    tree.mkdir(parents=True)
    (tree / "k.c").write_text("int k;\n")
    (product / "app.c").write_text("int app;\n")
    git = ["git", "-C", str(product), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    for args in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "one"], ["tag", "v1"]):
        subprocess.run([*git, *args], check=True, capture_output=True)
    (product / "app.c").write_text("int app = 1;\n")
    elsewhere = provenance.tree_identity(tree, [tree / "k.c"])["git"]
    assert (elsewhere["dirty"], elsewhere["describe"]) == (False, "v1")
    (tree / "k.c").write_text("int k = 1;\n")
    inside = provenance.tree_identity(tree, [tree / "k.c"])["git"]
    assert (inside["dirty"], inside["describe"]) == (True, "v1-dirty")


def _rtbench(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), *args],
                          capture_output=True, text=True, timeout=900)


def test_two_trees_with_one_version_string_are_told_apart(tmp_path: Path) -> None:
    """The registry's FreeRTOS and a copy with one changed line of tasks.c: both say V11.2.0."""
    registry = sources.locate(find_kernel("freertos"))
    assert registry.path is not None
    changed = tmp_path / "FreeRTOS-Kernel"
    shutil.copytree(registry.path, changed)
    tasks = changed / "tasks.c"
    tasks.write_text(tasks.read_text() + "\n/* a local change that moves no instruction */\n")
    home = tmp_path / "home"
    runs = []
    for extra in ([], ["--kernel-src", str(changed)]):
        json_path = tmp_path / f"run{len(runs)}.json"
        proc = _rtbench(home, "run", "--bench", "task_switch", "--iterations", "20", "--warmup", "2",
                        "--json", str(json_path), *extra)
        assert proc.returncode == 0, proc.stderr[-2000:]
        runs.append(json_path)
    proc = _rtbench(home, "compare", *map(str, runs))
    assert proc.returncode == 0, proc.stderr
    assert "kernel sources (kernel.tree.sources_sha256) differs" in proc.stdout, proc.stdout
    assert "kernel version" not in proc.stdout  # the version strings agree
    listing = _rtbench(home, "runs").stdout
    assert listing.count("kernel V11.2.0 source sha256:") == 2, listing


def test_fairness_names_differing_tool_binaries() -> None:
    base = {"kernel": {"name": "FreeRTOS", "tree": {"sources_sha256": "a"}},
            "tools": {"compiler": {"version": "gcc 12", "sha256": "1", "parts_sha256": {"cc1": "x"}},
                      "emulator": {"version": "QEMU 7.2", "sha256": "2"}},
            "image": {"sha256": "i"}}
    other = {"kernel": {"name": "FreeRTOS", "tree": {"sources_sha256": "a"}},
             "tools": {"compiler": {"version": "gcc 12", "sha256": "1", "parts_sha256": {"cc1": "y"}},
                       "emulator": {"version": "QEMU 7.2", "sha256": "3"}},
             "image": {"sha256": "j"}}
    labels = {d.label for d in fairness.differences([base, other])}
    assert labels == {"compiler binaries", "tool binary", "image"}
