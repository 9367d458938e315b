# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Pico 2 on its Hazard3 core (board-rp2350-riscv, board file pico2-riscv), what can be
checked without the board: the board file loads and names the family's drivers, the family's
core is the one only the RISC-V ports that fit any core build for (not vexriscv-sim's
hardware-scheduler kernels), its linker script's RAM is the board file's, and its drivers are
asked for with the board's command, not run as a target of their own (exit 2)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from rtbench.acquire import platforms
from rtbench.acquire.boards import board_target, load_board
from rtbench.acquire.runners.board import RISCV_CORES

FAMILY = Path(__file__).resolve().parent.parent / "firmware" / "targets" / "board-rp2350-riscv"


def test_the_pico2_board_file_names_its_riscv_drivers() -> None:
    _, board = load_board("pico2-riscv")
    assert (board["firmware"], board["core"], board["clock_hz"]) == ("board-rp2350-riscv", "hazard3", 150_000_000)
    target = board_target("pico2-riscv", "/dev/null", "localhost:3333")
    assert (target.folder.name, target.runner, target.arch) == ("board-rp2350-riscv", "board", "hazard3")
    assert target.arch in RISCV_CORES  # the runner starts it at its ELF entry, not from a vector table


def test_only_the_ports_that_fit_any_riscv_core_build_for_it() -> None:
    family = platforms.find_target("board-rp2350-riscv")
    fitting = sorted(k.name for k in platforms.kernels() if k.runs_on(family))
    assert fitting == ["freertos", "threadx", "ucos2"]


def test_the_linker_script_is_the_board_files_ram() -> None:
    _, board = load_board("pico2-riscv")
    origin, length = (int(v, 16) for v in re.search(r"ORIGIN = (0x[0-9a-f]+), LENGTH = (0x[0-9a-f]+)",
                                                    (FAMILY / "link.ld").read_text()).groups())
    assert board["memory"]["ram"] == {"origin": origin, "length": length}
    assert origin == 0x20000000 and length == 512 * 1024  # the RP2350's striped SRAM0-7


def test_the_family_is_run_through_its_board_not_as_a_target(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), "run", "--target",
                           "board-rp2350-riscv"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--target board --board FILE" in proc.stderr and "pico2-riscv" in proc.stderr
