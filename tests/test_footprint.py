# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Footprint from ld map files: hand-written excerpts, then a real FreeRTOS qemu-m3 image."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rtbench.acquire.footprint import KINDS, LAYERS, FootprintError, classify, footprint_results, parse_map
from tests.parts import need

OBJ = "CMakeFiles/rtbench.elf.dir"
LIBC = "/usr/lib/arm-none-eabi/lib/thumb/v7-m/nofp/libc_nano.a(lib_a-memcpy.o)"

# Everything ld writes around the memory map that must not be counted.
PREAMBLE = f"""Archive member included to satisfy reference by file (symbol)

build/kernel/librtb_kernel.a(tasks.c.obj)  {OBJ}/os/freertos/rtb_os_freertos.c.obj (xTaskCreateStatic)

Discarded input sections

 .text          0x00000000       0x40 {OBJ}/core/src/boot.c.obj
 .text.unused   0x00000000      0x100 {OBJ}/bench/task_switch.c.obj

Memory Configuration

Name             Origin             Length             Attributes
CODE             0x00000000         0x00400000         xr
RAM              0x20000000         0x00400000         xrw

Linker script and memory map

LOAD {OBJ}/core/src/run.c.obj
LOAD build/kernel/librtb_kernel.a
START GROUP
LOAD /usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v7-m/nofp/libgcc.a
END GROUP
"""

SECTIONS = f"""
.text           0x00000000      0x100
 *(.vectors)
 .vectors       0x00000000       0x40 {OBJ}/targets/qemu-m3/startup.c.obj
 *(.text .text.*)
 .text.a_rather_long_function_name
                0x00000040       0x20 {OBJ}/core/src/run.c.obj
                0x00000040                a_rather_long_function_name
 .text.xTaskCreateStatic
                0x00000060       0x30 build/kernel/librtb_kernel.a(tasks.c.obj)
 *fill*         0x00000090        0x4
 .text.memcpy   0x00000094       0x10 {LIBC}
 .rodata.str1.4
                0x000000a4       0x1c {OBJ}/bench/task_switch.c.obj
                                 0x2c (size before relaxing)
 .rodata.merged.str1.4
                0x000000c0       0x30 {OBJ}/core/src/run.c.obj
 .rodata.table  0x000000c0       0x40 {OBJ}/os/freertos/rtb_os_freertos.c.obj
                0x00000100                . = ALIGN (0x8)

.glue_7         0x00000100        0x0
 .glue_7        0x00000100        0x0 linker stubs

rtb_benches     0x00000100       0x28
 *(rtb_benches)
 rtb_benches    0x00000100       0x28 {OBJ}/bench/task_switch.c.obj

.ARM.exidx      0x00000128        0x8
 *(.ARM.exidx*)
 .ARM.exidx     0x00000128        0x8 /usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v7-m/nofp/libgcc.a(_udivmoddi4.o)

.data           0x20000000        0x8 load address 0x00000130
                0x20000000                        __data_start = .
 *(.data .data.*)
 .data.uxCriticalNesting
                0x20000000        0x4 build/kernel/librtb_kernel.a(port.c.obj)
                0x20000008                        . = ALIGN (0x8)
 *fill*         0x20000004        0x4

.bss            0x20000008       0x18 load address 0x00000138
 *(.bss .bss.* COMMON)
 .bss.configured
                0x20000008        0x1 {OBJ}/core/src/irq.c.obj
 *fill*         0x20000009        0x3
 .bss.pxCurrentTCB
                0x2000000c        0x4 build/kernel/librtb_kernel.a(tasks.c.obj)
 COMMON         0x20000010       0x10 {OBJ}/bench/tick_cost.c.obj

.noinit         0x20000020      0x300 load address 0x00000138
 *(.noinit .noinit.*)
 .noinit        0x20000020      0x100 {OBJ}/core/src/run.c.obj
 .noinit        0x20000120      0x200 {OBJ}/os/freertos/rtb_os_freertos.c.obj

.stack          0x20000320     0x2000 load address 0x00000138
                0x20002320                        . = (. + 0x2000)
 *fill*         0x20000320     0x2000
                0x20002320                        __stack_top = .

/DISCARD/
 *(.ARM.attributes)
 .text.gone     0x00000000      0x500 {OBJ}/core/src/main.c.obj
OUTPUT(rtbench.elf elf32-littlearm)
LOAD linker stubs

.debug_info     0x00000000      0x500
 .debug_info    0x00000000      0x500 {OBJ}/core/src/run.c.obj

.debug_rnglists
                0x00000000       0x80
 .debug_rnglists
                0x00000000       0x80 {OBJ}/core/src/run.c.obj

.comment        0x00000000       0x26
 .comment       0x00000000       0x26 {OBJ}/core/src/run.c.obj
"""

CREF = f"""
Cross Reference Table

Symbol                                            File
memcpy                                            {LIBC}
                                                  {OBJ}/core/src/run.c.obj
"""

SAMPLE = PREAMBLE + SECTIONS + CREF


def test_classify_layers() -> None:
    assert classify("librtb_kernel.a(tasks.c.obj)") == "kernel"
    assert classify("kernel/librtb_kernel.a(heap_4.c.obj)") == "kernel"
    assert classify(f"{OBJ}/os/freertos/rtb_os_freertos.c.obj") == "port"
    assert classify(f"{OBJ}/bench/task_switch.c.obj") == "bench"
    assert classify(f"{OBJ}/core/src/run.c.obj") == "core"
    assert classify(f"{OBJ}/targets/qemu-m3/startup.c.obj") == "target"
    assert classify(LIBC) == "toolchain"
    assert classify("/usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v7-m/nofp/libgcc.a(_dvmd_tls.o)") \
        == "toolchain"
    assert classify("/usr/lib/gcc/arm-none-eabi/12.2.1/crti.o") == "toolchain"
    assert classify("*fill*") == "linker"
    assert classify("linker stubs") == "linker"
    # A library that merely ends in the kernel's name is not the kernel.
    assert classify("libnotrtb_kernel.a(x.o)") == "toolchain"
    # Our own object from a folder footprint does not know must stand out.
    assert classify(f"{OBJ}/extras/thing.c.obj") == "unknown"


def test_parse_map_counts_each_layer_and_kind() -> None:
    layers = parse_map(SAMPLE)
    assert set(layers) == set(LAYERS)
    # .text: vectors 0x40 target; run.c 0x20 core; kernel 0x30; fill 0x4; memcpy 0x10;
    # bench rodata 0x1c (not the 0x2c before relaxing); core's merged string section claims
    # 0x30 bytes where the port's table starts, so it gets none and the port 0x40;
    # rtb_benches 0x28 bench; exidx 8 toolchain.
    assert layers["target"] == {"text": 0x40, "data": 0, "bss": 0, "noinit": 0}
    assert layers["core"] == {"text": 0x20, "data": 0, "bss": 0x1, "noinit": 0x100}
    assert layers["kernel"] == {"text": 0x30, "data": 0x4, "bss": 0x4, "noinit": 0}
    assert layers["bench"] == {"text": 0x1c + 0x28, "data": 0, "bss": 0x10, "noinit": 0}
    assert layers["port"] == {"text": 0x40, "data": 0, "bss": 0, "noinit": 0x200}
    assert layers["toolchain"] == {"text": 0x10 + 0x8, "data": 0, "bss": 0, "noinit": 0}
    assert layers["linker"] == {"text": 0x4, "data": 0x4, "bss": 0x3, "noinit": 0}


def test_parse_map_sums_equal_output_sections() -> None:
    layers = parse_map(SAMPLE)
    totals = {kind: sum(layer[kind] for layer in layers.values()) for kind in KINDS}
    # .stack, /DISCARD/, debug sections and .comment are not counted.
    assert totals == {"text": 0x100 + 0x28 + 0x8, "data": 0x8, "bss": 0x18, "noinit": 0x300}


def test_split_line_input_section_is_counted_once() -> None:
    text = """Linker script and memory map

.text           0x00000000       0x24
 .text.a_name_long_enough_to_be_split_by_ld
                0x00000000       0x20 librtb_kernel.a(tasks.c.obj)
                0x00000000                a_name_long_enough_to_be_split_by_ld
 .text.short    0x00000020        0x4 CMakeFiles/rtbench.elf.dir/core/src/run.c.obj
"""
    layers = parse_map(text)
    assert layers["kernel"]["text"] == 0x20
    assert layers["core"]["text"] == 0x4


def test_split_output_section_header_is_followed() -> None:
    # A long output-section name moves its address and size to the next line too.
    text = """Linker script and memory map

.noinit
                0x20000000       0x10
 .noinit        0x20000000       0x10 CMakeFiles/rtbench.elf.dir/core/src/run.c.obj
"""
    assert parse_map(text)["core"]["noinit"] == 0x10


def test_gaps_without_fill_line_count_as_linker_padding() -> None:
    text = """Linker script and memory map

.bss            0x20000000       0x10
 .bss.a         0x20000000        0x4 CMakeFiles/rtbench.elf.dir/core/src/run.c.obj
 .bss.b         0x20000008        0x4 CMakeFiles/rtbench.elf.dir/bench/x.c.obj
"""
    layers = parse_map(text)
    assert layers["core"]["bss"] == 4
    assert layers["bench"]["bss"] == 4
    assert layers["linker"]["bss"] == 8


def test_discard_and_stack_are_ignored() -> None:
    text = """Linker script and memory map

/DISCARD/
 *(.ARM.attributes)
 .text.gone     0x00000000      0x500 CMakeFiles/rtbench.elf.dir/core/src/main.c.obj

.stack          0x20000320     0x2000
 *fill*         0x20000320     0x2000
"""
    layers = parse_map(text)
    assert all(value == 0 for kinds in layers.values() for value in kinds.values())


def test_parse_map_without_memory_map_fails_clearly() -> None:
    with pytest.raises(FootprintError, match="memory map"):
        parse_map("Archive member included to satisfy reference by file (symbol)\n")
    with pytest.raises(FootprintError):
        parse_map("")


def test_footprint_results_missing_map(tmp_path: Path) -> None:
    with pytest.raises(FootprintError, match="map file"):
        footprint_results(tmp_path / "rtbench.map")


def _by_params(results: list[Any]) -> dict[tuple[str, str], Any]:
    return {(r.params["part"], r.params["section"]): r for r in results}


def test_footprint_results_from_sample(tmp_path: Path) -> None:
    map_file = tmp_path / "rtbench.map"
    map_file.write_text(SAMPLE)
    results, breakdown = footprint_results(map_file)
    assert breakdown == parse_map(SAMPLE)
    got = _by_params(results)
    assert sorted(got) == sorted((part, section) for part in ("kernel", "image")
                                 for section in ("text", "data", "bss"))
    for result in results:
        assert result.bench == "footprint" and result.unit == "bytes" and result.status == "ok"
        assert len(result.raw_samples) == 1
        assert result.scale.unit == "bytes" and result.samples() == result.raw_samples
        assert any("noinit" in note for note in result.notes) == (result.params["section"] == "bss")
    assert got["kernel", "text"].raw_samples == [0x30]
    assert got["kernel", "data"].raw_samples == [0x4]
    assert got["kernel", "bss"].raw_samples == [0x4]
    assert got["image", "text"].raw_samples == [0x130]
    assert got["image", "data"].raw_samples == [0x8]
    # bss in the results is .bss plus .noinit.
    assert got["image", "bss"].raw_samples == [0x18 + 0x300]


# --- a real FreeRTOS qemu-m3 image ---------------------------------------------------------

# How the output sections of link.ld become footprint kinds.
OUTPUT_KINDS = {".text": "text", "rtb_benches": "text", ".ARM.exidx": "text", ".data": "data",
                ".bss": "bss", ".noinit": "noinit"}
NOT_COUNTED = {".stack", ".comment", ".ARM.attributes"}


def _tool(name: str) -> str:
    need("target", "qemu-m3")  # its toolchain brings the binutils
    path = shutil.which(name)
    assert path is not None, f"{name} is not on PATH"
    return path


def _elf_sections(elf: Path) -> dict[str, int]:
    out = subprocess.run([_tool("arm-none-eabi-size"), "-A", str(elf)], capture_output=True,
                         text=True, check=True).stdout
    sections: dict[str, int] = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1].isdigit() and fields[0] != "Total":
            sections[fields[0]] = int(fields[1])
    return sections


@pytest.mark.integration
def test_built_image_footprint_matches_size(built_image: Any) -> None:
    sections = _elf_sections(built_image.elf)
    assert ".text" in sections and ".bss" in sections
    expected = dict.fromkeys(KINDS, 0)
    for name, size in sections.items():
        if name in OUTPUT_KINDS:
            expected[OUTPUT_KINDS[name]] += size
        else:
            # Any other section must be one footprint deliberately leaves out.
            assert name in NOT_COUNTED or name.startswith(".debug"), name
    layers = parse_map(built_image.map_file.read_text())
    got = {kind: sum(layer[kind] for layer in layers.values()) for kind in KINDS}
    assert got == expected
    # Bytes no input section claims count as padding; a parser that missed input sections
    # would still add up, but with far too much padding.
    for kind in KINDS:
        assert layers["linker"][kind] <= 16 + expected[kind] // 50, kind


@pytest.mark.integration
def test_built_image_kernel_is_part_of_the_image(built_image: Any) -> None:
    results, layers = footprint_results(built_image.map_file)
    got = _by_params(results)
    kernel_text = got["kernel", "text"].raw_samples[0]
    image_text = got["image", "text"].raw_samples[0]
    assert 0 < kernel_text < image_text
    assert got["kernel", "bss"].raw_samples[0] <= got["image", "bss"].raw_samples[0]
    assert got["image", "bss"].raw_samples[0] == sum(
        layer["bss"] + layer["noinit"] for layer in layers.values())
    for layer in ("kernel", "port", "bench", "core", "target"):
        assert layers[layer]["text"] > 0, layer


@pytest.mark.integration
def test_built_image_every_object_is_classified(built_image: Any) -> None:
    text = built_image.map_file.read_text()
    layers = parse_map(text)
    assert "unknown" not in layers
    objects = [line.split(None, 1)[1] for line in text.splitlines()
               if line.startswith("LOAD ") and "CMakeFiles/" in line]
    assert objects
    for obj in objects:
        assert classify(obj) not in ("unknown", "toolchain", "linker"), obj
