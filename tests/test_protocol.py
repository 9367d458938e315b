# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The stream parser against clean and damaged streams built with encode_record."""
from __future__ import annotations

import random
import zlib

import pytest

from rtbench.acquire.protocol import (
    LINE_ROOM,
    SHORTENED,
    Capture,
    StreamParser,
    crc_of,
    decode_record,
    decode_value,
    encode_record,
    encode_value,
)
from rtbench.model import STATUSES, Result, Scale

Spec = tuple[str, "dict[str, object] | list[int]"]


def catalogue() -> list[Spec]:
    """A realistic run: four benchmarks covering ok, notes, fail and unsupported."""
    return [
        ("HELLO", {"proto": 1, "target": "qemu-m3", "os": "freertos", "unit": "instructions",
                   "ts_hz": 25000000, "scale": "5/16"}),
        ("META", {"key": "kernel", "value": "FreeRTOS V11.1.0"}),
        ("META", {"key": "config", "value": "configUSE_PREEMPTION=1"}),
        ("CAL", {"overhead": 3, "reads": 64}),
        # ctx_switch: 4 samples over two S records
        ("BEGIN", {"bench": "ctx_switch", "param": "-", "value": 0, "iterations": 4,
                   "warmup": 1, "overhead": 3}),
        ("S", [320, 336]),
        ("S", [352, 320]),
        ("END", {"bench": "ctx_switch", "status": "ok", "n": 4, "reason": "-"}),
        # sem_give with a parameter and a note
        ("BEGIN", {"bench": "sem_give", "param": "tasks", "value": 2, "iterations": 3,
                   "warmup": 0, "overhead": 3}),
        ("NOTE", {"text": "heap_4 allocator"}),
        ("S", [160, 176]),
        ("S", [192]),
        ("END", {"bench": "sem_give", "status": "ok", "n": 3, "reason": "-"}),
        # a failed check sends no samples
        ("BEGIN", {"bench": "mutex_pi", "param": "-", "value": 0, "iterations": 10,
                   "warmup": 0, "overhead": 3}),
        ("END", {"bench": "mutex_pi", "status": "fail", "n": 0,
                 "reason": "priority inheritance did not boost the owner"}),
        ("BEGIN", {"bench": "isr_latency", "param": "-", "value": 0, "iterations": 10,
                   "warmup": 0, "overhead": 0}),
        ("END", {"bench": "isr_latency", "status": "unsupported", "n": 0,
                 "reason": "no free interrupt"}),
        ("DONE", {"benches": 4, "failed": 1}),
    ]


def lines_of(specs: list[Spec], start: int = 0) -> list[str]:
    return [encode_record(start + i, rtype, fields) for i, (rtype, fields) in enumerate(specs)]


def parse(lines: list[str], end_reason: str | None = None) -> Capture:
    parser = StreamParser()
    for line in lines:
        parser.feed(line + "\n")
    return parser.finish(end_reason)


def by_bench(capture: Capture) -> dict[str, Result]:
    return {r.bench: r for r in capture.results}


def index_of(specs: list[Spec], rtype: str, bench: str | None = None, nth: int = 0) -> int:
    """Position of the nth record of a type (within `bench` when given)."""
    inside = bench is None
    seen = 0
    for i, (t, f) in enumerate(specs):
        if t == "BEGIN" and isinstance(f, dict):
            inside = bench is None or f["bench"] == bench
        if t == rtype and inside:
            if seen == nth:
                return i
            seen += 1
    raise AssertionError(f"no {rtype} in {bench}")


def corrupt(line: str) -> str:
    """Flips one character of the body so the CRC no longer matches."""
    body, crc = line.split(" *")
    flipped = "8" if body[-1] == "9" else "9"
    return f"{body[:-1]}{flipped} *{crc}"


# -- encoding -------------------------------------------------------------------------


def test_crc_is_zlib_crc32_in_lower_hex() -> None:
    text = "RTB1 0 DONE benches=4 failed=1"
    assert crc_of(text) == format(zlib.crc32(text.encode()), "08x")
    assert crc_of("") == "00000000"
    assert len(crc_of("x")) == 8 and crc_of("x") == crc_of("x").lower()


def test_percent_encoding_round_trip() -> None:
    raw = "a b*c=d%e"
    assert encode_value(raw) == "a%20b%2ac%3dd%25e"
    assert encode_value("café\t") == "caf%c3%a9%09"
    for text in [raw, "café\t", "", "-", "100%", "x=1 * y", "\x7f\x00"]:
        assert decode_value(encode_value(text)) == text
        assert " " not in encode_value(text) and "*" not in encode_value(text)
    # malformed escapes are kept rather than rejected
    assert decode_value("%zz%4") == "%zz%4"
    assert decode_value("%2A%2a") == "**"


def test_encode_record_matches_firmware_framing() -> None:
    line = encode_record(7, "NOTE", {"text": "two words"})
    body = "RTB1 7 NOTE text=two%20words"
    assert line == f"{body} *{crc_of(body)}"
    samples = encode_record(8, "S", [1, -2, 2147483647])
    assert samples.startswith("RTB1 8 S 1 -2 2147483647 *")
    # the firmware sends an empty string as "-"
    assert encode_record(0, "END", {"reason": ""}).startswith("RTB1 0 END reason=- *")
    record = decode_record(line)
    assert (record.seq, record.rtype, record.fields, record.values) == (
        7, "NOTE", {"text": "two words"}, [])
    assert decode_record(samples).values == [1, -2, 2147483647]


def cut_as_the_firmware_does(line: str) -> str:
    """The line the firmware sends for a record too long for it: the body's first LINE_ROOM
    bytes (firmware/core/src/stream.c drops the rest, even inside an escape), then its CRC."""
    body = line.split(" *")[0][:LINE_ROOM]
    return f"{body} *{crc_of(body)}"


def test_a_value_cut_by_the_line_says_it_was_shortened() -> None:
    # NuttX 13's reason for task_start, cut inside the escape of a space (issue 42).
    reason = ("the port's tasks are POSIX threads, which pthread_create starts at once; NuttX's creation apart "
              "from the start (nxtask_init, then nxtask_activate) is the kernel's internal interface for a task "
              "with a group of its own, which the port's threads are not")
    line = cut_as_the_firmware_does(encode_record(1035, "END", {"bench": "task_start", "status": "unsupported",
                                                               "n": 0, "reason": reason}))
    assert line.split(" *")[0].endswith("for%20a%20task%")  # as NuttX's run received it
    fields = decode_record(line).fields
    kept = fields["reason"].removesuffix(SHORTENED)
    assert fields["reason"].endswith(SHORTENED) and kept.endswith("for a task") and reason.startswith(kept)
    assert (fields["bench"], fields["status"], fields["n"]) == ("task_start", "unsupported", "0")
    begin = encode_record(1034, "BEGIN", {"bench": "task_start", "param": "-", "value": 0, "iterations": 1,
                                          "warmup": 0, "overhead": 0})
    captured = parse([begin, line])
    (result,) = captured.results
    assert result.status == "unsupported" and result.reason == kept + SHORTENED
    assert not any("task_start" in error for error in captured.errors)  # a whole record, not a corrupt one
    # Cut after an escape's first digit, and inside a key: never a broken escape, never a lost record.
    half = cut_as_the_firmware_does(encode_record(5, "NOTE", {"text": "x" * 289 + " y"}))
    assert half.split(" *")[0].endswith("x%2") and decode_record(half).fields["text"] == "x" * 289 + SHORTENED
    keyless = cut_as_the_firmware_does(encode_record(6, "META", {"key": "k", "value": "v" * 281, "more": "x"}))
    assert keyless.split(" *")[0].endswith(" mo") and decode_record(keyless).fields == {"key": "k", "value": "v" * 281}
    # A line short of the limit is whole.
    assert decode_record(encode_record(7, "NOTE", {"text": "x" * 200})).fields["text"] == "x" * 200


def test_decode_record_rejects_damage() -> None:
    line = encode_record(3, "S", [1, 2])
    for bad in [line[:-1], line.replace(" *", " "), corrupt(line), "RTB1 x S 1 *00000000"]:
        with pytest.raises(ValueError):
            decode_record(bad)


# -- clean stream -----------------------------------------------------------------------


def test_clean_stream() -> None:
    capture = parse(lines_of(catalogue()))
    assert capture.errors == []
    assert capture.done is True
    assert capture.fault is None
    assert capture.hello["unit"] == "instructions" and capture.hello["target"] == "qemu-m3"
    assert capture.meta == {"kernel": "FreeRTOS V11.1.0", "config": "configUSE_PREEMPTION=1"}
    assert capture.calibration == {"overhead": "3", "reads": "64"}
    assert [(r.bench, r.status) for r in capture.results] == [
        ("ctx_switch", "ok"), ("sem_give", "ok"), ("mutex_pi", "fail"),
        ("isr_latency", "unsupported")]
    ctx, sem, mutex, isr = capture.results
    assert ctx.params == {} and sem.params == {"tasks": 2}
    assert ctx.scale == Scale("instructions", 5, 16) and ctx.unit == "instructions"
    assert (ctx.iterations, ctx.warmup, ctx.overhead_raw) == (4, 1, 3)
    assert ctx.raw_samples == [320, 336, 352, 320]
    assert ctx.reason == "" and sem.notes == ["heap_4 allocator"]
    assert mutex.reason == "priority inheritance did not boost the owner"
    assert isr.reason == "no free interrupt" and isr.raw_samples == []


def test_unit_conversion_subtracts_converted_overhead() -> None:
    ctx = parse(lines_of(catalogue())).results[0]
    # raw 320 -> 100, overhead 3 -> round(0.9375) = 1; 336 -> 105; 352 -> 110
    assert ctx.samples() == [99, 104, 109, 99]
    sem = parse(lines_of(catalogue())).results[1]
    assert sem.samples() == [49, 54, 59]


def test_cold_record_is_kept_apart_from_the_samples() -> None:
    specs = catalogue()
    specs.insert(index_of(specs, "END", "ctx_switch"), ("COLD", {"bench": "ctx_switch", "value": 640}))
    capture = parse(lines_of(specs))
    ctx, sem = capture.results[:2]
    assert capture.errors == [] and ctx.raw_samples == [320, 336, 352, 320]
    # Converted as the samples are: 640 * 5/16 = 200, less the overhead's 1.
    assert ctx.cold() == 199 and sem.cold() is None
    specs[index_of(specs, "COLD")] = ("COLD", {"bench": "ctx_switch", "value": "x"})
    assert "malformed COLD record" in parse(lines_of(specs)).results[0].reason


def test_noise_and_garbage_prefixes_are_ignored() -> None:
    clean = lines_of(catalogue())
    noisy: list[str] = ["", "FreeRTOS booting...", "RTB1", "rtb1 lower case is noise"]
    for i, line in enumerate(clean):
        noisy.append(f"[kernel] tick {i}")
        noisy.append(("\x00\xffgarbage" + line) if i % 3 == 0 else line + "\r")
    parser = StreamParser()
    assert parser.feed("[kernel] no record here") is None
    for line in noisy:
        parser.feed(line)
    capture = parser.finish()
    reference = parse(clean)
    assert capture.errors == []
    assert capture.results == reference.results


def test_feed_returns_records_and_tracks_current() -> None:
    lines = lines_of(catalogue())
    parser = StreamParser()
    assert parser.current is None
    for line in lines[:9]:  # through sem_give's BEGIN
        record = parser.feed(line)
        assert record is not None
    assert record.rtype == "BEGIN" and record.fields["bench"] == "sem_give"
    assert parser.current == "sem_give[tasks=2]"
    parser.feed(lines[12])  # skipping lines makes a gap, but END still closes the bench
    assert parser.current is None


def test_two_records_merged_on_one_line() -> None:
    specs = catalogue()
    lines = lines_of(specs)
    i = index_of(specs, "S", "ctx_switch")
    # the newline and CRC of one S record were lost: it ran into the next record
    merged = lines[i].split(" *")[0] + lines[i + 1]
    capture = parse(lines[:i] + [merged] + lines[i + 2:])
    res = by_bench(capture)
    assert res["ctx_switch"].status == "error"
    assert "corrupt record" in res["ctx_switch"].reason
    assert res["sem_give"].status == "ok"
    assert capture.errors == []


def test_record_after_a_truncated_one_on_the_same_line_is_kept() -> None:
    lines = lines_of(catalogue())
    merged = lines[1].split(" *")[0] + lines[2]  # first META lost its CRC and newline
    parser = StreamParser()
    parser.feed(lines[0])
    record = parser.feed(merged)
    assert record is not None and record.fields["key"] == "config"
    for line in lines[3:]:
        parser.feed(line)
    capture = parser.finish()
    assert capture.meta == {"config": "configUSE_PREEMPTION=1"}
    assert len(capture.errors) == 1 and capture.errors[0].startswith("corrupt record after seq 0")
    assert [r.status for r in capture.results] == ["ok", "ok", "fail", "unsupported"]


# -- damaged streams --------------------------------------------------------------------


def test_crc_corruption_inside_a_bench() -> None:
    specs = catalogue()
    lines = lines_of(specs)
    i = index_of(specs, "S", "sem_give")
    lines[i] = corrupt(lines[i])
    capture = parse(lines)
    res = by_bench(capture)
    assert res["sem_give"].status == "error"
    assert res["sem_give"].reason.startswith("corrupt record")
    assert res["sem_give"].raw_samples == []
    # the damaged line is one record: no extra "records lost" for it
    assert "lost" not in res["sem_give"].reason
    assert res["ctx_switch"].status == "ok" and res["ctx_switch"].raw_samples == [320, 336, 352, 320]
    assert res["mutex_pi"].status == "fail" and res["isr_latency"].status == "unsupported"
    assert capture.errors == [] and capture.done


def test_corrupt_end_blames_its_bench_not_the_next() -> None:
    specs = catalogue()
    lines = lines_of(specs)
    i = index_of(specs, "END", "ctx_switch")
    lines[i] = corrupt(lines[i])
    res = by_bench(parse(lines))
    assert res["ctx_switch"].status == "error" and "corrupt record" in res["ctx_switch"].reason
    assert res["sem_give"].status == "ok"


def test_crc_corruption_outside_a_bench_goes_to_errors() -> None:
    specs = catalogue()
    lines = lines_of(specs)
    lines[1] = corrupt(lines[1])  # the first META
    capture = parse(lines)
    assert len(capture.errors) == 1 and capture.errors[0].startswith("corrupt record")
    assert [r.status for r in capture.results] == ["ok", "ok", "fail", "unsupported"]
    assert capture.meta == {"config": "configUSE_PREEMPTION=1"}


def test_lost_sample_record() -> None:
    specs = catalogue()
    lines = lines_of(specs)
    i = index_of(specs, "S", "ctx_switch", nth=1)
    del lines[i]
    capture = parse(lines)
    res = by_bench(capture)
    assert res["ctx_switch"].status == "error"
    assert res["ctx_switch"].reason == f"records lost: expected seq {i}, got {i + 1}"
    assert res["sem_give"].status == "ok" and res["sem_give"].raw_samples == [160, 176, 192]
    assert capture.errors == []


def test_lost_end_is_blamed_on_its_bench() -> None:
    specs = catalogue()
    lines = lines_of(specs)
    i = index_of(specs, "END", "sem_give")
    del lines[i]
    res = by_bench(parse(lines))
    assert res["sem_give"].status == "error"
    assert res["sem_give"].reason == f"records lost: expected seq {i}, got {i + 1}"
    assert res["mutex_pi"].status == "fail" and res["ctx_switch"].status == "ok"


def test_lost_begin_discards_the_bench_with_a_stream_error() -> None:
    specs = catalogue()
    lines = lines_of(specs)
    i = index_of(specs, "BEGIN", "sem_give")
    del lines[i]
    capture = parse(lines)
    assert [r.bench for r in capture.results] == ["ctx_switch", "mutex_pi", "isr_latency"]
    assert f"records lost: expected seq {i}, got {i + 1}" in capture.errors
    assert any("END for sem_give" in e for e in capture.errors)
    assert any("S/NOTE records outside any benchmark" in e for e in capture.errors)


def test_lost_start_and_missing_hello() -> None:
    specs = catalogue()
    capture = parse(lines_of(specs)[1:])  # HELLO lost: first record seen is seq 1
    assert capture.errors[0] == "no HELLO record: is this an rtbench image?"
    assert "records lost: expected seq 0, got 1" in capture.errors
    ctx = capture.results[0]
    assert ctx.status == "ok" and ctx.unit == "raw" and ctx.scale == Scale("raw")
    assert ctx.samples() == [317, 333, 349, 317]  # raw minus raw overhead


def test_missing_hello_from_seq_zero() -> None:
    capture = parse(lines_of(catalogue()[1:]))  # not an error of sequencing, just no HELLO
    assert capture.errors == ["no HELLO record: is this an rtbench image?"]
    assert all(r.scale == Scale("raw") for r in capture.results)


def test_no_records_at_all() -> None:
    capture = parse(["just a console", "nothing here"], end_reason="guest exited with status 0")
    assert capture.results == [] and not capture.done
    assert capture.errors[0] == "no HELLO record: is this an rtbench image?"
    assert "stream ended before DONE: guest exited with status 0" in capture.errors


@pytest.mark.parametrize("end_reason", [None, "timeout after 30 s without output"])
def test_truncation_mid_bench(end_reason: str | None) -> None:
    specs = catalogue()
    lines = lines_of(specs)
    cut = index_of(specs, "S", "sem_give", nth=1)
    capture = parse(lines[:cut], end_reason)
    assert [(r.bench, r.status) for r in capture.results] == [
        ("ctx_switch", "ok"), ("sem_give", "error")]
    sem = capture.results[1]
    assert (end_reason or "stream truncated") in sem.reason
    assert "no END" in sem.reason and sem.raw_samples == []
    assert capture.results[0].raw_samples == [320, 336, 352, 320]
    assert not capture.done and capture.errors == []


def test_truncation_between_benches() -> None:
    specs = catalogue()
    cut = index_of(specs, "BEGIN", "mutex_pi")
    capture = parse(lines_of(specs)[:cut], "guest exited with status 3")
    assert [r.status for r in capture.results] == ["ok", "ok"]
    assert capture.errors == ["stream ended before DONE: guest exited with status 3"]


def test_end_count_mismatch() -> None:
    specs = catalogue()
    i = index_of(specs, "END", "ctx_switch")
    specs[i] = ("END", {"bench": "ctx_switch", "status": "ok", "n": 5, "reason": "-"})
    res = by_bench(parse(lines_of(specs)))
    assert res["ctx_switch"].status == "error"
    assert res["ctx_switch"].reason == "END reports n=5 but 4 samples arrived"
    assert res["ctx_switch"].raw_samples == []
    assert res["sem_give"].status == "ok"


def test_end_for_another_bench() -> None:
    specs = catalogue()
    i = index_of(specs, "END", "ctx_switch")
    specs[i] = ("END", {"bench": "other", "status": "ok", "n": 4, "reason": "-"})
    res = by_bench(parse(lines_of(specs)))
    assert res["ctx_switch"].status == "error"
    assert res["ctx_switch"].reason == "END for other while ctx_switch was running"


def test_begin_while_another_bench_is_open() -> None:
    specs = catalogue()
    del specs[index_of(specs, "END", "ctx_switch")]  # renumbered: no gap, just no END
    capture = parse(lines_of(specs))
    res = by_bench(capture)
    assert res["ctx_switch"].status == "error" and res["ctx_switch"].reason == "no END"
    assert res["sem_give"].status == "ok"
    assert capture.errors == []


def test_fault_mid_bench() -> None:
    specs = catalogue()
    cut = index_of(specs, "S", "sem_give", nth=1)
    specs = specs[:cut] + [("FAULT", {"kind": "hardfault", "pc": "0x08001234", "lr": "0xfffffff9",
                                      "psr": "0x21000000", "cfsr": "00008200", "hfsr": "0x40000000",
                                      "mmfar": "0xe000ed34", "bfar": "0xe000ed38"})]
    capture = parse(lines_of(specs), "guest exited with status 1")
    sem = by_bench(capture)["sem_give"]
    assert sem.status == "error"
    assert sem.reason == "guest fault: kind=hardfault pc=0x08001234 cfsr=0x00008200"
    assert capture.fault is not None
    assert capture.fault["bench"] == "sem_give[tasks=2]" and capture.fault["lr"] == "0xfffffff9"
    assert by_bench(capture)["ctx_switch"].status == "ok"
    assert capture.errors == ["stream ended before DONE: guest exited with status 1"]


def test_fail_and_unsupported_keep_no_samples() -> None:
    specs = catalogue()
    i = index_of(specs, "END", "mutex_pi")
    specs[i:i + 1] = [("S", [5, 6]),
                      ("END", {"bench": "mutex_pi", "status": "fail", "n": 2, "reason": "bad"})]
    j = index_of(specs, "END", "isr_latency")
    specs[j:j + 1] = [("S", [7]), ("END", {"bench": "isr_latency", "status": "unsupported",
                                           "n": 1, "reason": "-"})]
    res = by_bench(parse(lines_of(specs)))
    assert (res["mutex_pi"].status, res["mutex_pi"].reason, res["mutex_pi"].raw_samples) == (
        "fail", "bad", [])
    assert (res["isr_latency"].status, res["isr_latency"].reason,
            res["isr_latency"].raw_samples) == ("unsupported", "", [])


def test_finish_is_idempotent() -> None:
    parser = StreamParser()
    for line in lines_of(catalogue())[:6]:
        parser.feed(line)
    first = parser.finish("timeout after 30 s without output")
    assert parser.finish() is first
    assert len(first.results) == 1


def test_parser_never_raises_on_random_damage() -> None:
    rng = random.Random(1234)
    clean = lines_of(catalogue())
    alphabet = "RTB1 *=%-0123456789abcdefS\x00\xff\r\n"
    for _ in range(300):
        lines = list(clean)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(lines))
            action = rng.randrange(4)
            if action == 0:
                del lines[i]
            elif action == 1:
                lines.insert(i, "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))))
            elif action == 2 and lines[i]:
                pos = rng.randrange(len(lines[i]))
                lines[i] = lines[i][:pos] + rng.choice(alphabet) + lines[i][pos + 1:]
            else:
                lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        capture = parse(lines, rng.choice([None, "timeout"]))
        for result in capture.results:
            assert result.status in STATUSES
            if result.status != "ok":
                assert result.raw_samples == [] and result.reason


def test_counting_benchmark_names_its_own_unit() -> None:
    specs = catalogue()[:4] + [
        ("BEGIN", {"bench": "tm_sync", "param": "period_ms", "value": 100, "iterations": 2,
                   "warmup": 1, "overhead": 0, "unit": "operations"}),
        ("S", [6503, 6504]),
        ("END", {"bench": "tm_sync", "status": "ok", "n": 2, "reason": "-"}),
        ("DONE", {"benches": 1, "failed": 0}),
    ]
    parser = StreamParser()
    for line in lines_of(specs):
        parser.feed(line)
    (result,) = parser.finish().results
    assert result.unit == "operations" and result.params == {"period_ms": 100}
    # Counts are final values: no 5/16 instruction scaling, no overhead.
    assert result.samples() == [6503, 6504]


def test_the_guests_own_verdict_wins_over_a_sequence_gap() -> None:
    # A guest that gave up (its join timed out) while a worker was streaming loses a record; the
    # host must report why the guest stopped, not only that a record is missing.
    specs = catalogue()[:5] + [("S", [320]), ("S", [336]),
                                ("END", {"bench": "ctx_switch", "status": "fail", "n": 1,
                                         "reason": "workers did not finish in time"})]
    lines = lines_of(specs)
    del lines[5]  # the first S record never made it
    result = by_bench(parse(lines))["ctx_switch"]
    assert result.status == "fail" and result.reason == "workers did not finish in time"
    assert any("records lost" in note for note in result.notes)


def test_a_sequence_gap_in_an_ok_benchmark_is_still_an_error() -> None:
    lines = lines_of(catalogue())
    del lines[5]
    result = by_bench(parse(lines))["ctx_switch"]
    assert result.status == "error" and "records lost" in result.reason


def test_the_progress_line_sees_the_hosts_verdict() -> None:
    """An END the guest calls ok but whose samples the host finds short is an error, and the
    record handed on (to the progress line) says so."""
    specs = catalogue()
    i = index_of(specs, "END", "ctx_switch")
    specs[i] = ("END", {"bench": "ctx_switch", "status": "ok", "n": 5, "reason": "-"})
    parser = StreamParser()
    judged = {}
    for line in lines_of(specs):
        record = parser.feed(line)
        if record is not None and record.rtype == "END":
            judged[record.fields["bench"]] = (record.fields["status"], parser.as_judged(record).fields["status"])
    assert judged["ctx_switch"] == ("ok", "error")
    assert judged["sem_give"] == ("ok", "ok")
