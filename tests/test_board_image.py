# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A board file's choices as its family's image gets them: the STM32F4 clock tree (PLL factors,
bus dividers, the timers' and the console's clocks), the timers, the flash accelerator, the
memory map and the capacity; every choice the family's drivers do not offer refused with the
board file's key. A family's target is run through a board file only, and the kernels not
ported to its machines are refused."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire.board_clocks import stm32f4
from rtbench.acquire.board_image import family_values, image_defines
from rtbench.acquire.boards import board_target, load_board
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.errors import RtbenchError

NUCLEO = (Path(__file__).resolve().parent.parent / "firmware" / "boards" / "nucleo-f401re.toml").read_text()
FAMILY = find_target("board-stm32f4").spec["family"]


def _board(tmp_path: Path, text: str) -> dict:
    path = tmp_path / "board.toml"
    path.write_text(text)
    found, spec = load_board(str(path))
    return {**spec, "file": str(found)}


def test_the_nucleo_f401re_clock_tree() -> None:
    _, board = load_board("nucleo-f401re")
    tree = stm32f4({**board, "file": "nucleo-f401re.toml"})
    # HSI 16 MHz / 8 = 2 MHz, x 168 = 336 MHz VCO, / 4 = 84 MHz; APB1 at 42 MHz, its timers at 84.
    assert (tree.source, tree.pll, tree.apb1_div, tree.apb2_div) == ("hsi", (8, 168, 4, 7), 2, 1)
    assert (tree.timer_hz, tree.apb1_hz, tree.apb2_hz) == (84_000_000, 42_000_000, 84_000_000)


@pytest.mark.parametrize("clock, source, pll, apb1, timer_hz", [
    (168_000_000, 'source = "hse"\nhse_hz = 8000000', (4, 168, 2, 7), 4, 84_000_000),  # STM32F4-Discovery
    (100_000_000, 'source = "hsi"', (8, 100, 2, 5), 4, 50_000_000),  # NUCLEO-F411RE
    (48_000_000, 'source = "hsi"', (8, 96, 4, 4), 2, 48_000_000),
])
def test_other_clocks(tmp_path: Path, clock: int, source: str, pll: tuple, apb1: int, timer_hz: int) -> None:
    board = _board(tmp_path, NUCLEO.replace("clock_hz = 84000000", f"clock_hz = {clock}")
                   .replace('source = "hsi"', source))
    tree = stm32f4(board)
    assert (tree.pll, tree.apb1_div, tree.timer_hz) == (pll, apb1, timer_hz)


@pytest.mark.parametrize("old, new, message", [
    ("clock_hz = 84000000", "clock_hz = 84000001", "clock_hz: 84000001 Hz cannot be made from HSI at 16000000 Hz"),
    ("clock_hz = 84000000", "clock_hz = 180000000", "clock_hz: 180000000 Hz is above 168 MHz"),
    ('source = "hsi"', 'source = "hse"', '[clock] source = "hse" needs hse_hz'),
    ('timestamp = "DWT"\n', 'timestamp = "TIM9"\n', "timers.timestamp: 'TIM9' is not one of the board-stm32f4"),
    ('interrupt = "TIM2"', 'interrupt = "TIM3"', "timers.interrupt: 'TIM3' is not one of the board-stm32f4"),
    ('timestamp = "DWT"\n', 'timestamp = "TIM2"\n', "timers.interrupt: TIM2 is the timestamp counter too"),
    ('peripheral = "USART2"', 'peripheral = "UART7"', "uart.peripheral: 'UART7' is not one of"),
    ('"prefetch", "icache", "dcache"', '"prefetch", "l2cache"', "flash_accelerator: 'l2cache' is not one of"),
    ('unit = "cycles"', 'unit = "seconds"', "unit: 'seconds' is not one of"),
    ('interrupt = "TIM2"', 'interrupt = "TIM2"\nmodel = "qemu-7.2"', 'timers.model: "qemu-7.2" takes its timestamps'),
    ("flash = { origin", "rom = { origin", "memory: a board family's image needs a flash region"),
])
def test_a_choice_the_family_does_not_offer_is_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in NUCLEO
    board = _board(tmp_path, NUCLEO.replace(old, new, 1))
    with pytest.raises(RtbenchError, match=re.escape(message)):
        family_values("board-stm32f4", FAMILY, board)


def test_the_image_gets_the_board_files_values() -> None:
    target = board_target("nucleo-f401re", "/dev/null", "localhost:3333")
    values = dict(d.split("=", 1) if "=" in d else (d, "") for d in image_defines(target))
    assert "RTB_BOARD_HOST" in values
    assert (values["RTB_BOARD_CLOCK_HZ"], values["RTB_BOARD_PLL_N"], values["RTB_BOARD_FLASH_WS"]) == \
        ("84000000", "168", "2")
    assert (values["RTB_BOARD_TS_TIMER"], values["RTB_BOARD_IRQ_TIMER"], values["RTB_BOARD_CONSOLE"]) == ("0", "2", "2")
    assert values["RTB_BOARD_CONSOLE_HZ"] == "42000000" and values["RTB_BOARD_FLASH_DCACHE"] == "1"
    assert (values["RTB_BOARD_RAM_ORIGIN"], values["RTB_BOARD_RAM_LENGTH"]) == ("0x20000000", "0x18000")
    assert (values["RTB_BOARD_MAX_TASKS"], values["RTB_BOARD_TASK_STACK_WORDS"], values["RTB_BOARD_SAMPLES"]) == \
        ("24", "256", "1024")
    # The family's target named directly builds for its default board (the reproducibility test does).
    assert image_defines(find_target("board-stm32f4")) == image_defines(target)
    assert image_defines(find_target("qemu-m4f")) == ()


def test_the_stand_in_counts_instructions_on_a_timer() -> None:
    target = board_target("qemu-netduinoplus2", "/dev/null", "localhost:3333")
    values = dict(d.split("=", 1) for d in image_defines(target) if "=" in d)
    assert (values["RTB_BOARD_CLOCK_SOURCE"], values["RTB_BOARD_TS_TIMER"], values["RTB_BOARD_TIMER_MODEL"]) == \
        ("0", "5", "1")
    assert (values["RTB_BOARD_TS_HZ"], values["RTB_BOARD_TS_NUM"], values["RTB_BOARD_TS_DEN"]) == \
        ("1000000000", "1", "128")
    assert values["RTB_BOARD_TS_INSTRUCTIONS"] == "1" and "RTB_BOARD_MAX_TASKS" not in values


def test_only_the_kernels_ported_to_the_family_run_there() -> None:
    target = find_target("board-stm32f4")
    assert find_kernel("freertos").runs_on(target) and find_kernel("threadx").runs_on(target)
    assert not find_kernel("asp3").runs_on(target) and find_kernel("asp3").runs_on(find_target("qemu-m4f"))


def _rtbench(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "home"), "run", *args],
                          capture_output=True, text=True, timeout=120)


def test_a_family_is_run_through_a_board_file(tmp_path: Path) -> None:
    proc = _rtbench(tmp_path, "--target", "board-stm32f4")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "board-stm32f4 holds a board family's drivers: it runs on a board" in proc.stderr
    assert "--target board --board FILE" in proc.stderr


def test_without_a_probe_the_run_names_the_probe_server_to_start(tmp_path: Path) -> None:
    proc = _rtbench(tmp_path, "--target", "board", "--board", "nucleo-f401re", "--serial", "/dev/null",
                    "--gdb", "localhost:1")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "no GDB server answers at localhost:1 for NUCLEO-F401RE" in proc.stderr
    assert "start NUCLEO-F401RE's probe server first: openocd -f board/st_nucleo_f4.cfg" in proc.stderr
    assert not (tmp_path / "home" / "build").exists()  # refused before anything was built


def test_a_kernel_not_ported_to_the_family_is_refused(tmp_path: Path) -> None:
    proc = _rtbench(tmp_path, "--target", "board", "--board", "nucleo-f401re", "--serial", "/dev/null",
                    "--gdb", "localhost:1", "--os", "asp3")
    assert proc.returncode == 2 and "the asp3 port is not ported to board-stm32f4's machines" in proc.stderr
    assert "kernels there: freertos, ucos2, threadx" in proc.stderr


def test_an_image_that_does_not_fit_the_board_says_so() -> None:
    from rtbench.acquire.build import BuildError, _too_big

    target = board_target("nucleo-f401re", "/dev/null", "localhost:3333")
    link = ("ld: rtbench.elf section `.noinit' will not fit in region `RAM'\n"
            "ld: region `RAM' overflowed by 60248 bytes\ncollect2: error: ld returned 1 exit status")
    err = _too_big(BuildError("building failed", "", link), target)
    assert err is not None
    assert str(err).startswith("the image does not fit NUCLEO-F401RE's memory map: its RAM region overflows by "
                               "60248 bytes")
    assert "[capacity]" in err.hint and "nucleo-f401re.toml" in err.hint
    assert _too_big(BuildError("building failed", "", "error: unknown type name"), target) is None
