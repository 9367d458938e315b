# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""ELF section sizes, checked against binutils' `size -A` on the real image."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from rtbench.acquire import elf
from rtbench.acquire.build import Build
from rtbench.acquire.footprint import parse_map_detailed
from rtbench.acquire.footprint_images import check_against_elf
from rtbench.errors import RtbenchError


def test_sections_match_binutils_size(built_image: Build) -> None:
    tool = shutil.which("arm-none-eabi-size")
    assert tool, "arm-none-eabi-size is missing: run scripts/setup.sh"
    listing = subprocess.run([tool, "-A", str(built_image.elf)], capture_output=True, text=True, check=True).stdout
    expected = {}
    for line in listing.splitlines()[2:]:
        parts = line.split()
        if len(parts) == 3 and parts[1].isdigit():
            expected[parts[0]] = int(parts[1])
    found = {s.name: s.size for s in elf.sections(built_image.elf) if s.size}
    assert {k: v for k, v in found.items() if k in expected} == expected
    allocated = {s.name for s in elf.sections(built_image.elf) if s.allocated}
    assert {".text", ".data", ".bss", ".noinit"} <= allocated and ".debug_info" not in allocated


def test_map_totals_agree_with_the_elf_and_a_mismatch_is_an_error(built_image: Build) -> None:
    layers = parse_map_detailed(built_image.map_file.read_text())
    check_against_elf(layers, built_image.elf)
    layers["bench"]["rodata"] += 4
    with pytest.raises(RtbenchError, match="disagree"):
        check_against_elf(layers, built_image.elf)


def test_not_an_elf(tmp_path: Path) -> None:
    text = tmp_path / "x.elf"
    text.write_text("hello" * 20)
    with pytest.raises(elf.ElfError, match="not an ELF"):
        elf.sections(text)
    with pytest.raises(elf.ElfError, match="cannot read"):
        elf.sections(tmp_path / "missing.elf")


def test_truncated_elf(built_image: Build, tmp_path: Path) -> None:
    cut = tmp_path / "cut.elf"
    cut.write_bytes(built_image.elf.read_bytes()[:4096])
    with pytest.raises(elf.ElfError, match="truncated"):
        elf.sections(cut)


def test_the_loadable_file_keeps_every_segment_and_drops_the_sections(built_image: Build, tmp_path: Path) -> None:
    loadable = tmp_path / "loadable.elf"
    loadable.write_bytes(elf.loadable_file(built_image.elf))
    assert elf.segments(loadable) == elf.segments(built_image.elf)
    assert elf.sections(loadable) == [] and loadable.stat().st_size < built_image.elf.stat().st_size
    # binutils reads the same program headers from it, and no section table.
    def headers(path: Path) -> list[str]:
        listing = subprocess.run(["arm-none-eabi-readelf", "-lW", str(path)], capture_output=True, text=True,
                                 check=True).stdout
        return [line for line in listing.splitlines() if line.startswith("  ") and " 0x" in line]
    assert headers(loadable) == headers(built_image.elf)
    sections = subprocess.run(["arm-none-eabi-readelf", "-SW", str(loadable)], capture_output=True, text=True).stdout
    assert "There are no sections" in sections
