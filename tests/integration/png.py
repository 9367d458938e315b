# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A small PNG decoder (8-bit greyscale, RGB or RGBA, not interlaced: what Chromium writes), so
the tests can look at a screenshot's pixels without an imaging library."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

_CHANNELS = {0: 1, 2: 3, 6: 4}  # colour type -> samples per pixel


def _paeth_line(line: bytearray, previous: bytes, bpp: int) -> None:
    # Each byte depends on the one decoded to its left: no vectorising this filter.
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = previous[i]
        c = previous[i - bpp] if i >= bpp else 0
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF


def _average_line(line: bytearray, previous: bytes, bpp: int) -> None:
    for i in range(len(line)):
        left = line[i - bpp] if i >= bpp else 0
        line[i] = (line[i] + (left + previous[i]) // 2) & 0xFF


def _unfilter(kind: int, filtered: bytes, previous: np.ndarray, bpp: int) -> np.ndarray:
    line = np.frombuffer(filtered, dtype=np.uint8)
    if kind == 0:
        return line.copy()
    if kind == 1:  # sub: a running sum per channel
        return (np.cumsum(line.reshape(-1, bpp), axis=0, dtype=np.uint64) & 0xFF).astype(np.uint8).reshape(-1)
    if kind == 2:  # up
        return line + previous
    out = bytearray(filtered)
    (_average_line if kind == 3 else _paeth_line)(out, previous.tobytes(), bpp)
    return np.frombuffer(bytes(out), dtype=np.uint8)


def read(path: Path) -> np.ndarray:
    """The image as an array of shape (height, width, 3): RGB, alpha dropped, grey expanded."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    at, header, compressed = 8, b"", bytearray()
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        if kind == b"IHDR":
            header = data[at + 8:at + 8 + length]
        elif kind == b"IDAT":
            compressed += data[at + 8:at + 8 + length]
        elif kind == b"IEND":
            break
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in _CHANNELS and interlace == 0, f"unsupported PNG: {depth=} {colour=} {interlace=}"
    channels = _CHANNELS[colour]
    raw = zlib.decompress(bytes(compressed))
    stride = width * channels
    rows = np.zeros((height, stride), dtype=np.uint8)
    previous = np.zeros(stride, dtype=np.uint8)
    for y in range(height):
        start = y * (stride + 1)
        previous = rows[y] = _unfilter(raw[start], raw[start + 1:start + 1 + stride], previous, channels)
    pixels = rows.reshape(height, width, channels)
    return np.repeat(pixels, 3, axis=2) if channels == 1 else pixels[:, :, :3]
