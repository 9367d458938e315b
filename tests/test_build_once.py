# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Two real processes wanting the same cached product: one builds, the other waits for its lock
and uses the result; a builder that dies leaves the lock free for the next one."""
from __future__ import annotations

import multiprocessing
import os
import sys
from pathlib import Path

from rtbench.acquire.build_once import build_once

BUILT, FOUND = 10, 11  # exit codes of a contender
PATIENCE = 5.0  # seconds; only a broken lock makes a contender wait this long


def _fake_build(product: Path, log: Path, started, other_waits, die: bool) -> None:
    """Records the build, holds the lock until the other process waits for it, then writes the product."""
    with log.open("a") as records:
        records.write(f"{os.getpid()}\n")
    started.set()
    if not other_waits.wait(PATIENCE):
        sys.exit(3)
    if die:
        os._exit(4)  # killed mid-build: no product, no clean-up
    product.write_text(f"built by {os.getpid()}\n")


def _contend(product: Path, lock: Path, log: Path, started, waits, die: bool) -> None:
    built = build_once(product, lock, lambda: _fake_build(product, log, started, waits, die),
                       waits.set)
    sys.exit(BUILT if built else FOUND)


def _race(tmp_path: Path, first_dies: bool) -> tuple[multiprocessing.Process, multiprocessing.Process, list[str]]:
    context = multiprocessing.get_context("fork")
    product, lock, log = tmp_path / "model" / "binary", tmp_path / "model.lock", tmp_path / "builds.log"
    product.parent.mkdir()
    started, waits = context.Event(), context.Event()
    first = context.Process(target=_contend, args=(product, lock, log, started, waits, first_dies))
    first.start()
    assert started.wait(PATIENCE), "the first process never started building"
    # The second process's build, if it runs, needs no partner: the first has already waited or died.
    second = context.Process(target=_contend, args=(product, lock, log, context.Event(), waits, False))
    second.start()
    for process in (first, second):
        process.join(2 * PATIENCE)
    return first, second, log.read_text().split()


def test_the_second_process_waits_and_uses_the_first_ones_product(tmp_path: Path) -> None:
    first, second, builds = _race(tmp_path, first_dies=False)
    assert (first.exitcode, second.exitcode) == (BUILT, FOUND)
    assert builds == [str(first.pid)]
    assert (tmp_path / "model" / "binary").read_text() == f"built by {first.pid}\n"


def test_a_builder_that_dies_releases_the_lock_to_the_waiting_one(tmp_path: Path) -> None:
    first, second, builds = _race(tmp_path, first_dies=True)
    assert (first.exitcode, second.exitcode) == (4, BUILT)
    assert builds == [str(first.pid), str(second.pid)]
    assert (tmp_path / "model" / "binary").read_text() == f"built by {second.pid}\n"


def test_an_existing_product_is_used_without_building(tmp_path: Path) -> None:
    product = tmp_path / "binary"
    product.write_text("cached\n")
    assert not build_once(product, tmp_path / "binary.lock", lambda: product.write_text("rebuilt\n"), lambda: None)
    assert product.read_text() == "cached\n"
