# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The table every report draws: typed columns, rows of cells that carry both a value for
machines (JSON, CSV) and the text people read, plus a note and classes per row."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

# text: a name or a word (left-aligned); code: a name shown in monospace where the format can;
# number: right-aligned; parts: a value made of named parts (an estimate and its interval),
# split into one CSV column per part.
ColumnKind = Literal["text", "code", "number", "parts"]
LEFT_KINDS = ("text", "code")


@dataclass(frozen=True)
class Column:
    key: str  # the machine name: CSV header, JSON key
    title: str  # what people read
    kind: ColumnKind = "text"
    parts: tuple[str, ...] = ()  # the named parts of a "parts" column's values

    @property
    def left(self) -> bool:
        return self.kind in LEFT_KINDS


@dataclass(frozen=True)
class Cell:
    """`value` for machines (None, bool, int, float, str, or a mapping), `text` for people."""

    value: Any
    text: str


def cell(value: Any, text: str | None = None) -> Cell:
    """A cell whose text is the value itself unless given; None reads as '-'."""
    if text is None:
        text = "-" if value is None else str(value)
    return Cell(value, text)


@dataclass
class Row:
    cells: list[Cell]
    note: str | None = None  # a sentence about the row (a failure's reason), shown below or beside it
    classes: tuple[str, ...] = ()  # what the row is ("bad", "significant"), for styling


@dataclass
class Table:
    columns: list[Column]
    rows: list[Row] = field(default_factory=list)
    empty: str = "no results"  # what the text forms say when there are no rows

    def add(self, cells: Sequence[Cell], note: str | None = None, classes: Sequence[str] = ()) -> Row:
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells in a table of {len(self.columns)} columns")
        row = Row(list(cells), note, tuple(classes))
        self.rows.append(row)
        return row

    def record(self, row: Row) -> dict[str, Any]:
        """One row as {column key: value}, with its note."""
        out = {column.key: c.value for column, c in zip(self.columns, row.cells)}
        out["note"] = row.note
        return out


def params_text(params: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(params.items())) or "-"
