# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A stored kernel history (docs/reference/history/NAME.jsonl, `rtbench history --jsonl`'s own
export) as the docs show it: one row per revision, one column per benchmark, its median, and
every median that differs from the previous revision's in bold with its delta; and a stored
bisection (NAME.json.gz, `rtbench bisect --json`) as its first bad commit and the functions that
changed. The docs' hook puts them where a page says <!-- rtbench:history NAME --> or
<!-- rtbench:bisect NAME -->."""
from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rtbench.errors import RtbenchError
from rtbench.results.tables.as_markdown import code, escape

from . import reference_runs

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_KEYS = ("kernel", "kernel_commit", "kernel_revision", "rtbench_commit", "config", "target", "benchmark", "unit",
         "status", "median")


@dataclass
class Revision:
    name: str
    commit: str
    medians: dict[str, float | None] = field(default_factory=dict)
    statuses: dict[str, str] = field(default_factory=dict)


@dataclass
class StoredHistory:
    name: str
    kernel: str
    target: str
    config: str
    rtbench_commits: list[str]
    benchmarks: list[str]  # in the export's order
    units: dict[str, str]
    revisions: list[Revision]


def history_dir() -> Path:
    return reference_runs.reference_dir() / "history"


def path_of(name: str, folder: Path | None = None) -> Path:
    if not NAME.fullmatch(name):
        raise RtbenchError(f"'{name}' is not a stored history's name", "e.g. freertos-releases-qemu-m3")
    return (folder or history_dir()) / f"{name}.jsonl"


def parse(text: str, name: str) -> StoredHistory:
    """The export's records, checked: every line one point's benchmark, all of one configuration."""
    revisions: dict[str, Revision] = {}
    benchmarks: list[str] = []
    units: dict[str, str] = {}
    first: dict[str, Any] | None = None
    commits: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise RtbenchError(f"history {name}, line {number}: not JSON ({err.msg})") from None
        missing = [key for key in _KEYS if not isinstance(record, dict) or key not in record]
        if missing:
            raise RtbenchError(f"history {name}, line {number}: no {', '.join(missing)}")
        first = first or record
        for key in ("kernel", "target", "config"):
            if record[key] != first[key]:
                raise RtbenchError(f"history {name}, line {number}: {key} {record[key]!r} differs from the first "
                                   f"line's {first[key]!r}: a history is one configuration")
        if record["rtbench_commit"] not in commits:
            commits.append(record["rtbench_commit"])
        bench = str(record["benchmark"])
        if bench not in benchmarks:
            benchmarks.append(bench)
            units[bench] = str(record["unit"])
        revision = revisions.setdefault(record["kernel_commit"],
                                        Revision(str(record["kernel_revision"]), str(record["kernel_commit"])))
        revision.medians[bench] = record["median"]
        revision.statuses[bench] = str(record["status"])
    if first is None:
        raise RtbenchError(f"history {name} has no records")
    return StoredHistory(name, str(first["kernel"]), str(first["target"]), str(first["config"]), commits,
                         benchmarks, units, list(revisions.values()))


def load(name: str, folder: Path | None = None) -> StoredHistory:
    path = path_of(name, folder)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RtbenchError(f"no stored history {name} ({path.name}: {err.strerror or err})",
                           "measure it with scripts/release_history.py") from None
    return parse(text, name)


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def header(bench: str) -> str:
    """`footprint[part=kernel,section=text]` -> `footprint kernel text`: the parameters' values."""
    match = re.fullmatch(r"([^\[]+)\[(.*)\]", bench)
    if match is None:
        return bench
    values = [part.partition("=")[2] or part for part in match.group(2).split(",")]
    return " ".join([match.group(1), *values])


def changes(history: StoredHistory, benchmarks: list[str] | None = None) -> dict[tuple[str, str], float]:
    """(revision's commit, benchmark) -> the change of its median against the previous revision
    with a value (exact counts: any difference is a change)."""
    out: dict[tuple[str, str], float] = {}
    for bench in benchmarks or history.benchmarks:
        last: float | None = None
        for revision in history.revisions:
            value = revision.medians.get(bench)
            if value is None:
                continue
            if last is not None and value != last:
                out[(revision.commit, bench)] = value - last
            last = value
    return out


def rows(history: StoredHistory, benchmarks: list[str] | None = None) -> list[list[str]]:
    """The table's cells as Markdown: the release, then each benchmark's median, in bold with its
    change where it differs from the previous release's, or the status where there is none."""
    chosen = benchmarks or history.benchmarks
    unknown = [b for b in chosen if b not in history.benchmarks]
    if unknown:
        raise RtbenchError(f"history {history.name} has no {', '.join(unknown)}",
                           "benchmarks: " + ", ".join(history.benchmarks))
    moved = changes(history, chosen)
    out = []
    for revision in history.revisions:
        cells = [code(revision.name)]
        for bench in chosen:
            value = revision.medians.get(bench)
            delta = moved.get((revision.commit, bench))
            cells.append(escape(revision.statuses.get(bench, "-")) if value is None else
                         _number(value) if delta is None else f"**{_number(value)}** ({delta:+.0f})")
        out.append(cells)
    return out


def markdown(history: StoredHistory, benchmarks: list[str] | None = None) -> str:
    chosen = benchmarks or history.benchmarks
    cells = rows(history, chosen)
    titles = ["release"] + [f"{header(b)} ({history.units[b]})" for b in chosen]
    lines = ["| " + " | ".join(escape(t) for t in titles) + " |",
             "| --- |" + " ---: |" * len(chosen)]
    lines += ["| " + " | ".join(row) + " |" for row in cells]
    return "\n".join(lines)


def block(name: str, benchmarks: list[str] | None = None, folder: Path | None = None) -> str:
    """The table and the caption that says what it is and where it came from."""
    history = load(name, folder)
    moved = changes(history, benchmarks)
    at = len({commit for commit, _ in moved})
    caption = (f"*{history.kernel} on {history.target}, configuration {history.config}, measured by rtbench "
               f"{', '.join(history.rtbench_commits)} (`docs/reference/history/{name}.jsonl`): the median at each "
               f"release; **bold** where it differs from the previous release's, with the change "
               f"({len(moved)} changes at {at} releases, counted exactly).*")
    return markdown(history, benchmarks) + "\n\n" + caption + "\n"


def bisection_path(name: str, folder: Path | None = None) -> Path:
    if not NAME.fullmatch(name):
        raise RtbenchError(f"'{name}' is not a stored bisection's name", "e.g. freertos-task_create-V10.5.0")
    return (folder or history_dir()) / f"{name}.json.gz"


def load_bisection(name: str, folder: Path | None = None) -> dict[str, Any]:
    """A stored `rtbench bisect --json` document (rtbench-bisect/1), gzip-compressed."""
    path = bisection_path(name, folder)
    try:
        document = json.loads(gzip.decompress(path.read_bytes()))
    except OSError as err:
        raise RtbenchError(f"no stored bisection {name} ({path.name}: {err.strerror or err})",
                           "measure it with scripts/release_history.py") from None
    if not isinstance(document, dict) or document.get("schema") != "rtbench-bisect/1" or not document.get("found"):
        raise RtbenchError(f"bisection {name}: not a bisection that found its first bad commit (rtbench-bisect/1)")
    return document


def bisection_block(name: str, folder: Path | None = None) -> str:
    """The first bad commit a stored bisection found, both medians, and the functions that changed."""
    doc = load_bisection(name, folder)
    first, parent = doc["first_bad"], doc["parent"]
    tested = sum(1 for t in doc["tested"] if not t.get("given"))
    lines = [(f"`rtbench bisect --good {doc['good']['name']} --bad {doc['bad']['name']} --bench {doc['benchmark']}` "
             f"on {doc['target']} ({doc['kernel']}): {tested} revision(s) tested of the "
             f"{doc['commits_between']} commits between; first bad commit {code(first['commit'][:12])} "
             f"\"{escape(first['subject'])}\", after its parent {code(parent['commit'][:12])}: median "
             f"{_number(doc['median_before'])} → {_number(doc['median_after'])} {escape(doc['unit'])}."), ""]
    functions = (doc.get("attribution") or {}).get("functions") or []
    if functions:
        lines += ["| function | before | after | delta |", "| --- | ---: | ---: | ---: |"]
        lines += [f"| {code(f['function'])} | {_number(f['before'])} | {_number(f['after'])} | {f['delta']:+.0f} |"
                  for f in functions]
        lines += ["", (f"*{escape(doc['unit'])} per sample inside the measured interval, by function "
                      f"(`docs/reference/history/{name}.json.gz`).*")]
    else:
        lines.append(f"*No attribution: {escape(str(doc.get('attribution_error') or 'none stored'))}.*")
    return "\n".join(lines) + "\n"
