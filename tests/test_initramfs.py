# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The initramfs writer: the newc cpio format the kernel unpacks, read back field by field."""
from __future__ import annotations

import stat

from rtbench.acquire import initramfs


def parse(data: bytes) -> list[tuple[str, int, bytes, tuple[int, int]]]:
    """A reader written from the format's description: 110-byte ASCII headers, names and data
    padded to 4 bytes, a TRAILER!!! entry last."""
    entries, at = [], 0
    while True:
        header = data[at:at + 110]
        assert header[:6] == b"070701"
        fields = [int(header[6 + 8 * i:14 + 8 * i], 16) for i in range(13)]
        mode, size, rmajor, rminor, namesize = fields[1], fields[6], fields[9], fields[10], fields[11]
        name = data[at + 110:at + 110 + namesize - 1].decode()
        assert data[at + 110 + namesize - 1] == 0
        at += 110 + namesize
        at += -at % 4
        body = data[at:at + size]
        at += size
        at += -at % 4
        if name == "TRAILER!!!":
            assert at == len(data)
            return entries
        entries.append((name, mode, body, (rmajor, rminor)))


def test_an_archive_reads_back_as_written() -> None:
    data = initramfs.archive([
        initramfs.directory("dev"),
        initramfs.char_device("dev/console", 5, 1),
        initramfs.regular("rtbench.args", b"iterations=10\n"),
        initramfs.regular("init", b"\x7fELF" + bytes(range(7)), executable=True),
    ])
    entries = parse(data)
    assert [e[0] for e in entries] == ["dev", "dev/console", "rtbench.args", "init"]
    assert stat.S_ISDIR(entries[0][1])
    assert stat.S_ISCHR(entries[1][1]) and entries[1][3] == (5, 1)
    assert entries[2][2] == b"iterations=10\n" and stat.S_IMODE(entries[2][1]) == 0o644
    assert entries[3][2] == b"\x7fELF" + bytes(range(7)) and stat.S_IMODE(entries[3][1]) == 0o755
    assert len(data) % 4 == 0


def test_the_same_entries_give_the_same_bytes() -> None:
    entries = [initramfs.directory("proc"), initramfs.regular("a", b"x")]
    assert initramfs.archive(entries) == initramfs.archive(list(entries))
