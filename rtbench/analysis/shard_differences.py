# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A sharded run against the unsharded run of the same request: which results differ, and for
each the causes docs/guides/speed.md#shards gives, read from both runs' console logs.

A benchmark starts on a tick; what lies between that tick and its measurement can take another
time in a shard, and so move where interrupts fall in its samples, for three reasons: its
BEGIN record's sequence number (printing a number takes a time that depends on its digits where
the CPU divides in one instruction, on its value where division is a library routine, as on
RV32I), the option table (the shard's benchmark list is one more key) while the benchmark reads
options of its own, and the benchmark that ran before it in its image (the state it left)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..acquire import catalogue
from ..errors import RtbenchError
from ..model import Run

_BEGIN = re.compile(r"^RTB1 (\d+) BEGIN bench=(\S+) param=(\S+) value=(\d+)")
KINDS = ("instrumented", "services")


@dataclass(frozen=True)
class Start:
    """Where a result started in its image's stream."""

    seq: int  # its BEGIN record's sequence number
    before: str  # the benchmark that ran before it in the image ("(start)" for the first)
    option_keys: tuple[str, ...]  # the image's options, in the order its table holds them


@dataclass
class Comparison:
    """Result labels, in the unsharded run's order."""

    same: list[str] = field(default_factory=list)
    explained: dict[str, list[str]] = field(default_factory=dict)  # label -> its causes
    unexplained: list[str] = field(default_factory=list)


def _images(settings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Image kind -> its run settings (console log, guest options) in a run's settings."""
    found = {"plain": settings if settings.get("console_log") else None}
    for kind in KINDS:
        found[kind] = settings.get(f"{kind}_image")
    return {kind: image for kind, image in found.items() if image}


def starts(settings: dict[str, Any]) -> dict[tuple[str, str], Start]:
    """(image kind, result label) -> where it started, from the console logs a run's (or one
    shard's) settings name."""
    found: dict[tuple[str, str], Start] = {}
    for kind, image in _images(settings).items():
        before, keys = "(start)", tuple(image.get("guest_options", {}))
        try:
            lines = Path(str(image["console_log"])).read_text(errors="replace").splitlines()
        except OSError as err:
            raise RtbenchError(f"the console log {image['console_log']} cannot be read: {err.strerror}",
                               "compare runs measured in this workspace") from None
        for line in lines:
            match = _BEGIN.match(line)
            if match:
                seq, bench, param, value = match.groups()
                label = bench + (f"[{param}={value}]" if param != "-" else "")
                found[(kind, label)] = Start(int(seq), before, keys)
                before = bench
    return found


def _kind(name: str, settings: dict[str, Any]) -> str:
    """The image that measured a benchmark."""
    return next((kind for kind in KINDS if name in (settings.get(kind) or {}).get("benches", [])), "plain")


def divides_in_software(run: Run) -> bool:
    """Whether the image divides with a library routine (RV32I, as rtbench builds the soft-core's
    one image for every CPU variant), so that every sequence number prints in a time of its own."""
    flags = " ".join(str(v) for v in run.manifest.get("compiler", {}).get("flags", {}).values())
    return bool(re.search(r"-march=rv32i(?![a-z]*m)", flags))


def causes(unsharded: Run, sharded: Run) -> dict[str, list[str]]:
    """Result label -> what differs at its start between the two runs."""
    benches = {b.name: b for b in catalogue.scan()}
    value_matters = divides_in_software(unsharded)
    before = starts(unsharded.manifest["run"])
    after: dict[tuple[str, str], Start] = {}
    for shard in sharded.manifest.get("shards", {}).get("shards", []):
        after.update(starts(shard.get("run", {})))
    found: dict[str, list[str]] = {}
    for result in unsharded.results:
        bench = benches.get(result.bench)
        key = (_kind(result.bench, unsharded.manifest["run"]), result.label())
        if bench is None or bench.host or key not in before or key not in after:
            continue
        a, b = before[key], after[key]
        reasons = []
        if a.seq != b.seq if value_matters else len(str(a.seq)) != len(str(b.seq)):
            reasons.append(f"sequence number {a.seq} -> {b.seq}")
        if bench.own_options and a.option_keys != b.option_keys:
            reasons.append(f"reads {', '.join(bench.own_options)}; options {','.join(a.option_keys)} -> "
                           f"{','.join(b.option_keys)}")
        if a.before != b.before:
            reasons.append(f"after {a.before} -> {b.before}")
        found[result.label()] = reasons
    return found


def compare(unsharded: Run, sharded: Run) -> Comparison:
    """Every result of the unsharded run: identical in the sharded one (status, reason, every
    sample), different with one of the causes, or different without any."""
    why = causes(unsharded, sharded)
    mine = {r.label(): r for r in sharded.results}
    found = Comparison()
    for result in unsharded.results:
        other = mine.get(result.label())
        if other is not None and (result.status, result.reason, result.samples()) == \
                (other.status, other.reason, other.samples()):
            found.same.append(result.label())
        elif other is not None and why.get(result.label()):
            found.explained[result.label()] = why[result.label()]
        else:
            found.unexplained.append(result.label())
    return found
