# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Fault decoding: CFSR/HFSR bits, source lookup through addr2line, the combined message."""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rtbench.acquire.fault import decode_cfsr, decode_hfsr, describe_fault, locate
from rtbench.acquire.protocol import fault_summary
from tests.parts import need

ADDR2LINE = "arm-none-eabi-addr2line"


def names(decoded: list[str]) -> list[str]:
    return [entry.split(" ", 1)[0] for entry in decoded]


def test_decode_cfsr_single_bits() -> None:
    assert decode_cfsr(0x00010000) == ["UNDEFINSTR (undefined instruction)"]
    expected = {
        0: "IACCVIOL", 1: "DACCVIOL", 3: "MUNSTKERR", 4: "MSTKERR", 7: "MMARVALID",
        8: "IBUSERR", 9: "PRECISERR", 10: "IMPRECISERR", 11: "UNSTKERR", 12: "STKERR",
        15: "BFARVALID", 16: "UNDEFINSTR", 17: "INVSTATE", 18: "INVPC", 19: "NOCP",
        24: "UNALIGNED", 25: "DIVBYZERO",
    }
    for bit, name in expected.items():
        decoded = decode_cfsr(1 << bit)
        assert names(decoded) == [name], bit
        assert decoded[0].startswith(f"{name} (") and decoded[0].endswith(")")


def test_decode_cfsr_several_and_reserved_bits() -> None:
    assert names(decode_cfsr(0x02000082)) == ["DACCVIOL", "MMARVALID", "DIVBYZERO"]
    assert decode_cfsr(0) == []
    # Reserved bits (2, 5, 6, 13, 14, 20-23, 26-31) name nothing on the Cortex-M3.
    assert decode_cfsr(0xFCF06064) == []


def test_decode_hfsr() -> None:
    assert decode_hfsr(0x40000000) == ["FORCED (escalated to HardFault)"]
    assert names(decode_hfsr(0x00000002)) == ["VECTTBL"]
    assert names(decode_hfsr(0x80000000)) == ["DEBUGEVT"]
    assert names(decode_hfsr(0xC0000002)) == ["VECTTBL", "FORCED", "DEBUGEVT"]
    assert decode_hfsr(0x3FFFFFFD) == []


FIELDS = {"kind": "hardfault", "pc": "0x000012a4", "lr": "0x00000a01", "psr": "0x01000000",
          "cfsr": "0x00010000", "hfsr": "0x40000000", "mmfar": "0xe000ed34",
          "bfar": "0xe000ed38"}


def test_describe_fault_without_elf() -> None:
    message = describe_fault(FIELDS)
    assert message.startswith("hardfault at pc 0x000012a4, lr 0x00000a01")
    assert message.endswith(": UNDEFINSTR (undefined instruction); FORCED (escalated to HardFault)")
    # Neither VALID bit is set: the address registers are stale and left out.
    assert "mmfar" not in message and "bfar" not in message


def test_describe_fault_shows_valid_fault_addresses() -> None:
    fields = dict(FIELDS, cfsr="00000082", mmfar="20001000", bfar="30000000")
    message = describe_fault(fields)
    assert "mmfar 0x20001000" in message and "bfar" not in message
    assert "DACCVIOL" in message and "MMARVALID" in message
    fields = dict(FIELDS, cfsr="0x00008200", bfar="0x30000000")
    message = describe_fault(fields)
    assert "bfar 0x30000000" in message and "mmfar" not in message


@pytest.mark.parametrize("fields", [
    {},
    {"kind": "hardfault"},
    {"kind": "hardfault", "pc": "not-hex", "cfsr": "0xzz", "hfsr": ""},
    {"pc": None, "cfsr": 12},
])
def test_describe_fault_never_raises(fields: Any) -> None:
    message = describe_fault(fields, elf=Path("missing.elf"), addr2line="no-such-addr2line")
    assert isinstance(message, str) and message
    if fields.get("pc") == "not-hex":
        assert "pc not-hex" in message and "cfsr 0xzz" in message


def test_describe_fault_survives_a_non_dict() -> None:
    assert describe_fault(None)  # type: ignore[arg-type]


def fake_addr2line(tmp_path: Path, function: str, where: str) -> str:
    """An addr2line stand-in that prints fixed answers and records its arguments."""
    script = tmp_path / "fake-addr2line"
    script.write_text(f'#!/bin/sh\necho "$@" > "{tmp_path}/args"\n'
                      f'printf "%s\\n%s\\n" "{function}" "{where}"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


posix_only = pytest.mark.skipif(os.name != "posix", reason="the fake addr2line is a sh script")


@posix_only
def test_locate_strips_thumb_bit_and_machine_path(tmp_path: Path) -> None:
    source = "/home/someone/src/rtbench/firmware/core/src/catalogue.c"
    tool = fake_addr2line(tmp_path, "rtb_catalogue_task", f"{source}:63 (discriminator 2)")
    where = locate(0x12A5, tmp_path / "rtbench.elf", tool)
    assert where == "rtb_catalogue_task at core/src/catalogue.c:63"
    args = (tmp_path / "args").read_text().split()
    assert args[-1] == "0x12a4" and "-f" in args and "-C" in args and "-e" in args


@posix_only
def test_locate_unknown_answers(tmp_path: Path) -> None:
    assert locate(0x10, tmp_path / "x.elf", fake_addr2line(tmp_path, "??", "??:0")) is None
    tool = fake_addr2line(tmp_path, "vTaskSwitchContext", "/opt/FreeRTOS-Kernel/tasks.c:3001")
    # Outside firmware/ only the file name is kept: no machine path in reports.
    assert locate(0x10, tmp_path / "x.elf", tool) == "vTaskSwitchContext at tasks.c:3001"
    assert locate(0x10, tmp_path / "x.elf", fake_addr2line(tmp_path, "memcpy", "??:?")) == "memcpy"


def test_locate_without_tool(tmp_path: Path) -> None:
    assert locate(0x100, tmp_path / "x.elf", str(tmp_path / "no-such-addr2line")) is None


@posix_only
def test_describe_fault_with_locations(tmp_path: Path) -> None:
    tool = fake_addr2line(tmp_path, "rtb_catalogue_task",
                          "/build/firmware/core/src/catalogue.c:63")
    message = describe_fault(dict(FIELDS, lr="0xfffffff9"), tmp_path / "x.elf", tool)
    assert message.startswith(
        "hardfault at pc 0x000012a4 (rtb_catalogue_task at core/src/catalogue.c:63), "
        "lr 0xfffffff9, ")  # EXC_RETURN values are not looked up


# --- a real FreeRTOS qemu-m3 image ---------------------------------------------------------

def _symbol_address(elf: Path, symbol: str) -> int:
    need("target", "qemu-m3")  # its toolchain brings the binutils
    nm = shutil.which("arm-none-eabi-nm")
    assert nm is not None, "arm-none-eabi-nm is not on PATH"
    out = subprocess.run([nm, str(elf)], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[2] == symbol:
            return int(fields[0], 16)
    raise AssertionError(f"{symbol} not in {elf.name}")


@pytest.mark.integration
def test_built_image_locate_finds_function(built_image: Any) -> None:
    need("target", "qemu-m3")
    address = _symbol_address(built_image.elf, "rtb_catalogue_task")
    for probe in (address, address | 1):  # a stacked pc/lr may carry the Thumb bit
        where = locate(probe, built_image.elf, ADDR2LINE)
        assert where is not None
        assert where.startswith("rtb_catalogue_task at core/src/catalogue.c:"), where
    assert locate(address, built_image.elf, "no-such-addr2line-for-rtbench") is None


@pytest.mark.integration
def test_built_image_describe_fault_names_source(built_image: Any) -> None:
    need("target", "qemu-m3")
    address = _symbol_address(built_image.elf, "rtb_catalogue_task")
    message = describe_fault(dict(FIELDS, pc=f"{address:08x}"), built_image.elf, ADDR2LINE)
    assert "(rtb_catalogue_task at core/src/catalogue.c:" in message
    # No machine path: the source path is relative to firmware/.
    assert "/firmware/" not in message
    assert str(built_image.elf.parent) not in message


@pytest.mark.integration
def test_built_image_data_address_in_lr_is_not_named(built_image: Any) -> None:
    """A register holding a RAM address (lr after inlining) must not borrow a data symbol's name."""
    need("target", "qemu-m3")
    code = _symbol_address(built_image.elf, "rtb_catalogue_task")
    data = _symbol_address(built_image.elf, "__bss_start")
    message = describe_fault(dict(FIELDS, pc=f"{code:08x}", lr=f"{data | 1:08x}"), built_image.elf, ADDR2LINE)
    assert "(rtb_catalogue_task at core/src/catalogue.c:" in message
    assert f"lr 0x{data | 1:08x}," in message and "__bss_start" not in message


# --- a process's fault signal (linux target) -----------------------------------------------

def test_signal_fault_names_the_signal_not_cortex_m_bits() -> None:
    fields = {"kind": "SIGSEGV", "pc": "0x00401234", "lr": "0x00000000", "psr": "0x00000000",
              "cfsr": "0x00000000", "hfsr": "0x00000000", "mmfar": "0x00000000", "bfar": "0x00000000"}
    text = describe_fault(fields)
    assert text == "SIGSEGV (invalid memory access) at pc 0x00401234"
    assert "cfsr" not in fault_summary(fields) and "kind=SIGSEGV" in fault_summary(fields)
