# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What a loader needs from a 32-bit little-endian ELF image: its loadable segments at their
load addresses, and the addresses of named symbols."""
from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from .elf import ElfError

PT_LOAD = 1
SHT_SYMTAB = 2


@dataclass(frozen=True)
class Segment:
    address: int  # load (physical) address
    data: bytes


def _read(path: Path) -> bytes:
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise ElfError(f"cannot read {path}: {err.strerror or err}") from None
    if len(data) < 52 or data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ElfError(f"{path} is not a 32-bit little-endian ELF file")
    return data


def segments(path: Path) -> list[Segment]:
    """The bytes to load (each PT_LOAD segment's file part), at their load addresses."""
    data = _read(path)
    phoff, = struct.unpack_from("<I", data, 0x1C)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x2A)
    found = []
    for i in range(phnum):
        header = struct.unpack_from("<8I", data, phoff + i * phentsize)
        ptype, offset, paddr, filesz = header[0], header[1], header[3], header[4]
        if ptype == PT_LOAD and filesz:
            found.append(Segment(paddr, data[offset:offset + filesz]))
    return found


def symbols(path: Path, wanted: set[str]) -> dict[str, int]:
    """The addresses of the wanted symbols that the image defines."""
    data = _read(path)
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    headers = [struct.unpack_from("<10I", data, shoff + i * shentsize) for i in range(shnum)]
    found: dict[str, int] = {}
    for header in headers:
        if header[1] != SHT_SYMTAB:
            continue
        offset, size, link, entsize = header[4], header[5], header[6], header[9]
        strings = headers[link][4]
        for at in range(offset, offset + size, entsize):
            name_offset, value = struct.unpack_from("<II", data, at)
            end = data.index(b"\0", strings + name_offset)
            name = data[strings + name_offset:end].decode("ascii", "replace")
            if name in wanted:
                found[name] = value
    return found
