# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Code and RAM footprint per layer (kernel, port, benches, ...), read from the GNU ld map file."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rtbench.model import Result, Scale

KINDS = ("text", "data", "bss", "noinit")
# The same with read-only data split from code (`rtbench footprint`); text then excludes rodata.
DETAILED_KINDS = ("text", "rodata", "data", "bss", "noinit")
LAYERS = ("kernel", "port", "bench", "core", "target", "toolchain", "linker")
# Objects from our own build outside the known folders: reported, never silently lumped in.
UNKNOWN = "unknown"

_MAP_START = "Linker script and memory map"
_MAP_END = "Cross Reference Table"
_HEX = re.compile(r"0x[0-9a-fA-F]+$")
# The kernel's library as rtbench builds it, or as RTEMS's waf installs it (its CPU-independent
# core and its board support: both are RTEMS's own build).
_KERNEL_LIB = re.compile(r"(^|/)(librtb_kernel|librtemscpu|librtemsbsp)\.a\(")
# Our sources, as CMake names their objects: CMakeFiles/<target>.dir/<folder>/...
_OWN_OBJECT = re.compile(r"CMakeFiles/[^/]+\.dir/(?P<rest>.+)$")
_FOLDER_LAYERS = {"os": "port", "bench": "bench", "core": "core", "targets": "target"}

# Output sections by name; anything not listed (debug, .comment, .stack, /DISCARD/) is
# ignored. Besides link.ld's own sections this covers what ld adds for Arm (mostly empty).
_TEXT_SECTIONS = {".text", "rtb_benches", ".glue_7", ".glue_7t", ".vfp11_veneer", ".v4_bx",
                  ".iplt", ".rel.dyn", ".init", ".fini", ".init_array", ".fini_array",
                  ".preinit_array",
                  # RTEMS's linker script: start-up code, read-only linker sets, fast code.
                  ".start", ".rtemsroset", ".fast_text"}
_DATA_SECTIONS = {".data", ".igot.plt", ".got", ".got.plt", ".rtemsrwset", ".fast_data"}
# RTEMS's interrupt stack, uninitialised as the other kernels' stacks are. Its workspace (.work,
# the rest of RAM, from which it allocates its objects) is not counted: its size is the board's.
_NOINIT_SECTIONS = {".rtemsstack"}


class FootprintError(Exception):
    """The map file is missing or is not a GNU ld map."""


def classify(object_path: str) -> str:
    """The layer an input file belongs to, from its path as the map file names it."""
    path = object_path.strip().replace("\\", "/")
    if not path or path == "linker stubs" or path == "*fill*":
        return "linker"
    if _KERNEL_LIB.search(path):
        return "kernel"
    own = _OWN_OBJECT.search(path)
    if own:
        folder = own.group("rest").split("/", 1)[0]
        return _FOLDER_LAYERS.get(folder, UNKNOWN)
    # libc, libgcc, crt objects and any other library the toolchain links in.
    return "toolchain"


def section_kind(output_section: str) -> str | None:
    """Which footprint kind an output section counts as, or None to ignore it."""
    name = output_section
    if name in _TEXT_SECTIONS or name.startswith((".text.", ".rodata", ".ARM.exidx", ".ARM.extab")):
        return "text"
    if name in _DATA_SECTIONS or name.startswith(".data."):
        return "data"
    if name == ".bss" or name.startswith(".bss."):
        return "bss"
    if name == ".noinit" or name.startswith(".noinit.") or name in _NOINIT_SECTIONS:
        return "noinit"
    return None


def _memory_map_lines(text: str) -> list[str]:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(_MAP_START):
            body = lines[i + 1:]
            break
    else:
        raise FootprintError(f"no '{_MAP_START}' section: not a GNU ld map file")
    for j, line in enumerate(body):
        if line.startswith(_MAP_END):
            return body[:j]
    return body


def _is_hex(token: str) -> bool:
    return bool(_HEX.match(token))


@dataclass
class _Section:
    """One counted output section: its extent and the input pieces placed in it."""

    kind: str
    start: int | None = None
    size: int | None = None
    pieces: list[tuple[int, int, str, str]] = field(default_factory=list)  # address, size, layer, input section

    def piece_kind(self, input_section: str) -> str:
        """The kind of one input piece: read-only data placed in a text section counts as rodata."""
        return "rodata" if self.kind == "text" and input_section.startswith(".rodata") else self.kind

    def sizes(self) -> dict[tuple[str, str], int]:
        """Bytes per layer, by address rather than by the sizes ld prints.

        ld prints merged string sections (.rodata.*.str1.*) with their size before merging,
        overlapping the next piece; each piece is therefore cut at the next one's address,
        and bytes no piece claims (alignment gaps) count as linker padding, so the layers
        always add up to the output section's size.
        """
        out: dict[tuple[str, str], int] = {}
        if self.start is None or self.size is None:
            return out
        padding = ("linker", self.kind)
        end_of_section = self.start + self.size
        pos = self.start
        pieces = sorted(self.pieces, key=lambda p: p[0])
        for i, (addr, size, layer, input_section) in enumerate(pieces):
            limit = pieces[i + 1][0] if i + 1 < len(pieces) else end_of_section
            end = min(addr + size, limit, end_of_section)
            addr = max(addr, pos)  # overlapping an earlier piece: those bytes are counted
            if addr > pos:
                out[padding] = out.get(padding, 0) + min(addr, end_of_section) - pos
            if end > addr:
                key = (layer, self.piece_kind(input_section))
                out[key] = out.get(key, 0) + end - addr
            pos = max(pos, end, min(addr, end_of_section))
        if end_of_section > pos:
            out[padding] = out.get(padding, 0) + end_of_section - pos
        return out


def parse_map(text: str) -> dict[str, dict[str, int]]:
    """Bytes per layer per kind (text, data, bss, noinit) in the counted output sections."""
    result: dict[str, dict[str, int]] = {}
    for layer, kinds in parse_map_detailed(text).items():
        result[layer] = {kind: kinds[kind] for kind in KINDS}
        result[layer]["text"] += kinds["rodata"]
    return result


def parse_map_detailed(text: str) -> dict[str, dict[str, int]]:
    """Bytes per layer per kind with read-only data apart: text, rodata, data, bss, noinit."""
    sections: list[_Section] = []
    current: _Section | None = None
    header_pending = False  # an output-section name whose address/size are on the next line
    pending = ""  # an input-section name whose address/size/file are on the next line
    for line in _memory_map_lines(text):
        if not line.strip():
            continue
        tokens = line.split()
        if not line[0].isspace():
            # An output section header, or a LOAD/OUTPUT/GROUP statement; either way the
            # previous output section has ended.
            pending, header_pending = "", False
            first = tokens[0]
            is_statement = first in ("LOAD", "START", "END") or "(" in first
            kind = None if is_statement else section_kind(first)
            current = _Section(kind) if kind else None
            if current is not None:
                sections.append(current)
                if len(tokens) >= 3 and _is_hex(tokens[1]) and _is_hex(tokens[2]):
                    current.start, current.size = int(tokens[1], 16), int(tokens[2], 16)
                else:
                    header_pending = True
            continue
        if current is None:
            continue
        if header_pending:
            header_pending = False
            if len(tokens) >= 2 and _is_hex(tokens[0]) and _is_hex(tokens[1]):
                current.start, current.size = int(tokens[0], 16), int(tokens[1], 16)
                continue
        if pending:
            name, pending = pending, ""
            if len(tokens) >= 2 and _is_hex(tokens[0]) and _is_hex(tokens[1]):
                current.pieces.append((int(tokens[0], 16), int(tokens[1], 16),
                                       classify(" ".join(tokens[2:])), name))
                continue
        if tokens[0] == "*fill*":
            if len(tokens) >= 3 and _is_hex(tokens[1]) and _is_hex(tokens[2]):
                current.pieces.append((int(tokens[1], 16), int(tokens[2], 16), "linker", "*fill*"))
            continue
        if _is_hex(tokens[0]):
            continue  # symbols, assignments, "size before relaxing"
        if "(" in tokens[0] or tokens[0].startswith("*"):
            continue  # an input-section pattern such as *(.text .text.*)
        if len(tokens) == 1:
            pending = tokens[0]
        elif len(tokens) >= 3 and _is_hex(tokens[1]) and _is_hex(tokens[2]):
            current.pieces.append((int(tokens[1], 16), int(tokens[2], 16),
                                   classify(" ".join(tokens[3:])), tokens[0]))

    # Every standard layer always appears (a stable shape for manifests), extras when used.
    result: dict[str, dict[str, int]] = {layer: dict.fromkeys(DETAILED_KINDS, 0) for layer in LAYERS}
    for section in sections:
        for (layer, kind), size in section.sizes().items():
            result.setdefault(layer, dict.fromkeys(DETAILED_KINDS, 0))[kind] += size
    return result


_BSS_NOTE = "bss includes .noinit (RAM left uninitialised: sample buffers and task stacks)"


def _result(part: str, section: str, size: int) -> Result:
    notes = [_BSS_NOTE] if section == "bss" else []
    return Result(bench="footprint", params={"part": part, "section": section}, unit="bytes",
                  status="ok", notes=notes, raw_samples=[size], scale=Scale("bytes"),
                  iterations=1)


def footprint_results(map_path: Path, kernel_outside: str | None = None) -> tuple[list[Result], dict[str, Any]]:
    """Kernel and whole-image text/data/bss as Results, plus the per-layer breakdown.
    `kernel_outside` says why the kernel is not in the image (a port onto the running kernel):
    its rows are then `unsupported` with that reason instead of a zero."""
    try:
        text = Path(map_path).read_text(errors="replace")
    except OSError as exc:
        raise FootprintError(f"cannot read map file {map_path}: {exc.strerror or exc}") from exc
    layers = parse_map(text)

    def totals(parts: list[dict[str, int]]) -> dict[str, int]:
        text_b = sum(p["text"] for p in parts)
        data_b = sum(p["data"] for p in parts)
        bss_b = sum(p["bss"] + p["noinit"] for p in parts)
        return {"text": text_b, "data": data_b, "bss": bss_b}

    results: list[Result] = []
    for part, chosen in (("kernel", [layers["kernel"]]), ("image", list(layers.values()))):
        for section, size in totals(chosen).items():
            result = _result(part, section, size)
            if part == "kernel" and kernel_outside:
                result.status, result.reason, result.raw_samples, result.notes = "unsupported", kernel_outside, [], []
            results.append(result)
    return results, layers
