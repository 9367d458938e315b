# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table as an HTML fragment; every title, cell, note and class is escaped."""
from __future__ import annotations

import html
from collections.abc import Sequence

from .model import Table


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _class(names: Sequence[str]) -> str:
    return f' class="{_e(" ".join(names))}"' if names else ""


def render(table: Table, classes: Sequence[str] = ()) -> str:
    if not table.rows:
        return f'<p class="note">{_e(table.empty)}</p>'
    heads = "".join(f"<th{_class(['l'] if c.left else [])}>{_e(c.title)}</th>" for c in table.columns)
    out = [f"<table{_class(classes)}>", f"<thead><tr>{heads}</tr></thead>", "<tbody>"]
    for row in table.rows:
        cells = "".join(f"<td{_class(['l'] if column.left else [])}>"
                        + (f"<code>{_e(c.text)}</code>" if column.kind == "code" else _e(c.text)) + "</td>"
                        for column, c in zip(table.columns, row.cells))
        out.append(f"<tr{_class(row.classes)}>{cells}</tr>")
        if row.note is not None:
            out.append(f'<tr{_class(["note", *row.classes])}><td class="l" colspan="{len(table.columns)}">'
                       f"{_e(row.note)}</td></tr>")
    out.append("</tbody></table>")
    return "\n".join(out)
