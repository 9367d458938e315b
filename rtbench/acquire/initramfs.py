# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""An initramfs written by rtbench itself: a cpio archive in the "newc" format the kernel
unpacks at boot (Documentation/driver-api/early-userspace/buffer-format.rst), uncompressed,
with fixed inode numbers and times so the same inputs give the same bytes."""
from __future__ import annotations

import stat
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    name: str  # path inside the archive, without a leading slash
    mode: int  # file type and permissions, as st_mode
    data: bytes = b""
    device: tuple[int, int] = (0, 0)  # major, minor of a device node


def directory(name: str) -> Entry:
    return Entry(name, stat.S_IFDIR | 0o755)


def char_device(name: str, major: int, minor: int) -> Entry:
    return Entry(name, stat.S_IFCHR | 0o600, device=(major, minor))


def regular(name: str, data: bytes, executable: bool = False) -> Entry:
    return Entry(name, stat.S_IFREG | (0o755 if executable else 0o644), data)


def _pad(length: int) -> bytes:
    return b"\0" * (-length % 4)


def _record(inode: int, entry: Entry) -> bytes:
    name = entry.name.encode() + b"\0"
    fields = [inode, entry.mode, 0, 0, 2 if stat.S_ISDIR(entry.mode) else 1, 0, len(entry.data),
              0, 0, entry.device[0], entry.device[1], len(name), 0]
    header = b"070701" + b"".join(b"%08x" % value for value in fields)
    head = header + name
    return head + _pad(len(head)) + entry.data + _pad(len(entry.data))


def archive(entries: list[Entry]) -> bytes:
    """The archive of `entries` (parents before children), with its trailer."""
    body = b"".join(_record(inode, entry) for inode, entry in enumerate(entries, start=1))
    return body + _record(0, Entry("TRAILER!!!", 0))
