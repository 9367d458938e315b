# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The published tables, rendered from the stored reference runs, never typed.

docs/tables.toml defines each table: the reference runs that are its columns, the results that
are its rows (by label, `tick_cost[tasks=5]`) and the statistic shown. render(NAME) draws it with
the reports' table model as Markdown; caption(NAME) is the line under it that names what
produced each column (kernel version, the kernel tree's identity, the image's hash); block(NAME)
is both, what the docs' MkDocs hook puts where a page says <!-- rtbench:table NAME -->."""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rtbench.acquire import provenance
from rtbench.errors import RtbenchError
from rtbench.results.split import LEGEND as SPLIT_LEGEND
from rtbench.results.split import Split
from rtbench.results.tables import Column, Table, as_markdown, cell

from . import published_calibrations, published_history, published_studies, reference_runs

# The statistics a table may show: name -> key in a result's JSON row.
STATISTICS = {"median": "p50", "min": "min", "max": "max", "mean": "mean", "p90": "p90", "p99": "p99",
              "p99.9": "p999", "mad": "mad", "cold": "cold"}
# A table or study marker is a line of its own (outside fenced code), so a page can show one in
# code to explain it; a value marker stands inside a sentence.
MARKER = re.compile(r"^[ \t]*<!--\s*rtbench:table\s+([A-Za-z0-9][A-Za-z0-9._-]*)\s*-->[ \t]*$", re.MULTILINE)
# A stored kernel history (docs/reference/history/NAME.jsonl) and the benchmarks to show.
HISTORY_MARKER = re.compile(r"^[ \t]*<!--\s*rtbench:history\s+([A-Za-z0-9][A-Za-z0-9._-]*)((?:\s+[^\s>]+)*?)"
                            r"\s*-->[ \t]*$")
BISECT_MARKER = re.compile(r"^[ \t]*<!--\s*rtbench:bisect\s+([A-Za-z0-9][A-Za-z0-9._-]*)\s*-->[ \t]*$")
STUDY_MARKER = re.compile(r"^[ \t]*<!--\s*rtbench:(study|published)\s+([A-Za-z0-9][A-Za-z0-9._-]*)\s*-->[ \t]*$")
VALUE_MARKER = re.compile(r"<!--\s*rtbench:value\s+([A-Za-z0-9][A-Za-z0-9._/-]*)\s+(\S+?)(?:\s+([a-z0-9]+))?\s*-->")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
MISSING = "—"


@dataclass(frozen=True)
class RunColumn:
    run: str  # the reference run's cell name
    header: str | None


@dataclass(frozen=True)
class Definition:
    name: str
    title: str
    statistic: str
    columns: tuple[RunColumn, ...]
    rows: tuple[str, ...]


def definitions_path() -> Path:
    return reference_runs.reference_dir().parent / "tables.toml"


def _fail(path: Path, name: str, problem: str) -> RtbenchError:
    return RtbenchError(f"{path}: [{name}]: {problem}", "see the comment at the top of the file for the format")


def _definition(path: Path, name: str, data: Any) -> Definition:
    if not isinstance(data, dict):
        raise _fail(path, name, "must be a table")
    unknown = set(data) - {"title", "statistic", "columns", "rows"}
    if unknown:
        raise _fail(path, name, f"unknown key(s) {', '.join(sorted(unknown))}")
    statistic = data.get("statistic", "median")
    if statistic not in STATISTICS:
        raise _fail(path, name, f"statistic {statistic!r} is not one of {', '.join(STATISTICS)}")
    columns = data.get("columns")
    if not isinstance(columns, list) or not columns:
        raise _fail(path, name, "columns must be a non-empty list of { run = \"CELL\" }")
    parsed = []
    for column in columns:
        if not isinstance(column, dict) or not isinstance(column.get("run"), str):
            raise _fail(path, name, f"a column must name its reference run: {column!r}")
        header = column.get("header")
        if header is not None and not isinstance(header, str):
            raise _fail(path, name, f"a column's header must be a string: {column!r}")
        parsed.append(RunColumn(column["run"], header))
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise _fail(path, name, "rows must be a non-empty list of result labels")
    return Definition(name, str(data.get("title", name)), statistic, tuple(parsed), tuple(rows))


def definitions(path: Path | None = None) -> dict[str, Definition]:
    """Every table docs/tables.toml defines, by name, in the file's order."""
    source = path or definitions_path()
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise RtbenchError(f"cannot read the table definitions {source}: {err}") from None
    return {name: _definition(source, name, value) for name, value in data.items()}


def definition(name: str, path: Path | None = None) -> Definition:
    known = definitions(path)
    if name not in known:
        raise RtbenchError(f"no published table '{name}' in {path or definitions_path()}",
                           "tables: " + (", ".join(known) or "none"))
    return known[name]


def _number(value: Any) -> str:
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.1f}"
    return str(value)


def _value(row: dict[str, Any] | None, key: str) -> tuple[Any, str]:
    if row is None:
        return None, MISSING
    if row.get("status") != "ok":
        return row.get("status"), str(row.get("status"))
    value = row.get(key)
    split = _split(row, key)
    return value, split.text(_number) if split else _number(value)


def _split(row: dict[str, Any], key: str) -> Split | None:
    """The result's split median when the figure shown is its median (never shown bare)."""
    record = row.get("median_split") if key == "p50" else None
    return Split.from_record(record) if record else None


def header(doc: dict[str, Any], column: RunColumn) -> str:
    if column.header:
        return column.header
    kernel = doc.get("manifest", {}).get("kernel", {})
    return f"{kernel.get('name', column.run)} {kernel.get('version', '')}".strip()


def table(name: str, *, tables: Path | None = None, runs: Path | None = None) -> Table:
    """The table model of a published table: benchmark, unit, one column per reference run."""
    spec = definition(name, tables)
    docs = [reference_runs.shared(column.run, runs) for column in spec.columns]
    by_label = [{reference_runs.label(row): row for row in doc["results"]} for doc in docs]
    key = STATISTICS[spec.statistic]
    model = Table([Column("benchmark", "benchmark", "code"), Column("unit", "unit"),
                   *(Column(c.run, header(doc, c), "number") for c, doc in zip(spec.columns, docs))])
    for label in spec.rows:
        found = [rows.get(label) for rows in by_label]
        units: list[str] = []
        for row in found:
            if row is not None and row.get("unit") and row["unit"] not in units:
                units.append(str(row["unit"]))
        cells = [cell(label), cell(", ".join(units), ", ".join(units) or MISSING)]
        cells += [cell(*_value(row, key)) for row in found]
        model.add(cells)
    return model


def render(name: str, *, tables: Path | None = None, runs: Path | None = None) -> str:
    """A published table as Markdown."""
    return as_markdown.render(table(name, tables=tables, runs=runs))


def caption(name: str, *, tables: Path | None = None, runs: Path | None = None) -> str:
    """One line: the table's title and, per column, the reference run and what produced it; how
    to read a split median when the table shows one."""
    spec = definition(name, tables)
    docs = [reference_runs.shared(column.run, runs) for column in spec.columns]
    parts = [f"`{column.run}` ({provenance.summary(doc['manifest'])})" for column, doc in zip(spec.columns, docs)]
    legend = f" In this table {as_markdown.escape(SPLIT_LEGEND)} (Statistics: split medians)." \
        if _has_split(spec, docs) else ""
    return f"{as_markdown.escape(spec.title)}. Rendered from the reference runs {'; '.join(parts)}.{legend}"


def _has_split(spec: Definition, docs: list[dict[str, Any]]) -> bool:
    if STATISTICS[spec.statistic] != "p50":
        return False
    wanted = set(spec.rows)
    return any(reference_runs.label(row) in wanted and row.get("median_split")
               for doc in docs for row in doc["results"])


def block(name: str, *, tables: Path | None = None, runs: Path | None = None) -> str:
    """The table and its caption, as a page shows them."""
    return render(name, tables=tables, runs=runs) + "\n\n" + caption(name, tables=tables, runs=runs) + "\n"


def markers(markdown: str) -> list[str]:
    """The tables a page asks for, in order."""
    return [match.group(1) for line, code in _lines(markdown) if not code and (match := MARKER.fullmatch(line))]


def _lines(markdown: str) -> Iterator[tuple[str, bool]]:
    """Each line, and whether it is fenced code (its fences included): a marker there is shown, not replaced."""
    fence = None
    for line in markdown.split("\n"):
        opened = _FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)
            yield line, True
        elif fence is not None:
            if opened and opened.group(1) == fence:
                fence = None
            yield line, True
        else:
            yield line, False


def value(run: str, label: str, statistic: str = "median", *, runs: Path | None = None) -> str:
    """One figure of a reference run, as a sentence quotes it: `tick_cost[tasks=5]`'s median. A
    result that is missing or not ok is an error: a sentence cannot quote a status as a number."""
    if statistic not in STATISTICS:
        raise RtbenchError(f"rtbench:value {run} {label}: statistic {statistic!r} is not one of "
                           f"{', '.join(STATISTICS)}")
    rows = {reference_runs.label(row): row for row in reference_runs.shared(run, runs)["results"]}
    row = rows.get(label)
    if row is None or row.get("status") != "ok":
        raise RtbenchError(f"rtbench:value {run} {label}: the reference run "
                           + ("has no such result" if row is None else f"has it {row.get('status')}"),
                           "results: " + ", ".join(rows))
    key = STATISTICS[statistic]
    split = _split(row, key)
    # Escaped: a value may stand in a table's row, where a bare | would end its cell.
    return as_markdown.escape(split.text(_number)) if split else _number(row[key])


def _values(line: str, runs: Path | None) -> str:
    """The line with its value markers replaced, except inside code spans (where a page explains them)."""
    parts = re.split(r"(`[^`]*`)", line)
    return "".join(part if part.startswith("`") else VALUE_MARKER.sub(
        lambda m: value(m.group(1), m.group(2), m.group(3) or "median", runs=runs), part) for part in parts)


def _marker_block(line: str, tables: Path | None, runs: Path | None) -> str | None:
    """What a marker line stands for, or None when the line is not a marker."""
    if (match := MARKER.fullmatch(line)):
        return block(match.group(1), tables=tables, runs=runs).rstrip("\n")
    if (match := STUDY_MARKER.fullmatch(line)):
        kind, name = match.groups()
        text = published_studies.block(name, runs=runs) if kind == "study" else published_studies.published_block(name)
        return text.rstrip("\n")
    if (match := HISTORY_MARKER.fullmatch(line)):
        name, benchmarks = match.group(1), match.group(2).split()
        return published_history.block(name, benchmarks or None,
                                       folder=runs / "history" if runs is not None else None).rstrip("\n")
    if (match := published_calibrations.MARKER.fullmatch(line)):
        return published_calibrations.block(match.group(1), runs).rstrip("\n")
    if (match := BISECT_MARKER.fullmatch(line)):
        return published_history.bisection_block(
            match.group(1), folder=runs / "history" if runs is not None else None).rstrip("\n")
    return None


def replace_markers(markdown: str, *, tables: Path | None = None, runs: Path | None = None) -> str:
    """A page with every marker outside fenced code replaced: a table line (<!-- rtbench:table
    NAME -->) by the table and its caption, a study line (rtbench:study ID, rtbench:published ID)
    by the study's views or its published figures, and each rtbench:value CELL LABEL [STATISTIC]
    by the figure. An unknown name is an error, not an empty table."""
    out = []
    for line, code in _lines(markdown):
        shown = None if code else _marker_block(line, tables, runs)
        out.append(line if code else shown if shown is not None else _values(line, runs))
    return "\n".join(out)
