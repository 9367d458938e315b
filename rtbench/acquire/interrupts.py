# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Interrupts (Ctrl-C, SIGTERM, SIGHUP) as one exception, so every exit path cleans up alike,
and a way to hold them off while measured results are being saved."""
from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(KeyboardInterrupt):
    """Raised where the program was when a stop signal came; `signum` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum  # the shell's convention: 130 for SIGINT, 143 for SIGTERM


def named(name: object) -> Interrupted:
    """The interrupt a run recorded by its signal's name (manifest["interrupted"], e.g. SIGTERM),
    to raise again once what it measured is stored: the exit status and message name the same
    signal (SIGINT when the name is not one)."""
    known = {s.name: s for s in SIGNALS}
    return Interrupted(known.get(str(name), signal.SIGINT))


def _raise(signum: int, _frame: FrameType | None) -> None:
    raise Interrupted(signum)


def install() -> None:
    """Every stop signal raises Interrupted in the main thread."""
    for signum in SIGNALS:
        signal.signal(signum, _raise)


def signal_name(err: BaseException) -> str:
    signum = getattr(err, "signum", signal.SIGINT)
    return signal.Signals(signum).name


def exit_status(err: BaseException) -> int:
    return err.exit_status if isinstance(err, Interrupted) else 128 + signal.SIGINT


@contextmanager
def deferred() -> Iterator[list[int]]:
    """Stop signals that arrive in the block are held until it ends, then raised: a save in
    progress is completed first. The list names the signals received so far."""
    received: list[int] = []
    previous = {signum: signal.signal(signum, lambda s, _f: received.append(s)) for signum in SIGNALS}
    try:
        yield received
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if received:
        raise Interrupted(received[0])
