# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Section sizes from an ELF file's section header table (32/64-bit, either byte order)."""
from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

SHF_ALLOC = 0x2
SHF_EXECINSTR = 0x4


class ElfError(Exception):
    """The file is missing or is not an ELF file."""


@dataclass(frozen=True)
class Section:
    name: str
    size: int
    flags: int
    address: int = 0

    @property
    def allocated(self) -> bool:
        """Occupies target memory (flash or RAM), unlike debug information."""
        return bool(self.flags & SHF_ALLOC)

    @property
    def executable(self) -> bool:
        return bool(self.flags & SHF_ALLOC and self.flags & SHF_EXECINSTR)

    def holds(self, address: int) -> bool:
        return self.address <= address < self.address + self.size


def sections(path: Path) -> list[Section]:
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise ElfError(f"cannot read {path}: {err.strerror or err}") from None
    if len(data) < 52 or data[:4] != b"\x7fELF" or data[4] not in (1, 2) or data[5] not in (1, 2):
        raise ElfError(f"{path} is not an ELF file")
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    try:
        if wide:
            shoff, = struct.unpack_from(order + "Q", data, 0x28)
            shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x3A)
            layout = order + "IIQQQQ"  # name, type, flags, addr, offset, size
        else:
            shoff, = struct.unpack_from(order + "I", data, 0x20)
            shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x2E)
            layout = order + "IIIIII"
        headers = [struct.unpack_from(layout, data, shoff + i * shentsize) for i in range(shnum)]
        names_offset = headers[shstrndx][4]
    except (struct.error, IndexError):
        raise ElfError(f"{path} has a truncated section header table") from None

    def name_at(offset: int) -> str:
        start = names_offset + offset
        return data[start:data.index(b"\0", start)].decode("ascii", "replace")

    try:
        return [Section(name_at(h[0]), h[5], h[2], h[3]) for h in headers[1:]]
    except ValueError:
        raise ElfError(f"{path} has a truncated section name table") from None
