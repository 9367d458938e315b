# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Two real processes building the same firmware configuration at once (two shells, parallel
CI jobs): one configures and builds, the other waits for it; both get a working image and the
directory is configured once."""
from __future__ import annotations

import multiprocessing
from pathlib import Path

from rtbench.acquire import sources
from rtbench.acquire.build import build_image
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.paths import Workspace


def _build(home: Path, log: Path, start) -> None:
    kernel = find_kernel("freertos")
    start.wait(10)

    def record(message: str) -> None:
        with log.open("a") as out:
            out.write(message + "\n")

    build = build_image(find_target("qemu-m3"), kernel, "default", sources.locate(kernel), Workspace(home),
                        log=record)
    if not build.elf.exists():
        raise SystemExit(3)


def test_concurrent_builds_of_one_configuration_configure_once(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    start, log = context.Event(), tmp_path / "log.txt"
    builders = [context.Process(target=_build, args=(tmp_path / "home", log, start)) for _ in range(2)]
    for builder in builders:
        builder.start()
    start.set()  # both begin together: a clean configure and build take a few seconds
    for builder in builders:
        builder.join(120)
    assert [b.exitcode for b in builders] == [0, 0]
    messages = log.read_text().splitlines()
    assert sum(m.startswith("configuring ") for m in messages) == 1, messages
