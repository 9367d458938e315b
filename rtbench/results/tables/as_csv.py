# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table as CSV for spreadsheets and scripts: one header row of column keys, values as
numbers at full precision, a "parts" column split into one column per part, and the note last."""
from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from .model import Table, params_text

# A text cell starting with one of these is a formula to a spreadsheet: quote it as text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _field(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Mapping):
        value = "" if not value else params_text(value)
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def header(table: Table) -> list[str]:
    names: list[str] = []
    for column in table.columns:
        names += [f"{column.key}.{part}" for part in column.parts] if column.parts else [column.key]
    return names + ["note"]


def render(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header(table))
    for row in table.rows:
        fields: list[Any] = []
        for column, c in zip(table.columns, row.cells):
            if column.parts:
                parts = c.value if isinstance(c.value, Mapping) else {}
                fields += [_field(parts.get(part)) for part in column.parts]
            else:
                fields.append(_field(c.value))
        writer.writerow(fields + [_field(row.note)])
    return out.getvalue()
