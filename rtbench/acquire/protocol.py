# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Encoding and parsing of the firmware's sample stream (docs/protocol.md, version 1)."""
from __future__ import annotations

import dataclasses
import re
import zlib
from dataclasses import dataclass, field

from rtbench.model import Result, Scale

MARKER = "RTB1 "
END_STATUSES = ("ok", "fail", "unsupported")
# The firmware sends an empty string as "-" so that no field is ever blank.
EMPTY = "-"
_HEX = "0123456789abcdefABCDEF"
# The firmware's line holds this many bytes before " *<crc>" (firmware/core/src/stream.c) and drops
# what does not fit: a record this long had its last value cut, perhaps inside an escape. Its
# sending is left as it is: a few instructions more there move where ticks land (docs/protocol.md).
LINE_ROOM = 308
SHORTENED = f"… [shortened: the firmware's stream line holds {LINE_ROOM} bytes]"
_CUT_ESCAPE = re.compile(r"%[0-9a-fA-F]?$")


def crc_of(text: str) -> str:
    """CRC-32 (zlib) of the UTF-8 bytes of `text`, as eight lower-case hex digits."""
    return f"{zlib.crc32(text.encode('utf-8')) & 0xFFFFFFFF:08x}"


def _plain(byte: int) -> bool:
    return 0x21 <= byte <= 0x7E and byte not in b"%=*"


def encode_value(s: str) -> str:
    """Percent-encodes a field value byte-wise, with lower-case hex as the firmware does."""
    return "".join(chr(b) if _plain(b) else f"%{b:02x}" for b in s.encode("utf-8"))


def decode_value(s: str) -> str:
    """Reverses encode_value; a malformed escape is kept literally rather than rejected."""
    out = bytearray()
    i = 0
    while i < len(s):
        if s[i] == "%" and i + 2 < len(s) and s[i + 1] in _HEX and s[i + 2] in _HEX:
            out.append(int(s[i + 1 : i + 3], 16))
            i += 3
        else:
            out.extend(s[i].encode("utf-8"))
            i += 1
    return out.decode("utf-8", errors="replace")


def encode_record(seq: int, rtype: str, fields: dict[str, object] | list[int]) -> str:
    """One record line (without newline) exactly as the firmware frames it."""
    if isinstance(fields, list):
        tokens = [str(int(v)) for v in fields]
    else:
        tokens = []
        for key, value in fields.items():
            if isinstance(value, int) and not isinstance(value, bool):
                text = str(value)
            else:
                text = encode_value(str(value)) or EMPTY
            tokens.append(f"{key}={text}")
    body = " ".join([f"RTB1 {seq} {rtype}", *tokens])
    return f"{body} *{crc_of(body)}"


@dataclass
class Record:
    """One intact record: decoded key=value fields, or the integers of an S record."""

    seq: int
    rtype: str
    fields: dict[str, str] = field(default_factory=dict)
    values: list[int] = field(default_factory=list)


def decode_record(text: str) -> Record:
    """Parses text starting at the marker; raises ValueError saying what is wrong."""
    sep = text.find(" *")  # values never contain a space, so the first " *" is the CRC's
    if sep < 0:
        raise ValueError("no CRC")
    body, crc = text[:sep], text[sep + 2 : sep + 10]
    if len(crc) != 8 or any(c not in _HEX for c in crc):
        raise ValueError("malformed CRC")
    if crc.lower() != crc_of(body):
        raise ValueError("CRC mismatch")
    tokens = body.split(" ")
    if len(tokens) < 3 or tokens[0] != "RTB1" or not tokens[1].isdigit():
        raise ValueError("malformed header")
    seq, rtype, rest = int(tokens[1]), tokens[2], tokens[3:]
    if not (rtype.isalpha() and rtype.isupper()):
        raise ValueError(f"malformed type {rtype!r}")
    if rtype == "S":
        try:
            return Record(seq, rtype, {}, [int(t) for t in rest])
        except ValueError:
            raise ValueError("non-integer sample") from None
    cut = len(body.encode("utf-8")) >= LINE_ROOM and bool(rest)
    if cut and "=" not in rest[-1]:
        rest, cut = rest[:-1], False  # the line ended inside a key: that field is lost, the others whole
    fields: dict[str, str] = {}
    for token in rest:
        key, eq, value = token.partition("=")
        if not eq or not key:
            raise ValueError(f"malformed field {token!r}")
        fields[decode_value(key)] = decode_value(value)
    if cut:
        key, _, value = rest[-1].partition("=")
        fields[decode_value(key)] = decode_value(_CUT_ESCAPE.sub("", value)) + SHORTENED
    return Record(seq, rtype, fields, [])


@dataclass
class Capture:
    """Everything one stream delivered, including what went wrong with it."""

    hello: dict[str, str] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)
    calibration: dict[str, str] = field(default_factory=dict)
    results: list[Result] = field(default_factory=list)
    fault: dict[str, str] | None = None  # FAULT fields, plus "bench" when one was running
    done: bool = False
    errors: list[str] = field(default_factory=list)


def _hex_reg(value: str) -> str:
    value = value.lower()
    return value if value.startswith("0x") else "0x" + value


def fault_summary(fields: dict[str, str]) -> str:
    """The short reason a fault gives the benchmark it hit."""
    kind = fields.get("kind", "?")
    pc = _hex_reg(fields.get("pc", "?"))
    if kind.startswith("SIG"):  # a process's fault signal: there are no fault status registers
        return f"guest fault: kind={kind} pc={pc}"
    cfsr = _hex_reg(fields.get("cfsr", "?"))
    return f"guest fault: kind={kind} pc={pc} cfsr={cfsr}"


class StreamParser:
    """Turns console lines into a Capture; never raises on damaged input."""

    def __init__(self) -> None:
        self._capture = Capture()
        self._hello_seen = False
        self._scale = Scale("raw")
        self._expected = 0
        self._corrupt_pending = 0  # corrupt lines since the last intact record
        self._open: Result | None = None
        self._open_error: str | None = None  # first host-side problem of the open bench
        self._orphans: list[int] = []  # seqs of S/NOTE records outside any benchmark
        self._unknown_types: set[str] = set()
        self._finished: Capture | None = None

    @property
    def current(self) -> str | None:
        """Label of the benchmark in progress, for progress display and timeout messages."""
        return self._open.label() if self._open else None

    def feed(self, line: str) -> Record | None:
        """Consumes one console line; returns the (last) intact record on it, if any."""
        line = line.rstrip("\r\n")
        start = line.find(MARKER)
        if start < 0:
            return None
        found: Record | None = None
        # A lost newline can merge two records onto one line: handle every marker.
        while start >= 0:
            nxt = line.find(MARKER, start + len(MARKER))
            chunk = line[start : nxt if nxt >= 0 else len(line)].rstrip()
            try:
                record = decode_record(chunk)
            except ValueError as exc:
                self._corrupt(str(exc))
            else:
                try:
                    self._handle(record)
                except Exception as exc:  # noqa: BLE001 (a parser bug must not cost the whole run)
                    self._problem(f"internal error on record seq {record.seq}: {exc!r}")
                found = record
            start = nxt
        return found

    # -- problems -----------------------------------------------------------------

    def _problem(self, message: str) -> None:
        """Blames the open benchmark (keeping its first problem) or else the stream."""
        if self._open is not None:
            if self._open_error is None:
                self._open_error = message
        else:
            self._capture.errors.append(message)

    def _corrupt(self, why: str) -> None:
        self._corrupt_pending += 1
        where = f"after seq {self._expected - 1}" if self._expected else "before seq 0"
        self._problem(f"corrupt record {where} ({why})")

    def _check_seq(self, seq: int) -> None:
        expected = self._expected
        if seq > expected and seq - expected > self._corrupt_pending:
            self._problem(f"records lost: expected seq {expected}, got {seq}")
        elif seq < expected:
            self._problem(f"sequence went back: expected seq {expected}, got {seq}")
        self._corrupt_pending = 0
        self._expected = seq + 1

    def _flush_orphans(self) -> None:
        if self._orphans:
            first, last = self._orphans[0], self._orphans[-1]
            self._capture.errors.append(
                f"{len(self._orphans)} S/NOTE records outside any benchmark discarded "
                f"(seq {first}..{last}): its BEGIN was lost?"
            )
            self._orphans = []

    # -- benchmark lifecycle ------------------------------------------------------

    def _close(self, status: str, reason: str) -> None:
        result = self._open
        if result is None:
            return
        if self._open_error is not None:
            status, reason = "error", self._open_error
        result.status, result.reason = status, reason
        if status != "ok":
            result.raw_samples = []  # only a clean, complete benchmark's samples are data
        self._capture.results.append(result)
        self._open, self._open_error = None, None

    def _close_error(self, reason: str) -> None:
        if self._open_error is None:
            self._open_error = reason
        self._close("error", self._open_error)

    # -- record handlers ----------------------------------------------------------

    def _handle(self, record: Record) -> None:
        self._check_seq(record.seq)
        handler = {
            "HELLO": self._on_hello,
            "META": self._on_meta,
            "CAL": self._on_cal,
            "BEGIN": self._on_begin,
            "NOTE": self._on_note,
            "PHASE": self._on_phase,
            "S": self._on_samples,
            "COLD": self._on_cold,
            "END": self._on_end,
            "FAULT": self._on_fault,
            "DONE": self._on_done,
        }.get(record.rtype)
        if handler is not None:
            handler(record)
        elif record.rtype not in self._unknown_types:
            self._unknown_types.add(record.rtype)
            self._capture.errors.append(f"unknown record type {record.rtype} ignored")

    def _on_hello(self, record: Record) -> None:
        if self._open is not None:
            self._close_error("no END: the guest restarted (second HELLO)")
        if self._hello_seen:
            self._capture.errors.append(f"second HELLO at seq {record.seq}: the guest restarted?")
        self._hello_seen = True
        f = record.fields
        self._capture.hello = dict(f)
        if f.get("proto", "1") != "1":
            self._capture.errors.append(f"HELLO announces protocol {f['proto']}, expected 1")
        unit = f.get("unit", "raw")
        num, slash, den = f.get("scale", "1/1").partition("/")
        try:
            n, d = int(num), int(den) if slash else 1
            if d <= 0:
                raise ValueError
            self._scale = Scale(unit, n, d)
        except ValueError:
            self._capture.errors.append(f"HELLO has a bad scale {f.get('scale')!r}: raw units used")
            self._scale = Scale("raw")

    def _on_meta(self, record: Record) -> None:
        if "key" not in record.fields:
            self._problem(f"malformed META record at seq {record.seq}: no key")
            return
        self._capture.meta[record.fields["key"]] = record.fields.get("value", "")

    def _on_cal(self, record: Record) -> None:
        self._capture.calibration = dict(record.fields)

    def _on_begin(self, record: Record) -> None:
        if self._open is not None:
            self._close_error("no END")
        self._flush_orphans()
        f = record.fields
        if "bench" not in f:
            self._capture.errors.append(f"malformed BEGIN record at seq {record.seq}: no bench")
            return
        param, value = f.get("param", EMPTY), f.get("value", "0")
        params: dict[str, object] = {}
        if param != EMPTY:
            try:
                params[param] = int(value)
            except ValueError:
                params[param] = value
        # A benchmark that counts (rather than times) names its own unit; its values are final.
        own_unit = f.get("unit", EMPTY)
        scale = (Scale(own_unit, 1, 1) if own_unit != EMPTY
                 else Scale(self._scale.unit, self._scale.num, self._scale.den))
        result = Result(bench=f["bench"], params=params, unit=scale.unit, status="error", scale=scale)
        self._open, self._open_error = result, None
        try:
            result.iterations = int(f.get("iterations", "0"))
            result.warmup = int(f.get("warmup", "0"))
            result.overhead_raw = int(f.get("overhead", "0"))
        except ValueError:
            self._open_error = f"malformed BEGIN record at seq {record.seq}"

    def _on_note(self, record: Record) -> None:
        if self._open is None:
            self._orphans.append(record.seq)
            return
        text = record.fields.get("text", "")
        self._open.notes.append("" if text == EMPTY else text)

    def _on_phase(self, record: Record) -> None:
        """A named part of the benchmark's measurement, kept as a note in the result's unit."""
        if self._open is None:
            self._orphans.append(record.seq)
            return
        try:
            value = self._open.scale.convert(int(record.fields.get("value", "")))
        except ValueError:
            self._problem(f"malformed PHASE record at seq {record.seq}")
            return
        self._open.notes.append(f"phase {record.fields.get('name', '?')}: {value} {self._open.unit}")

    def _on_samples(self, record: Record) -> None:
        if self._open is None:
            self._orphans.append(record.seq)
            return
        self._open.raw_samples.extend(record.values)

    def _on_cold(self, record: Record) -> None:
        """The benchmark's first sample, before its warm-up: kept apart from its samples."""
        if self._open is None:
            self._orphans.append(record.seq)
            return
        try:
            self._open.cold_raw = int(record.fields.get("value", ""))
        except ValueError:
            self._problem(f"malformed COLD record at seq {record.seq}")

    def _on_end(self, record: Record) -> None:
        f = record.fields
        bench = f.get("bench", "?")
        self._flush_orphans()
        result = self._open
        if result is None:
            self._capture.errors.append(
                f"END for {bench} at seq {record.seq} without a BEGIN: benchmark discarded"
            )
            return
        status = f.get("status", "")
        reason = f.get("reason", EMPTY)
        reason = "" if reason == EMPTY else reason
        received = len(result.raw_samples)
        if bench != result.bench:
            self._close_error(f"END for {bench} while {result.label()} was running")
        elif status not in END_STATUSES:
            self._close_error(f"END with unknown status {status!r}")
        elif f.get("n") != str(received):
            self._close_error(f"END reports n={f.get('n')} but {received} samples arrived")
        elif status != "ok" and self._open_error is not None:
            # The guest's own verdict explains the run; damage to its stream (records lost while
            # it gave up, say) is kept as a note, not put in its place.
            problem = self._open_error
            self._open_error = None
            result.notes.append(f"the stream was damaged too: {problem}")
            self._close(status, reason)
        else:
            self._close(status, reason)

    def _on_fault(self, record: Record) -> None:
        fault = dict(record.fields)
        message = fault_summary(fault)
        if self._open is not None:
            fault["bench"] = self._open.label()
            # The fault outranks any earlier problem: it is why the benchmark stopped.
            self._open_error = message
            self._close("error", message)
        else:
            self._capture.errors.append(f"{message} (outside any benchmark)")
        self._capture.fault = fault

    def _on_done(self, record: Record) -> None:
        if self._open is not None:
            self._close_error("no END before DONE")
        self._flush_orphans()
        self._capture.done = True

    # -- end of stream ------------------------------------------------------------

    def as_judged(self, record: Record) -> Record:
        """An END record with the status the host gave its result (an `ok` END whose samples
        the host found damaged or short is an error): what progress lines should say."""
        results = self._capture.results
        if record.rtype != "END" or not results or results[-1].bench != record.fields.get("bench"):
            return record
        return dataclasses.replace(record, fields={**record.fields, "status": results[-1].status})

    def finish(self, end_reason: str | None = None) -> Capture:
        """Closes the stream; `end_reason` says why the guest stopped when it did not end cleanly."""
        if self._finished is not None:
            return self._finished
        capture = self._capture
        if self._open is not None:
            why = f"no END: {end_reason or 'stream truncated'}"
            # Keep the runner's explanation even when an earlier problem is the first cause.
            if self._open_error is not None:
                why = f"{self._open_error}; then {why}"
            self._open_error = why
            self._close("error", why)
        elif not capture.done:
            capture.errors.append(f"stream ended before DONE: {end_reason or 'stream truncated'}")
        elif end_reason:
            capture.errors.append(f"after DONE: {end_reason}")
        self._flush_orphans()
        if not self._hello_seen:
            capture.errors.insert(0, "no HELLO record: is this an rtbench image?")
        self._finished = capture
        return capture
