# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A GDB remote server for the tests, written from the protocol's description (GDB's manual,
"Remote Protocol": packets, acknowledgements, binary escapes, the vFlash packets), because neither
OpenOCD nor pyOCD serves flash without a probe. It holds a memory map like a board's: RAM written
by memory packets, flash that only vFlashErase (whole sectors, to 0xff) and vFlashWrite (into erased
bytes only) change, as a probe's flash algorithm does; M packets to flash are refused, as OpenOCD
refuses them. It records every packet, and can stop answering after a given number of them."""
from __future__ import annotations

import socket
import threading
from dataclasses import dataclass, field

SECTOR = 0x4000


@dataclass
class Region:
    origin: int
    data: bytearray
    flash: bool = False

    def holds(self, address: int, length: int) -> bool:
        return self.origin <= address and address + length <= self.origin + len(self.data)


@dataclass
class GdbServer:
    regions: list[Region]
    answer_packets: int | None = None  # stop answering (close) after this many packets
    memory_map: bool = True  # offer qXfer:memory-map (OpenOCD and pyOCD do)
    packets: list[bytes] = field(default_factory=list)
    monitor: list[str] = field(default_factory=list)
    registers: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._listener = socket.create_server(("localhost", 0))
        self.address = f"localhost:{self._listener.getsockname()[1]}"
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._listener.close()

    def region(self, address: int, length: int) -> Region | None:
        return next((r for r in self.regions if r.holds(address, length)), None)

    def read(self, address: int, length: int) -> bytes:
        region = self.region(address, length)
        assert region is not None
        start = address - region.origin
        return bytes(region.data[start:start + length])

    def _map(self) -> bytes:
        """The memory map GDB reads: flash with its erase block size, RAM."""
        parts = [f'<memory type="{"flash" if r.flash else "ram"}" start="{r.origin:#x}" length="{len(r.data):#x}">'
                 + (f'<property name="blocksize">{SECTOR:#x}</property>' if r.flash else "") + "</memory>"
                 for r in self.regions]
        return ("<memory-map>" + "".join(parts) + "</memory-map>").encode()

    def _serve(self) -> None:
        try:
            connection, _ = self._listener.accept()
        except OSError:
            return
        with connection:
            reader = connection.makefile("rb")
            while (packet := self._packet(reader, connection)) is not None:
                self.packets.append(packet)
                if self.answer_packets is not None and len(self.packets) > self.answer_packets:
                    return
                reply = self._reply(packet)
                if reply is not None:
                    connection.sendall(b"$" + reply + b"#" + b"%02x" % (sum(reply) & 0xFF))

    @staticmethod
    def _packet(reader, connection: socket.socket) -> bytes | None:
        while True:
            byte = reader.read(1)
            if not byte:
                return None
            if byte == b"\x03":
                return b"\x03"
            if byte == b"$":
                break
        payload = bytearray()
        while (byte := reader.read(1)) != b"#":
            if not byte:
                return None
            payload += byte
        checksum = reader.read(2)
        if int(checksum, 16) != sum(payload) & 0xFF:
            connection.sendall(b"-")
            return GdbServer._packet(reader, connection)
        connection.sendall(b"+")
        return bytes(payload)

    def _reply(self, packet: bytes) -> bytes | None:
        if packet == b"\x03":
            return b"S02"
        if packet == b"c":
            return None  # running: the stop reply comes with the interrupt
        if packet.startswith(b"qSupported"):
            return b"PacketSize=4000" + (b";qXfer:memory-map:read+" if self.memory_map else b"")
        if packet.startswith(b"qXfer:memory-map:read::") and self.memory_map:
            offset, length = (int(x, 16) for x in packet.split(b"::")[1].split(b","))
            text = self._map()[offset:offset + length]
            return (b"l" if offset + length >= len(self._map()) else b"m") + text
        if packet == b"?":
            return b"S05"
        if packet.startswith(b"qRcmd,"):
            command = bytes.fromhex(packet[6:].decode()).decode()
            self.monitor.append(command)
            return b"OK" if command in ("reset halt", "reset init") else b"E01"
        if packet.startswith(b"P"):
            number, _, value = packet[1:].partition(b"=")
            self.registers[int(number, 16)] = int.from_bytes(bytes.fromhex(value.decode()), "little")
            return b"OK"
        handlers = {b"m": self._read, b"M": self._write, b"vFlashErase:": self._erase,
                    b"vFlashWrite:": self._program, b"vFlashDone": lambda _: b"OK"}
        for prefix, handler in handlers.items():
            if packet.startswith(prefix):
                return handler(packet[len(prefix):])
        return b""  # not supported

    def _read(self, body: bytes) -> bytes:
        address, length = (int(x, 16) for x in body.split(b","))
        return self.read(address, length).hex().encode() if self.region(address, length) else b"E14"

    def _write(self, body: bytes) -> bytes:
        where, _, data = body.partition(b":")
        address, length = (int(x, 16) for x in where.split(b","))
        region = self.region(address, length)
        if region is None or region.flash:
            return b"E01"
        region.data[address - region.origin:address - region.origin + length] = bytes.fromhex(data.decode())
        return b"OK"

    def _erase(self, body: bytes) -> bytes:
        address, length = (int(x, 16) for x in body.split(b","))
        region = self.region(address, length)
        if region is None or not region.flash or (address - region.origin) % SECTOR:
            return b"E03"
        end = -(-(address - region.origin + length) // SECTOR) * SECTOR
        region.data[address - region.origin:end] = b"\xff" * (end - (address - region.origin))
        return b"OK"

    def _program(self, body: bytes) -> bytes:
        where, _, escaped = body.partition(b":")
        data, it = bytearray(), iter(escaped)
        for byte in it:
            data.append(next(it) ^ 0x20 if byte == 0x7D else byte)
        address = int(where, 16)
        region = self.region(address, len(data))
        start = address - region.origin if region else 0
        if region is None or not region.flash or any(b != 0xFF for b in region.data[start:start + len(data)]):
            return b"E04"  # outside flash, or not erased
        region.data[start:start + len(data)] = data
        return b"OK"
