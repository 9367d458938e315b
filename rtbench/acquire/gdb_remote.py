# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A client of the GDB remote serial protocol, as far as loading and starting an image goes:
memory and register writes, flash programming (vFlash packets), monitor commands, continue,
halt. It speaks to any GDB server (OpenOCD, pyOCD, probe-rs, QEMU's gdbstub) directly, so no
GDB build for the target's architecture is needed."""
from __future__ import annotations

import socket

from ..errors import RtbenchError

CHUNK = 256  # bytes per memory packet: well inside every server's packet size
MAP_LIMIT = 1 << 20  # the most of a memory map read (a real one is a few KiB)
# How QEMU's monitor starts the text of a command it refused (it still replies OK).
MONITOR_REFUSALS = ("Error", "unknown command")


class GdbRemoteError(RtbenchError):
    """The GDB server refused a request or the connection failed."""


def parse_address(text: str) -> tuple[str, int]:
    """host:port (host defaults to localhost when only :port or port is given)."""
    host, _, port = text.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise RtbenchError(f"--gdb {text!r} is not host:port", "e.g. --gdb localhost:3333 (OpenOCD's default)")
    return host or "localhost", int(port)


def _checksum(payload: bytes) -> bytes:
    return b"%02x" % (sum(payload) & 0xFF)


def _escape(data: bytes) -> bytes:
    """Binary data for X and vFlashWrite packets: $, #, } and * escaped."""
    out = bytearray()
    for byte in data:
        if byte in b"$#}*":
            out += bytes((0x7D, byte ^ 0x20))
        else:
            out.append(byte)
    return bytes(out)


def flash_regions(xml: bytes) -> list[tuple[int, int, int]]:
    """(start, length, blocksize) of each flash region of a GDB memory map."""
    import xml.etree.ElementTree as ElementTree

    try:
        root = ElementTree.fromstring(xml)
    except ElementTree.ParseError:
        return []
    regions = []
    for memory in root.iter("memory"):
        size = next((p.text for p in memory.iter("property") if p.get("name") == "blocksize"), None)
        try:
            if memory.get("type") == "flash" and size:
                regions.append((int(memory.get("start", ""), 0), int(memory.get("length", ""), 0), int(size, 0)))
        except ValueError:
            continue
    return regions


def erase_spans(parts: list[tuple[int, bytes]], regions: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """The erase requests (start, length) that cover every piece: whole blocks of the memory map,
    each once and merged where they touch; without a map, one span over all the pieces."""
    pieces = [(address, address + len(data)) for address, data in parts if data]
    if not pieces:
        return []
    if not regions:
        low, high = min(p[0] for p in pieces), max(p[1] for p in pieces)
        return [(low, high - low)]
    blocks: set[tuple[int, int]] = set()
    for low, high in pieces:
        for start, length, size in regions:
            first = max(low, start)
            last = min(high, start + length)
            for block in range(start + (first - start) // size * size, last, size):
                blocks.add((block, block + size))
    spans: list[tuple[int, int]] = []
    for low, high in sorted(blocks):
        if spans and spans[-1][0] + spans[-1][1] == low:
            spans[-1] = (spans[-1][0], high - spans[-1][0])
        else:
            spans.append((low, high - low))
    return spans


class GdbRemote:
    def __init__(self, address: str, timeout: float = 10.0) -> None:
        host, port = parse_address(address)
        self.address = f"{host}:{port}"
        try:
            self._sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as err:
            raise GdbRemoteError(f"no GDB server answers at {self.address}: {err.strerror or err}",
                                 "start the probe's GDB server first (openocd, pyocd gdbserver, probe-rs gdb)",
                                 ) from None
        self._buffer = b""
        self.request(b"qSupported:xmlRegisters=arm")
        # Some servers (QEMU's gdbstub) take single-register writes only from a client that read
        # the target description; reading it costs one packet elsewhere.
        self.request(b"qXfer:features:read:target.xml:0,ffb")
        self.stop_reply = self.request(b"?")

    def close(self) -> None:
        self._sock.close()

    def _byte(self) -> int:
        while not self._buffer:
            try:
                chunk = self._sock.recv(4096)
            except OSError as err:
                raise GdbRemoteError(f"the GDB server at {self.address} stopped answering: {err}") from None
            if not chunk:
                raise GdbRemoteError(f"the GDB server at {self.address} closed the connection")
            self._buffer = chunk
        byte, self._buffer = self._buffer[0], self._buffer[1:]
        return byte

    def _read_packet(self) -> bytes:
        while self._byte() != ord("$"):
            pass
        payload = bytearray()
        while (byte := self._byte()) != ord("#"):
            payload.append(byte)
        received = bytes((self._byte(), self._byte()))
        if received.lower() != _checksum(bytes(payload)):
            self._sock.sendall(b"-")
            return self._read_packet()
        self._sock.sendall(b"+")
        return bytes(payload)

    def send(self, payload: bytes) -> None:
        """Sends a packet and waits for its acknowledgement, resending when refused."""
        for _ in range(5):
            self._sock.sendall(b"$" + payload + b"#" + _checksum(payload))
            while (ack := self._byte()) not in (ord("+"), ord("-")):
                pass
            if ack == ord("+"):
                return
        raise GdbRemoteError(f"the GDB server at {self.address} kept refusing a packet")

    def request(self, payload: bytes) -> bytes:
        """A packet and its reply; console output (O packets, from monitor commands) is skipped."""
        self.send(payload)
        while True:
            reply = self._read_packet()
            if not (reply.startswith(b"O") and reply != b"OK"):
                return reply

    def _expect_ok(self, payload: bytes, what: str) -> None:
        reply = self.request(payload)
        if reply != b"OK":
            raise GdbRemoteError(f"the GDB server at {self.address} refused {what}: {reply.decode(errors='replace')}")

    def write_memory(self, address: int, data: bytes) -> None:
        for offset in range(0, len(data), CHUNK):
            part = data[offset:offset + CHUNK]
            self._expect_ok(b"M%x,%x:" % (address + offset, len(part)) + part.hex().encode(),
                            f"a write at 0x{address + offset:08x}")

    def read_memory(self, address: int, length: int) -> bytes:
        reply = self.request(b"m%x,%x" % (address, length))
        try:
            return bytes.fromhex(reply.decode())
        except ValueError:
            raise GdbRemoteError(f"the GDB server at {self.address} could not read 0x{address:08x}: "
                                 f"{reply.decode(errors='replace')}") from None

    def flash(self, address: int, data: bytes) -> None:
        """Erases and programs one piece of flash (the server knows the flash's algorithm)."""
        self.program_flash([(address, data)])

    def program_flash(self, parts: list[tuple[int, bytes]]) -> None:
        """Programs every piece of an image's flash as GDB's `load` does: each sector they touch
        erased once (the sectors from the server's memory map; without one, the span from the first
        piece to the end of the last), then every piece written, then vFlashDone."""
        for start, length in erase_spans(parts, self.flash_blocks()):
            self._expect_ok(b"vFlashErase:%x,%x" % (start, length), f"erasing flash at 0x{start:08x}")
        for address, data in parts:
            for offset in range(0, len(data), CHUNK):
                part = data[offset:offset + CHUNK]
                self._expect_ok(b"vFlashWrite:%x:" % (address + offset) + _escape(part),
                                f"programming flash at 0x{address + offset:08x}")
        self._expect_ok(b"vFlashDone", "finishing the flash programming")

    def flash_blocks(self) -> list[tuple[int, int, int]]:
        """The flash regions of the server's memory map (qXfer:memory-map): (start, length, erase
        block size) each; none when the server offers no map."""
        text, offset = b"", 0
        while len(text) < MAP_LIMIT:
            reply = self.request(b"qXfer:memory-map:read::%x,%x" % (offset, 0xFFB))
            if not reply or reply[:1] not in (b"m", b"l"):
                return []  # not supported, or an error: no map
            text += reply[1:]
            offset += len(reply) - 1
            if reply[:1] == b"l":
                break
        return flash_regions(text)

    def write_register(self, number: int, value: int) -> None:
        self._expect_ok(b"P%x=" % number + value.to_bytes(4, "little").hex().encode(), f"writing register {number}")

    def monitor(self, command: str) -> str:
        """Runs a monitor command; returns what the server printed. A refusal (an E reply, or QEMU's
        "Error: ..." and "unknown command" that come with an OK) raises."""
        self.send(b"qRcmd," + command.encode().hex().encode())
        printed = []
        while (reply := self._read_packet()).startswith(b"O") and reply != b"OK":
            try:
                printed.append(bytes.fromhex(reply[1:].decode()).decode(errors="replace"))
            except ValueError:
                printed.append(reply[1:].decode(errors="replace"))
        text = "".join(printed)
        if reply.startswith(b"E") or text.lstrip().startswith(MONITOR_REFUSALS):
            said = text.strip() or reply.decode(errors="replace")
            raise GdbRemoteError(f"the GDB server at {self.address} refused `monitor {command}`: {said}")
        return text

    def resume(self) -> None:
        """Continues the core; its stop reply comes only when it stops (see halt)."""
        self.send(b"c")

    def halt(self) -> bytes:
        """Stops a running core (the interrupt byte) and returns its stop reply."""
        self._sock.sendall(b"\x03")
        return self._read_packet()
