# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Build a cached product once when several rtbench processes want it at the same time, and
keep two processes from building in the same directory at once.

An exclusive lock file beside the cache entry serialises the builders: the first builds, the
others wait for the lock, then find the product and use it. The kernel drops the lock when its
holder exits, so a killed builder leaves nothing held and the next one builds instead."""
from __future__ import annotations

import fcntl
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import RtbenchError


@contextmanager
def exclusive(lock_file: Path, waiting: Callable[[], None]) -> Iterator[None]:
    """Hold an exclusive lock on `lock_file` for the block; `waiting` is called once if another
    process holds it, before waiting for it."""
    try:
        lock_file.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_file, "a")  # noqa: SIM115 (held for the block below)
    except OSError as err:
        raise RtbenchError(f"cannot create the lock file {lock_file}: {err.strerror}",
                           "is the workspace writable? (--home or $RTBENCH_HOME)") from None
    with handle:  # closing it releases the lock
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting()
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def build_once(product: Path, lock_file: Path, build: Callable[[], None], waiting: Callable[[], None]) -> bool:
    """Run `build` (which creates `product`) unless `product` exists; True if this call built it."""
    if product.exists():
        return False
    with exclusive(lock_file, waiting):
        if product.exists():  # built by the process we waited for
            return False
        build()
        return True
