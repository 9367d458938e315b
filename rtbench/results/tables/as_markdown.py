# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table as GitHub-flavoured Markdown. Every cell is escaped, so a crafted name cannot inject
HTML, break out of its cell (pipes, newlines) or out of a code span (backticks)."""
from __future__ import annotations

import re

from .as_text import one_line
from .model import Table

# Characters with inline meaning in Markdown. An underscore inside a word never starts
# emphasis, so it is left alone there (period_ms stays readable).
_SPECIAL = re.compile(r"[\\`*\[\]~|]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.,:=+/()\[\] -]+")


def escape(text: str) -> str:
    """Plain Markdown text on one line: entities for HTML's special characters, backslashes
    before Markdown's."""
    text = "".join(_ENTITIES.get(ch, ch) for ch in one_line(text))
    return _SPECIAL.sub(lambda m: "\\" + m.group(), text)


def code(text: str) -> str:
    """A name as a code span when it is plain (a code span cannot hold an escape, so anything
    else, a crafted name with a backtick, pipe or tag, is shown as escaped text instead)."""
    text = one_line(text)
    return f"`{text}`" if _PLAIN_NAME.fullmatch(text) else escape(text)


def render(table: Table) -> str:
    if not table.rows:
        return escape(table.empty)
    lines = ["| " + " | ".join(escape(c.title) for c in table.columns) + " |",
             "| " + " | ".join("---" if c.left else "---:" for c in table.columns) + " |"]
    for row in table.rows:
        shown = [code(c.text) if column.kind == "code" else escape(c.text)
                 for column, c in zip(table.columns, row.cells)]
        lines.append("| " + " | ".join(shown) + " |")
    label = next((i for i, c in enumerate(table.columns) if c.kind == "code"), 0)
    notes = [f"- {code(row.cells[label].text)}: {escape(row.note)}" for row in table.rows if row.note is not None]
    return "\n".join(lines + ([""] + notes if notes else []))
