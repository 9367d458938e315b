# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table as aligned plain text for a terminal: two spaces between columns, a dashed rule
under the header, and each row's note on the line below it."""
from __future__ import annotations

import re

from .model import Table

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def one_line(text: str) -> str:
    """The text on one line, safe to print: whitespace runs become one space, and control
    characters (a terminal escape sequence in a crafted file) are shown as \\xNN."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", " ".join(text.split()))


def render(table: Table) -> str:
    if not table.rows:
        return table.empty
    heads = [one_line(c.title) for c in table.columns]
    body = [[one_line(c.text) for c in row.cells] for row in table.rows]
    widths = [max(len(head), *(len(cells[i]) for cells in body)) for i, head in enumerate(heads)]

    def line(cells: list[str]) -> str:
        return "  ".join(text.ljust(width) if column.left else text.rjust(width)
                         for text, width, column in zip(cells, widths, table.columns)).rstrip()

    out = [line(heads), line(["-" * w for w in widths])]
    for row, cells in zip(table.rows, body):
        out.append(line(cells))
        if row.note is not None:
            out.append(f"    ^ {one_line(row.note)}")
    return "\n".join(out)
