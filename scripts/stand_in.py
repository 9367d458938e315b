#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Starts a stand-in board (a board file with a [stand_in] table: QEMU's netduinoplus2 or
mps2-an386) and keeps it until Ctrl-C: halted and empty, its gdbstub as the probe's GDB server,
its console on a pseudo-terminal, its power-on state saved where the board file says so.

    python3 scripts/stand_in.py qemu-netduinoplus2
    # then, in another terminal, the command it prints:
    rtbench run --target board --board qemu-netduinoplus2 --serial /dev/pts/N --gdb localhost:PORT
"""
from __future__ import annotations

import argparse
import signal
import sys

from rtbench.acquire import stand_in
from rtbench.errors import RtbenchError


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", help="a stand-in board file, or the name of a shipped one")
    parser.add_argument("--port", type=int, help="the gdbstub's TCP port (default: a free one)")
    args = parser.parse_args()
    try:
        link = stand_in.start(args.board, args.port)
    except RtbenchError as err:
        print(f"stand_in: error: {err}", file=sys.stderr)
        return 2
    try:
        print(f"rtbench run --target board --board {args.board} --serial {link.serial} --gdb {link.gdb}", flush=True)
        print("stand_in: running until Ctrl-C", file=sys.stderr, flush=True)
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        link.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        link.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
