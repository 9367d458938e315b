# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Board files: the shipped ones load, a broken one is refused saying what is wrong, a board
becomes the target a board run builds (its firmware folder, the board runner), and a board
without firmware stops before anything is built. The --gdb address is checked too."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire.boards import board_target, known_boards, load_board
from rtbench.acquire.gdb_remote import _escape, parse_address
from rtbench.errors import RtbenchError


def test_the_shipped_boards_load() -> None:
    assert {"nucleo-f401re", "nucleo-g071rb", "qemu-mps2-an386"} <= set(known_boards())
    for name in known_boards():
        _, board = load_board(name)
        assert board["memory"] and board["clock_hz"] > 0


def test_the_stand_in_becomes_a_board_run_of_the_m4f_image() -> None:
    target = board_target("qemu-mps2-an386", "/dev/null", "localhost:3333")
    assert (target.name, target.folder.name, target.runner, target.arch) == ("board", "qemu-m4f", "board", "cortex-m4f")
    assert target.spec["board_link"] == {"serial": "/dev/null", "gdb": "localhost:3333"}


def test_a_missing_serial_port_or_a_bad_gdb_address_is_refused_first() -> None:
    with pytest.raises(RtbenchError, match=r"no serial port /dev/no-such-tty"):
        board_target("qemu-mps2-an386", "/dev/no-such-tty", "localhost:3333")
    with pytest.raises(RtbenchError, match=r"is not host:port"):
        board_target("qemu-mps2-an386", "/dev/null", "localhost")


def test_a_board_without_firmware_stops_saying_so() -> None:
    with pytest.raises(RtbenchError, match=r"board-stm32g0.*does not have yet") as err:
        board_target("nucleo-g071rb", "/dev/null", "localhost:3333")
    assert "nucleo-f401re" in (err.value.hint or "")


def test_a_board_of_a_known_family_becomes_a_run_of_its_drivers() -> None:
    target = board_target("nucleo-f401re", "/dev/null", "localhost:3333")
    assert (target.name, target.folder.name, target.runner, target.arch) == \
        ("board", "board-stm32f4", "board", "cortex-m4f")
    assert target.spec["unit"] == "cycles" and target.spec["board"]["name"] == "NUCLEO-F401RE"


HEAD = 'name = "x"\ncore = "cortex-m4f"\nclock_hz = 1\nfirmware = "qemu-m4f"\nunit = "cycles"\n'


@pytest.mark.parametrize("text, message", [
    ('name = "x"\n', "lacks core, clock_hz, firmware, unit"),
    (HEAD, "no [memory] regions"),
    (HEAD + '[memory]\nflash = { origin = "0x0", length = 1 }\n', "memory.flash needs integer origin and length"),
    ("name = ", "is not valid TOML"),
])
def test_a_broken_board_file_is_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "board.toml"
    path.write_text(text)
    with pytest.raises(RtbenchError, match=re.escape(message)):
        load_board(str(path))


def test_an_unknown_board_names_the_shipped_ones() -> None:
    with pytest.raises(RtbenchError) as err:
        load_board("no-such-board")
    assert "nucleo-f401re" in (err.value.hint or "")


def test_a_board_that_is_not_the_targets_core_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m0.toml"
    path.write_text('name = "x"\ncore = "cortex-m0"\nclock_hz = 1\nfirmware = "qemu-m4f"\nunit = "cycles"\n'
                    '[memory]\nram = { origin = 0, length = 1 }\n')
    with pytest.raises(RtbenchError, match=r"has a cortex-m0 core but qemu-m4f builds for cortex-m4f"):
        board_target(str(path), "/dev/null", ":1")


@pytest.mark.parametrize("text, expected", [("localhost:3333", ("localhost", 3333)), (":2331", ("localhost", 2331)),
                                            ("3333", ("localhost", 3333)), ("10.0.0.2:1234", ("10.0.0.2", 1234))])
def test_gdb_addresses(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["localhost", "host:0", "host:70000", "host:port"])
def test_a_bad_gdb_address_is_refused(text: str) -> None:
    with pytest.raises(RtbenchError, match=r"is not host:port"):
        parse_address(text)


def test_binary_packets_escape_the_protocols_own_characters() -> None:
    assert _escape(b"a$b#c}d*e") == b"a}\x04b}\x03c}]d}\x0ae"


STAND_IN = (Path(__file__).resolve().parent.parent / "firmware" / "boards" / "qemu-mps2-an386.toml").read_text()


@pytest.mark.parametrize("old, new, message", [
    ("baud = 115200", "baud = -5", "uart.baud: -5 is outside 50..20000000 baud"),
    ("baud = 115200", 'baud = "fast"', 'uart.baud: "fast" must be a whole number of baud'),
    ("baud = 115200", "baud = 115200.5", "uart.baud: 115200.5 must be a whole number of baud"),
    ("clock_hz = 25000000", "clock_hz = 0", "clock_hz: 0 is outside 1..10000000000 Hz"),
    ("clock_hz = 25000000", "clock_hz = true", "clock_hz: true must be a whole number of Hz"),
    ("flash_wait_states = 0", "flash_wait_states = -1", "flash_wait_states: -1 is outside 0..64"),
    ('reset = ["system_reset"]', 'reset = "system_reset"', 'probe.reset: "system_reset" must be a list'),
    ('reset = ["system_reset"]', 'reset = ["reset halt", "frobnicate"]',
     'probe.reset: "frobnicate" is not a monitor command rtbench knows (reset, reset halt'),
    ('gdb = "localhost:3333"', 'gdb = "localhost"', 'probe.gdb: "localhost" is not host:port'),
    ('firmware = "qemu-m4f"', 'firmware = "../../x"', 'firmware: "../../x" must name a folder of firmware/targets'),
    ('name = "QEMU', 'nmae = "x"\nname = "QEMU', "unknown key nmae (known: name, core"),
    ("baud = 115200", "baud = 115200\nparity = 1", "unknown key uart.parity (known: peripheral, baud)"),
    ("length = 0x00400000 }\ndata", "length = 0 }\ndata", "memory.ram (origin 0x0, length 0x0) is outside"),
    ("data = { origin = 0x20000000", "data = { origin = 0xfffff000", "memory.data (origin 0xfffff000, length"),
    ('[uart]\nperipheral = "CMSDK UART0"\nbaud = 115200\n', "uart = 5\n", "uart must be a table ([uart])"),
])
def test_every_field_of_a_board_file_is_checked_on_loading(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in STAND_IN
    path = tmp_path / "board.toml"
    path.write_text(STAND_IN.replace(old, new, 1))
    with pytest.raises(RtbenchError, match=re.escape(f"board file {path}: {message}")):
        load_board(str(path))


NETDUINO = (Path(__file__).resolve().parent.parent / "firmware" / "boards" / "qemu-netduinoplus2.toml").read_text()


@pytest.mark.parametrize("old, new, message", [
    ('source = "machine"', 'source = "pll"', 'clock.source: "pll" must be one of hsi, hse, machine'),
    ('[clock]\nsource = "machine"', '[clock]\nsource = "hse"\nhse_bypass = "yes"',
     'clock.hse_bypass: "yes" must be true or false'),
    ("\nscale = [1, 128]", "\nscale = [1, 0]", "timers.scale: [1, 0] is not [numerator, denominator]"),
    ('model = "qemu-7.2"', 'model = "qemu-9"', 'timers.model: "qemu-9" must be one of silicon, qemu-7.2'),
    ("hz = 1000000000", "hz = 0", "timers.hz: 0 is outside 1..10000000000 Hz"),
    ('\nload = "memory"', '\nload = "jtag"', 'probe.load: "jtag" must be one of vflash, memory'),
    ('reset = ["loadvm rtbench-power-on"]', 'reset = ["loadvm rtbench power-on"]',
     'probe.reset: "loadvm rtbench power-on" is not a monitor command rtbench knows'),
    ("serial = 1 ", "serial = 9 ", "stand_in.serial: 9 is outside 0..7 serial ports"),
    ('qemu = ["qemu-system-arm"', 'qemu = ["", "qemu-system-arm"',
     "stand_in.qemu: must be a list of non-empty strings"),
    ("[stand_in]", "[capacity]\ntasks = 4\n\n[stand_in]", "capacity.tasks: 4 is outside 8..40 tasks"),
    ("[stand_in]", "[capacity]\nstack = 4\n\n[stand_in]", "unknown key capacity.stack (known: tasks, stack_words"),
])
def test_the_board_familys_keys_are_checked_on_loading(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in NETDUINO
    path = tmp_path / "board.toml"
    path.write_text(NETDUINO.replace(old, new, 1))
    with pytest.raises(RtbenchError, match=re.escape(f"board file {path}: {message}")):
        load_board(str(path))


def test_a_bad_baud_rate_is_exit_status_2_before_anything_is_built(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(STAND_IN.replace("baud = 115200", "baud = -5"))
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "home"), "run", "--target",
                           "board", "--board", str(path), "--serial", "/dev/null", "--gdb", "localhost:1"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "uart.baud: -5 is outside 50..20000000 baud" in proc.stderr
    assert not (tmp_path / "home" / "build").exists()
