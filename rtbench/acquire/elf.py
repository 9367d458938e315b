# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The one ELF reader (pyelftools): section sizes for the footprint and fault decoding, the
loadable segments and symbol addresses for a board's loader, a guest's loadable file. 32/64-bit,
either byte order."""
from __future__ import annotations

import struct
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

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


@dataclass(frozen=True)
class Segment:
    address: int  # load (physical) address
    data: bytes


@contextmanager
def _open(path: Path) -> Iterator[ELFFile]:
    try:
        with Path(path).open("rb") as stream:
            yield ELFFile(stream)
    except OSError as err:
        raise ElfError(f"cannot read {path}: {err.strerror or err}") from None
    except (ELFError, ValueError, KeyError, IndexError) as err:  # pyelftools on a damaged file
        raise ElfError(f"{path} is not an ELF file, or a damaged one: {err}") from None


def sections(path: Path) -> list[Section]:
    """Every section but the null one, with its size, flags and address."""
    with _open(path) as elf:
        try:
            return [Section(s.name, s["sh_size"], s["sh_flags"], s["sh_addr"]) for s in elf.iter_sections()
                    if s["sh_type"] != "SHT_NULL"]
        except (ELFError, ValueError, KeyError, IndexError, UnicodeDecodeError) as err:
            raise ElfError(f"{path} has a damaged section table: {err}") from None


def segments(path: Path) -> list[Segment]:
    """The bytes to load (each PT_LOAD segment's file part), at their load addresses."""
    with _open(path) as elf:
        return [Segment(seg["p_paddr"], seg.data()) for seg in elf.iter_segments()
                if seg["p_type"] == "PT_LOAD" and seg["p_filesz"]]


def loadable_file(path: Path) -> bytes:
    """The executable as an operating system's loader reads it: its header, program headers and
    segments, without the sections after them (symbols, debug information) and with no section
    table. A guest's /init is this: a header's line numbers then change no byte the guest reads."""
    with _open(path) as elf:
        header = elf.header
        end = header["e_phoff"] + header["e_phnum"] * header["e_phentsize"]
        for seg in elf.iter_segments():
            end = max(end, seg["p_offset"] + seg["p_filesz"])
        wide = elf.elfclass == 64
    data = bytearray(Path(path).read_bytes()[:end])
    order = "<" if elf.little_endian else ">"
    # e_shoff, then e_shnum and e_shstrndx: no section table.
    struct.pack_into(order + ("Q" if wide else "I"), data, 0x28 if wide else 0x20, 0)
    struct.pack_into(order + "HH", data, 0x3C if wide else 0x30, 0, 0)
    return bytes(data)


def elf_entry(path: Path) -> int:
    """The image's entry point (where a RISC-V board image starts)."""
    with _open(path) as elf:
        return int(elf.header["e_entry"])


def symbols(path: Path, wanted: set[str]) -> dict[str, int]:
    """The addresses of the wanted symbols that the image defines."""
    found: dict[str, int] = {}
    with _open(path) as elf:
        for table in elf.iter_sections():
            if isinstance(table, SymbolTableSection) and table["sh_type"] == "SHT_SYMTAB":
                for symbol in table.iter_symbols():
                    if symbol.name in wanted:
                        found[symbol.name] = symbol["st_value"]
    return found


@dataclass(frozen=True)
class Symbol:
    name: str
    address: int  # Thumb functions' bit 0 cleared: the first instruction's address
    size: int


def functions(path: Path) -> list[Symbol]:
    """Every function symbol with a size, by address (what an instruction address belongs to)."""
    found: dict[int, Symbol] = {}
    with _open(path) as elf:
        for table in elf.iter_sections():
            if isinstance(table, SymbolTableSection) and table["sh_type"] == "SHT_SYMTAB":
                for symbol in table.iter_symbols():
                    if symbol["st_info"]["type"] == "STT_FUNC" and symbol["st_size"] and symbol.name:
                        address = symbol["st_value"] & ~1
                        found.setdefault(address, Symbol(symbol.name, address, symbol["st_size"]))
    return sorted(found.values(), key=lambda s: s.address)


def data_symbols(path: Path, name: str) -> list[Symbol]:
    """Every object symbol of that name (static ones of several files too), with address and size."""
    found = []
    with _open(path) as elf:
        for table in elf.iter_sections():
            if isinstance(table, SymbolTableSection) and table["sh_type"] == "SHT_SYMTAB":
                for symbol in table.iter_symbols():
                    if symbol.name == name and symbol["st_info"]["type"] == "STT_OBJECT":
                        found.append(Symbol(name, symbol["st_value"], symbol["st_size"]))
    return found


def data_symbol(path: Path, name: str) -> Symbol | None:
    """An object symbol's address and size (a static one too)."""
    found = data_symbols(path, name)
    return found[0] if found else None
