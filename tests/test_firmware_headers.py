# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The firmware's public headers and the benchmarks: ISO C11 without extensions (-Wpedantic: a
registration without options still passes a variadic argument), and includable from C++ (the
rtb/ headers carry extern "C" guards and spell no-return for both languages). Compiled by the
Arm toolchain of the main job, for qemu-m3's headers; nothing is linked or run."""
from __future__ import annotations

import subprocess
from pathlib import Path

from tests.parts import need

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
INCLUDES = [f"-I{FIRMWARE / d}" for d in ("core/include", "targets/qemu-m3/include", "targets/cortex-m/mps2",
                                          "targets/cortex-m")]
CPU = ["-mcpu=cortex-m3", "-mthumb"]


def _compile(compiler: str, flags: list[str], source: Path) -> str:
    proc = subprocess.run([compiler, *CPU, *flags, "-fsyntax-only", *INCLUDES, str(source)],
                          capture_output=True, text=True, timeout=120)
    return proc.stderr.strip() if proc.returncode else ""


def test_every_benchmark_is_iso_c11() -> None:
    need("target", "qemu-m3")
    failures = {p.name: err for p in sorted((FIRMWARE / "bench").glob("*.c"))
                if (err := _compile("arm-none-eabi-gcc", ["-std=c11", "-Wpedantic", "-Werror"], p))}
    assert failures == {}


def test_the_rtb_headers_compile_as_cxx(tmp_path: Path) -> None:
    need("target", "qemu-m3")
    source = tmp_path / "all.cc"
    headers = sorted((FIRMWARE / "core/include/rtb").glob("*.h"))
    source.write_text("".join(f'#include "rtb/{h.name}"\n' for h in headers))
    assert _compile("arm-none-eabi-g++", ["-std=c++17", "-Wall", "-Wpedantic", "-Werror"], source) == ""
    assert "extern \"C\"" in (FIRMWARE / "core/include/rtb/os.h").read_text()


def test_the_check_sees_an_extension(tmp_path: Path) -> None:
    need("target", "qemu-m3")
    source = tmp_path / "bad.c"
    # The old registration macro's shape: a variadic macro given no variadic argument.
    source.write_text('#include "rtb/bench.h"\n#define TWO(a, ...) a + 0, __VA_ARGS__\n'
                      'static const int x[] = {TWO(1)};\nint y(void) { return x[0]; }\n')
    said = _compile("arm-none-eabi-gcc", ["-std=c11", "-Wpedantic", "-Werror"], source)
    assert "requires at least one argument" in said
