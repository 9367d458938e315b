# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Parsing of clocks and durations, RISC-V fault decoding and the RAM image the sim runner writes."""
from __future__ import annotations

import argparse

import pytest

from rtbench.acquire.fault import describe_fault
from rtbench.acquire.runners.litex_sim import exit_status_from_log, ram_image
from rtbench.analysis.variants import parse_duration
from rtbench.cli.arguments import clock
from rtbench.errors import RtbenchError


@pytest.mark.parametrize("text,hz", [("100MHz", 100e6), ("50 MHz", 50e6), ("1.5GHz", 1.5e9), ("32768Hz", 32768),
                                     ("250k", 250e3), ("8000000", 8e6)])
def test_clock_frequencies(text: str, hz: float) -> None:
    assert clock(text) == pytest.approx(hz)


@pytest.mark.parametrize("text", ["fast", "0MHz", "-5MHz", "100 MB", "0.000001Hz", "999Hz", "10.5GHz"])
def test_bad_clock_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        clock(text)


def test_durations() -> None:
    assert parse_duration("220us") == pytest.approx(220e-6)
    assert parse_duration("1.5ms") == pytest.approx(1.5e-3)
    assert parse_duration("500ns") == pytest.approx(500e-9)
    with pytest.raises(RtbenchError, match="not a duration"):
        parse_duration("soon")


def test_riscv_fault_names_the_cause_and_address() -> None:
    text = describe_fault({"kind": "riscv_exception", "pc": "0x40001000", "lr": "0x40000010", "psr": "0x1880",
                           "cfsr": "0x00000005", "hfsr": "0xdeadbee0", "mmfar": "0x0", "bfar": "0x0"})
    assert "LOAD_ACCESS" in text and "mtval 0xdeadbee0" in text and "pc 0x40001000" in text
    assert "CFSR" not in text.upper().replace("CAUSE", "")


def test_ram_image_places_program_and_options() -> None:
    soc = {"main_ram_size": 0x1000, "cmdline_bytes": 64}
    image = ram_image(b"\x13\x00\x00\x00\x6f\x00\x00\x00", {"iterations": "5"}, soc).splitlines()
    assert image[:2] == ["00000013", "0000006f"]
    assert image[2] == f"@{(0x1000 - 64) // 4:x}"
    block = b"".join(int(w, 16).to_bytes(4, "little") for w in image[3:])
    assert block.rstrip(b"\0") == b"RTBCiterations=5"
    with pytest.raises(RtbenchError, match="command-line block"):
        ram_image(b"", {"select": "x" * 100}, soc)


def test_exit_status_comes_from_the_last_console_line(tmp_path) -> None:
    log = tmp_path / "console.log"
    log.write_text("RTB1 5 DONE benches=3 failed=0 *00000000\n\nRTB-EXIT status=1\n- sim.v: Verilog $finish\n")
    assert exit_status_from_log(log) == 1
    log.write_text("RTB1 5 DONE\n")
    assert exit_status_from_log(log) is None
