# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table as aligned plain text for a terminal: two spaces between columns, a dashed rule
under the header, and each row's note on the line below it."""
from __future__ import annotations

import re
import textwrap

from .model import Table

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def one_line(text: str) -> str:
    """The text on one line, safe to print: whitespace runs become one space, and control
    characters (a terminal escape sequence in a crafted file) are shown as \\xNN."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", " ".join(text.split()))


def _fit(widths: list[int], table: Table, width: int | None) -> list[int]:
    """Column widths that fit `width` characters: the widest text columns wrap, down to a fair
    share each (never below 12); numbers never wrap."""
    if width is None or sum(widths) + 2 * (len(widths) - 1) <= width:
        return widths
    share = max(12, (width - 2 * (len(widths) - 1)) // len(widths))
    return [min(w, share) if column.left else w for w, column in zip(widths, table.columns)]


def render(table: Table, width: int | None = None) -> str:
    """The table as aligned text; with `width`, long text cells wrap onto further lines so that
    a row fits (a terminal's width: `rtbench kernels`)."""
    if not table.rows:
        return table.empty
    heads = [one_line(c.title) for c in table.columns]
    body = [[one_line(c.text) for c in row.cells] for row in table.rows]
    widths = _fit([max(len(head), *(len(cells[i]) for cells in body)) for i, head in enumerate(heads)], table, width)

    def lines(cells: list[str]) -> list[str]:
        parts = [textwrap.wrap(text, w, break_on_hyphens=False) or [""] if len(text) > w else [text]
                 for text, w in zip(cells, widths)]
        out = []
        for depth in range(max(len(p) for p in parts)):
            texts = [p[depth] if depth < len(p) else "" for p in parts]
            out.append("  ".join(text.ljust(w) if column.left else text.rjust(w)
                                 for text, w, column in zip(texts, widths, table.columns)).rstrip())
        return out

    out = lines(heads) + ["  ".join("-" * w for w in widths)]
    for row, cells in zip(table.rows, body):
        out += lines(cells)
        if row.note is not None:
            out.append(f"    ^ {one_line(row.note)}")
    return "\n".join(out)
