# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench footprint --per-bench`: one image per benchmark file, its service only, at -O0 as the
2012 survey compiled (real builds on qemu-m3 FreeRTOS)."""
from __future__ import annotations

import json
from pathlib import Path

from .test_cli import rtbench


def test_each_benchmark_file_alone_at_O0(tmp_path: Path) -> None:
    out = tmp_path / "fp.json"
    proc = rtbench(tmp_path / "home", "footprint", "--os", "freertos", "--opt", "-O0",
                   "--per-bench", "sem_take,pool_alloc", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    assert data["opt_flags"] == "-O0"
    images = {image["build"]: image for image in data["images"]}
    assert set(images) == {"sem_take_give", "pool_alloc_free"}
    assert images["sem_take_give"]["benchmarks"] == ["sem_take", "sem_give"]
    home = tmp_path / "home" / "build"
    sem_map = next(home.glob("qemu-m3-freertos-default-*/rtbench-only-sem_take_give.map")).read_text()
    # The image holds its own benchmark file and no other.
    assert "bench/sem_take_give.c" in sem_map and "bench/pool_alloc_free.c" not in sem_map
    assert "bench/task_switch.c" not in sem_map
    # Each keeps only the kernel code its service calls: the two differ.
    kernel = {build: image["parts"]["kernel"] for build, image in images.items()}
    assert kernel["sem_take_give"]["text"] != kernel["pool_alloc_free"]["text"]
    assert all(part["text"] > 0 for part in kernel.values())
    row = next(line.split() for line in proc.stdout.splitlines() if "sem_take_give" in line and " kernel " in line)
    assert row[row.index("kernel") + 1] == str(kernel["sem_take_give"]["text"])


def test_a_benchmark_that_cannot_be_built_alone_is_refused(tmp_path: Path) -> None:
    for names, why in (("footprint", "the host computes it"), ("no_such_bench", "matches no benchmark")):
        proc = rtbench(tmp_path, "footprint", "--os", "freertos", "--per-bench", names)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert why in proc.stderr and "--per-bench" in proc.stderr
