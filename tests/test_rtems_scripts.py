# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The RTEMS tools' parts that need no toolchain: the cross-check's pairs name benchmarks of
the catalogue and lines RTEMS's timing tests print (read from RTEMS's own sources, where
RTEMS_PATH names a tree), and the subset keeps what a traced build opened for reading, read from
a real strace trace."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import catalogue
from rtbench.acquire import rtems_subset as subset
from rtbench.paths import checkout_dir
from rtbench.reports.tables import rtems_tmtests as tmtests

# put_time's message: adjacent C string literals, after ATTR_DESC is replaced by its value.
_PUT_TIME = re.compile(r'put_time\(\s*((?:"[^"]*"\s*)+),')
_LITERAL = re.compile(r'"([^"]*)"')
_INCLUDE = re.compile(r'#include\s+"([^"]+\.h)"')


def _tmtests_dir() -> Path:
    tree = os.environ.get("RTEMS_PATH", "")
    folder = Path(tree) / "testsuites" / "tmtests"
    if not tree or not folder.is_dir():
        pytest.skip("RTEMS_PATH does not name an RTEMS tree (a checkout of RTEMS/rtems at a release tag, e.g. 6.1)")
    return folder


def _attr_desc(texts: list[str], test: str) -> str | None:
    """The ATTR_DESC a shared implementation header defines for TMnn (tm02impl.h, tm03impl.h:
    one `#if defined(TMnn)` / `#elif defined(TMnn)` block per test)."""
    for text in texts:
        for block in re.split(r"#(?:el)?if defined\(", text)[1:]:
            found = re.search(r'#define ATTR_DESC ("[^"]*")', block)
            if block.startswith(f"{test.upper()})") and found:
                return found.group(1)
    return None


def printed_messages(folder: Path, test: str) -> set[str]:
    """What a timing test's put_time calls print before their figures: its sources and the
    implementation headers they include, with the header's ATTR_DESC for this test."""
    sources = sorted((folder / test).glob("*.[ch]"))
    texts = [path.read_text(errors="replace") for path in sources]
    for text, path in zip(list(texts), sources):
        for name in _INCLUDE.findall(text):
            header = (path.parent / name).resolve()
            if header.is_file() and header not in sources:
                texts.append(header.read_text(errors="replace"))
    desc = _attr_desc(texts, test)
    messages = set()
    for text in texts:
        if desc:
            text = text.replace("ATTR_DESC", desc)
        messages |= {"".join(_LITERAL.findall(call)) for call in _PUT_TIME.findall(text)}
    return messages


def test_every_pair_names_a_benchmark_of_the_catalogue() -> None:
    names = {bench.name for bench in catalogue.scan()}
    assert [label for label, *_ in tmtests.PAIRS if label.split("[")[0] not in names] == []
    assert len({label for label, *_ in tmtests.PAIRS}) == len(tmtests.PAIRS)


def test_every_pair_names_a_line_its_timing_test_prints() -> None:
    folder = _tmtests_dir()
    missing = [(label, test, message) for label, test, message, *_ in tmtests.PAIRS
               if message not in printed_messages(folder, test)]
    assert missing == []


def test_a_shared_header_prints_the_variant_of_its_test() -> None:
    """tm31 is tm02's counting/priority variant: its line says so, tm02's does not."""
    folder = _tmtests_dir()
    assert "rtems_semaphore_obtain: counting/priority not available caller blocks" in printed_messages(folder, "tm31")
    assert "rtems_semaphore_obtain: counting/FIFO not available caller blocks" in printed_messages(folder, "tm02")
    assert not any("priority" in m for m in printed_messages(folder, "tm02"))


def test_the_subset_keeps_what_the_build_opened_for_reading(tmp_path: Path) -> None:
    if not shutil.which("strace"):
        pytest.fail("strace is missing: scripts/setup.sh --part rtems installs it")
    copy = tmp_path / "rtems"
    (copy / "build").mkdir(parents=True)
    (copy / "cpukit").mkdir()
    (copy / "cpukit" / "read.c").write_text("int a;\n")
    (copy / "cpukit" / "unread.c").write_text("int b;\n")
    (copy / "build" / "object.o").write_text("")
    trace = tmp_path / "trace.txt"
    # Read a source and a build product, write a file, list a folder: only the source is kept.
    script = "cat cpukit/read.c build/object.o >/dev/null; echo x > written.txt; ls cpukit >/dev/null"
    subprocess.run([*subset.STRACE, "-o", str(trace), "sh", "-c", script], cwd=copy, check=True)
    assert subset.read_files(trace, copy) == {"cpukit/read.c"}


def test_the_subset_copies_the_files_with_the_build_and_configuration_files(tmp_path: Path) -> None:
    tree, copy, out = tmp_path / "tree", tmp_path / "copy", tmp_path / "subset"
    for relative in ("spec/build/bsps/a.yml", "wscript", "cpukit/read.c", "cpukit/unread.c"):
        (tree / relative).parent.mkdir(parents=True, exist_ok=True)
        (tree / relative).write_text(relative)
    copy.mkdir()
    (copy / "VERSION").write_text("[version]\nrevision = 6.1\n")  # written by the build from the tag
    files = subset.always_kept(tree) | {"cpukit/read.c", "VERSION"}
    count, size = subset.extract(tree, copy, files, out)
    kept = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert kept == ["VERSION", "cpukit/read.c", "spec/build/bsps/a.yml", "wscript"]
    assert (count, size) == (4, sum((out / k).stat().st_size for k in kept))


def test_the_bsp_options_are_options_of_the_tree_for_its_bsp() -> None:
    """Every option of bsp.ini.in is an option RTEMS's spec defines (waf configure would ignore a
    misspelt one), and the BSP's own default turns fast idle on, which rtbench turns off."""
    tree = _tmtests_dir().parent.parent
    keys = re.findall(r"^([A-Z_]+) = ", (subset.port_dir() / "bsp.ini.in").read_text(), re.MULTILINE)
    defined = {m.group(1) for path in (tree / "spec" / "build").rglob("opt*.yml")
               for m in [re.search(r"^name: ([A-Z_0-9]+)$", path.read_text(), re.MULTILINE)] if m}
    assert keys and [key for key in keys if key not in defined] == []
    fast_idle = (tree / "spec/build/bsps/arm/realview-pbx-a9/optclkfastidle.yml").read_text()
    assert "arm/realview_pbx_a9_qemu" in fast_idle.split("value: true")[0]


def test_the_cross_check_pairs_every_directive_and_says_why_a_pair_differs() -> None:
    """The stored timing tests' figures beside the stored RTEMS run: every pair has both figures,
    and every pair more than 10 % apart carries its reason in the table."""
    from rtbench.reports.tables import registry

    root = checkout_dir()
    assert root is not None
    table = registry.render("rtems_tmtests", [str(root / "docs" / "reference" / "qemu-a9-rtems.json.gz")])
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| `")]
    assert len(rows) == len(tmtests.PAIRS)
    for row in rows:
        ratio, why = row[4], row[6].rstrip("| ").strip()
        assert ratio != "—", row
        assert abs(float(ratio) - 1.0) <= 0.10 or why, row


def test_the_subset_without_rtems_toolchain_is_refused_before_building(tmp_path: Path) -> None:
    """scripts/rtems_subset.py, run as a command: no toolchain in RTEMS_TOOLS is exit status 2 with
    a hint, before anything is built or written."""
    root = checkout_dir()
    assert root is not None
    out = tmp_path / "subset"
    proc = subprocess.run([sys.executable, str(root / "scripts" / "rtems_subset.py"), "--tree", str(tmp_path),
                           "--out", str(out)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "RTEMS_TOOLS": str(tmp_path / "tools")})
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"no arm-rtems6-gcc in {tmp_path / 'tools' / 'bin'}" in proc.stderr and "hint:" in proc.stderr
    assert "Traceback" not in proc.stderr and not out.exists()
