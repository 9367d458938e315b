# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Every kernel port defines every function of the OS abstraction. CI builds only the ports
whose kernel a registry carries, so this catches an API change that left another port behind."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
PORTS = sorted(p.parent.name for p in (FIRMWARE / "os").glob("*/os.toml"))


def declared_api() -> set[str]:
    header = (FIRMWARE / "core/include/rtb/os.h").read_text()
    return set(re.findall(r"^[\w ]+?\**\s*\b(rtb_os_\w+)\(", header, re.MULTILINE))


def test_the_api_is_found() -> None:
    assert {"rtb_os_task_create", "rtb_os_sem_give_from_isr", "rtb_os_isr_exit"} <= declared_api()
    assert len(PORTS) >= 2


@pytest.mark.parametrize("port", PORTS)
def test_port_defines_every_function(port: str) -> None:
    folders = [FIRMWARE / "os" / port]
    reused = tomllib.loads((folders[0] / "os.toml").read_text()).get("reuses")
    if reused:  # a variant that builds another port's sources (freertos-hw)
        folders.append(FIRMWARE / "os" / reused)
    sources = "\n".join(p.read_text() for folder in folders for p in folder.rglob("*.c"))
    # Functions shared by ports of one lineage come from the common headers a port includes
    # (rtb_port_park.h: suspension by sleeping, for ASP3 and µT-Kernel).
    for name in sorted(set(re.findall(r'^#include "(rtb_port_\w+\.h)"', sources, re.MULTILINE))):
        sources += "\n" + (FIRMWARE / "os" / "common" / name).read_text()
    defined = set(re.findall(r"^[\w ]+?\**\s*\b(rtb_os_\w+)\([^;]*?\)\s*\{", sources, re.MULTILINE | re.DOTALL))
    assert declared_api() - defined == set()


TARGETS = sorted(p.parent.name for p in (FIRMWARE / "targets").glob("*/target.toml"))
TARGET_API = (FIRMWARE / "core/include/rtb/target.h").read_text()
UART_FUNCTIONS = set(re.findall(r"^[\w ]+?\b(rtb_target_uart_\w+)\(", TARGET_API, re.MULTILINE))


def _platforms(target: str) -> list[tuple[str, str]]:
    """(rtb_target_config.h, the sources built with it) for each platform of a target: one, or
    several when a target builds for more than one (qemu-a9: bare metal and a Linux guest). A
    Cortex-M target takes its board family's header and the shared sources it names."""
    folder = FIRMWARE / "targets" / target
    cortex_m = re.search(r"rtb_cortex_m_target\(\S+ FAMILY (\S+)\s+SOURCES ([^)]*)\)",
                         (folder / "target.cmake").read_text())
    if cortex_m:
        shared = FIRMWARE / "targets" / "cortex-m"
        config = (shared / cortex_m.group(1) / "rtb_target_config.h").read_text()
        return [(config, "\n".join((shared / name).read_text() for name in cortex_m.group(2).split()))]
    found = []
    for config_path in sorted(folder.rglob("rtb_target_config.h")):
        sources = config_path.parent.parent if config_path.parent.name == "include" else config_path.parent
        found.append((config_path.read_text(), "\n".join(p.read_text() for p in sorted(sources.glob("*.c")))))
    return found


@pytest.mark.parametrize("target", TARGETS)
def test_target_has_the_benchmark_uart_or_says_why_not(target: str) -> None:
    assert len(UART_FUNCTIONS) == 3
    platforms = _platforms(target)
    assert platforms
    for config, sources in platforms:
        defined = set(re.findall(r"^[\w ]+?\b(rtb_target_uart_\w+)\([^;]*?\)\s*\{", sources,
                                 re.MULTILINE | re.DOTALL))
        if "#define RTB_TARGET_NO_UART" in config:
            assert defined == set()  # the reason stands in for the UART, no half of one
        else:
            assert defined == UART_FUNCTIONS and "#define RTB_TARGET_UART_LINE" in config
            assert "rtb_core_uart(" in sources  # its interrupt reaches the benchmark's handler
