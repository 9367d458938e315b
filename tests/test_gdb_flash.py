# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Loading an image through a probe's GDB server: flash through vFlashErase/vFlashWrite/vFlashDone
(binary data escaped), RAM through memory packets, the command line and the cleared exit status
written, the reset SP and PC read from the vector table; and every refusal a clear error. Against
tests/gdb_server.py, a server written from GDB's protocol description (OpenOCD and pyOCD serve no
flash without a probe)."""
from __future__ import annotations

import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rtbench.acquire.gdb_remote import GdbRemote, GdbRemoteError
from rtbench.acquire.runners.board import load
from rtbench.errors import RtbenchError
from tests.gdb_server import GdbServer, Region

FLASH, RAM = 0x08000000, 0x20000000


def _server(**options: Any) -> GdbServer:
    return GdbServer([Region(FLASH, bytearray(b"\x00" * 0x10000), flash=True),
                      Region(RAM, bytearray(0x2000))], **options)


def test_flash_is_erased_then_programmed_with_the_protocols_characters_escaped() -> None:
    server = _server()
    data = bytes(range(256)) * 3 + b"$#}*"  # every byte, and the four the protocol escapes
    remote = GdbRemote(server.address)
    try:
        remote.flash(FLASH + 0x4000, data)
    finally:
        remote.close()
    assert server.read(FLASH + 0x4000, len(data)) == data
    assert server.read(FLASH + 0x4000 + len(data), 4) == b"\xff" * 4  # the rest of the erased sector
    kinds = [p.split(b":")[0] for p in server.packets if p.startswith(b"vFlash")]
    assert kinds == [b"vFlashErase", *[b"vFlashWrite"] * 4, b"vFlashDone"]
    server.close()


def test_flash_that_the_server_will_not_program_is_an_error() -> None:
    server = _server(memory_map=False)  # no map: rtbench cannot know the sectors
    remote = GdbRemote(server.address)
    try:
        with pytest.raises(GdbRemoteError, match=r"refused erasing flash at 0x08000100: E03"):
            remote.flash(FLASH + 0x100, b"\x01")  # not on a sector boundary
        with pytest.raises(GdbRemoteError, match=r"refused a write at 0x08000000"):
            remote.write_memory(FLASH, b"\x01")  # flash is not RAM
        with pytest.raises(GdbRemoteError, match=r"refused `monitor frobnicate`"):
            remote.monitor("frobnicate")
    finally:
        remote.close()
        server.close()


IMAGE = r"""
#include <stdint.h>
extern uint32_t stack_top[];
void reset(void) { for (;;) {} }
__attribute__((used, section(".vectors"))) const void *vector_table[2] = {stack_top, reset};
__attribute__((used)) const char text[] = "a line of rodata with $ and # and } and *";
__attribute__((used)) volatile char rtb_board_cmdline[64];
__attribute__((used)) volatile uint32_t rtb_board_exit_status;
__attribute__((used)) uint32_t initialised = 0x12345678u;
"""
LINK = """
MEMORY { FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 64K
         RAM (rwx) : ORIGIN = 0x20000000, LENGTH = 8K }
SECTIONS {
  .text : { KEEP(*(.vectors)) *(.text* .rodata*) } > FLASH
  .data : { *(.data*) } > RAM AT > FLASH
  .ramcode : { . = ALIGN(4); LONG(0xCAFEF00D) } > RAM AT > RAM
  .bss (NOLOAD) : { *(.bss* COMMON) } > RAM
  stack_top = ORIGIN(RAM) + LENGTH(RAM);
}
"""


def _image(tmp_path: Path) -> Path:
    (tmp_path / "image.c").write_text(IMAGE)
    (tmp_path / "image.ld").write_text(LINK)
    elf = tmp_path / "image.elf"
    subprocess.run(["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb", "-O1", "-nostdlib", "-nostartfiles",
                    "-T", str(tmp_path / "image.ld"), str(tmp_path / "image.c"), "-o", str(elf)], check=True)
    return elf


BOARD = {"name": "a test board", "file": "test.toml", "probe": {"reset": ["reset halt"]},
         "memory": {"flash": {"origin": FLASH, "length": 0x10000}, "ram": {"origin": RAM, "length": 0x2000}}}


def test_an_image_is_loaded_into_flash_and_ram_and_started_from_its_vectors(tmp_path: Path) -> None:
    elf = _image(tmp_path)
    server = _server()
    remote = GdbRemote(server.address)
    try:
        sp, pc = load(remote, BOARD, SimpleNamespace(elf=elf), b"iterations=10 select=task_switch")  # type: ignore[arg-type]
    finally:
        remote.close()
        server.close()
    assert server.monitor == ["reset halt"]
    assert sp == RAM + 0x2000 and pc & ~1 == int.from_bytes(server.read(FLASH + 4, 4), "little") & ~1
    assert b"a line of rodata with $ and # and } and *" in server.read(FLASH, 0x200)
    ramcode = next(p for p in server.packets if p.startswith(b"M2000"))  # a RAM segment, by memory packets
    assert ramcode.endswith(b":" + (0xCAFEF00D).to_bytes(4, "little").hex().encode())
    assert b"iterations=10 select=task_switch\x00" in server.read(RAM, 0x80)
    assert any(p.startswith(b"vFlashWrite") for p in server.packets)
    assert not any(p.startswith(b"M8000") for p in server.packets)  # flash never by memory packets


def test_an_image_outside_the_boards_memory_map_is_refused(tmp_path: Path) -> None:
    elf = _image(tmp_path)
    small = {**BOARD, "memory": {"flash": {"origin": FLASH, "length": 0x10}, "ram": {"origin": RAM, "length": 0x2000}}}
    server = _server()
    remote = GdbRemote(server.address)
    try:
        with pytest.raises(RtbenchError, match=r"the image's bytes at 0x08000000\.\.0x0800.... are outside "
                                               r"a test board's memory map"):
            load(remote, small, SimpleNamespace(elf=elf), b"")  # type: ignore[arg-type]
    finally:
        remote.close()
        server.close()


def test_a_server_that_stops_answering_is_an_error(tmp_path: Path) -> None:
    elf = _image(tmp_path)
    server = _server(answer_packets=6)
    remote = GdbRemote(server.address)
    try:
        with pytest.raises(GdbRemoteError, match=r"closed the connection|stopped answering"):
            load(remote, BOARD, SimpleNamespace(elf=elf), b"")  # type: ignore[arg-type]
    finally:
        remote.close()
        server.close()


def test_every_sector_the_image_touches_is_erased_once() -> None:
    from rtbench.acquire.gdb_remote import erase_spans, flash_regions

    f4 = flash_regions(b'<memory-map><memory type="flash" start="0x8000000" length="0x10000">'
                       b'<property name="blocksize">0x4000</property></memory>'
                       b'<memory type="flash" start="0x8010000" length="0x10000">'
                       b'<property name="blocksize">0x10000</property></memory>'
                       b'<memory type="ram" start="0x20000000" length="0x18000"/></memory-map>')
    assert f4 == [(FLASH, 0x10000, 0x4000), (FLASH + 0x10000, 0x10000, 0x10000)]
    # .text from the start, .data's image right after it, something in the 64 KiB sector.
    parts = [(FLASH, b"t" * 0x4100), (FLASH + 0x4100, b"d" * 0x10), (FLASH + 0x12000, b"x")]
    assert erase_spans(parts, f4) == [(FLASH, 0x8000), (FLASH + 0x10000, 0x10000)]
    assert erase_spans(parts, []) == [(FLASH, 0x12001)]  # no map: one span over all of them
    assert flash_regions(b"<not xml") == []


def test_without_a_memory_map_the_flash_is_erased_in_one_span(tmp_path: Path) -> None:
    elf = _image(tmp_path)
    server = _server(memory_map=False)
    remote = GdbRemote(server.address)
    try:
        load(remote, BOARD, SimpleNamespace(elf=elf), b"")  # type: ignore[arg-type]
    finally:
        remote.close()
        server.close()
    erases = [p for p in server.packets if p.startswith(b"vFlashErase")]
    assert len(erases) == 1 and erases[0].startswith(b"vFlashErase:8000000,")
