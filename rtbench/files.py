# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Files the user names: read only when they are regular files, and never past a bound; written
whole or not at all.

A path the user gives may name a device (/dev/zero never ends), a FIFO (whose open blocks until
someone writes), a directory or a file far larger than any rtbench document: each is refused
with what it is, before anything is read. A file rtbench writes goes to a temporary file beside
it first and is renamed over it once complete, so a full disk or an interrupt never leaves a
truncated (or empty) report where the previous one was."""
from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path
from typing import BinaryIO

from .errors import RtbenchError

_CHUNK = 1 << 20  # bytes read at a time past what a file says it holds
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))


def size_text(size: int) -> str:
    """4 GiB, 16 MiB, 512 KiB, 100 bytes."""
    for shift, unit in ((30, "GiB"), (20, "MiB"), (10, "KiB")):
        if size >= 1 << shift:
            return f"{size / (1 << shift):g} {unit}"
    return f"{size} bytes"


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _not_regular(name: str, mode: int, hint: str) -> RtbenchError:
    return RtbenchError(f"cannot read {name}: it is {_kind(mode)}, not a regular file", hint)


def open_regular(path: Path, hint: str, name: str = "") -> BinaryIO:
    """The regular file `path`, open for reading; anything else is an RtbenchError saying what it is
    (`name`: how the message names the file, by default its path). O_NONBLOCK: opening a FIFO
    would otherwise wait for a writer (forever)."""
    name = name or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as err:
        try:  # a socket cannot be opened at all (ENXIO): say what it is
            mode = os.stat(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            raise _not_regular(name, mode, hint) from None
        raise RtbenchError(f"cannot read {name}: {err.strerror or err}", hint) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise _not_regular(name, mode, hint)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def read_regular(path: Path, limit: int, what: str, hint: str, name: str = "") -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them. `what` says what the file
    should be (an rtbench document, a matrix file)."""
    with open_regular(path, hint, name) as file:
        return read_limited(file, name or str(path), limit, what, hint)


def read_limited(file: BinaryIO, name: str, limit: int, what: str, hint: str) -> bytes:
    """The rest of the open regular `file`, at most `limit` bytes: a larger file is refused after
    reading no more than limit + 1 bytes. Read as large as the file says it is (one read asks for
    memory of the size it asks), then on while it still gives more (a file in /proc says size 0)."""
    size = os.fstat(file.fileno()).st_size
    if size > limit:
        raise too_large(name, f"is larger than {size_text(limit)}", what, hint)
    data = bytearray(file.read(size + 1))
    while len(data) <= limit:
        more = file.read(min(_CHUNK, limit + 1 - len(data)))
        if not more:
            return bytes(data)
        data += more
    raise too_large(name, f"is larger than {size_text(limit)}", what, hint)


def too_large(name: str, how: str, what: str, hint: str) -> RtbenchError:
    return RtbenchError(f"cannot read {name}: it {how}, too large to be {what}", hint)


def write_whole(path: Path, data: str | bytes) -> None:
    """Writes `data` to `path` through a temporary file beside it, renamed over it once written and
    flushed to disk: the file holds all of it, or what it held before. An RtbenchError says why not."""
    content = data.encode("utf-8") if isinstance(data, str) else data
    path = Path(path).resolve() if Path(path).is_symlink() else Path(path)  # the file a link names
    if path.exists() and not path.is_file():  # /dev/stdout, a FIFO: nothing to replace, written as it is
        _write_through(path, content)
        return
    partial = path.with_name(f".{path.name[:200]}.{secrets.token_hex(4)}.partial")
    try:
        # Created as open() creates a file (0666 less the umask); a file replaced keeps its mode.
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(content)
                file.flush()
                os.fsync(file.fileno())
            if path.exists():
                os.chmod(partial, stat.S_IMODE(path.stat().st_mode))
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
    except OSError as err:
        kept = f"{path} is as it was" if path.exists() else f"nothing was written to {path}"
        full = err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
        raise RtbenchError(f"cannot write {path}: {err.strerror or err} ({kept})",
                           "free some space, or give a location on another disk" if full
                           else "give a writable location") from None


def _write_through(path: Path, content: bytes) -> None:
    try:
        with open(path, "wb") as file:
            file.write(content)
    except OSError as err:
        raise RtbenchError(f"cannot write {path}: {err.strerror or err}", "give a writable location") from None
