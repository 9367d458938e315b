# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Paragraphs that quote a measured figure without saying which statistic it is.

A <!-- rtbench:value CELL LABEL [STATISTIC] --> marker renders one figure of a reference run, the
median unless it names another statistic. A bare number reads as "the" figure, and two markers of
one cell (a mean and a median) read as a contradiction, so the prose around a marker names its
statistic: the paragraph (or list item, or table) that holds it says "median" for a median,
"mean" for a mean, and so on. unnamed_statistics() finds the paragraphs that do not."""
from __future__ import annotations

import re

from rtbench.reports.published_tables import STATISTICS, VALUE_MARKER

# The words that name each statistic in prose (case-insensitive, whole words).
NAMES = {"median": r"medians?", "mean": r"means?|average", "min": r"min|minimum|minima|least|lowest|fastest",
         "max": r"max|maximum|maxima|worst|greatest|highest|slowest", "p90": r"p90|90th\s+percentile",
         "p99": r"p99|99th\s+percentile", "p99.9": r"p99\.9|99\.9th\s+percentile",
         "mad": r"MAD|median\s+absolute\s+deviation", "cold": r"cold"}
assert set(NAMES) == set(STATISTICS), "a statistic rtbench:value accepts has no words here"
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`]*`")
_ITEM = re.compile(r"^(?:[-*+]|\d+\.)\s")


def paragraphs(text: str) -> list[str]:
    """A Markdown page's blocks outside fenced code: paragraphs, list items (each its own) and
    tables (each whole, so a header can name the statistic of its cells)."""
    blocks: list[list[str]] = [[]]
    fence = None
    for line in text.splitlines():
        opened = _FENCE.match(line)
        if fence is not None:
            fence = None if opened and opened.group(1) == fence else fence
            continue
        if opened:
            fence = opened.group(1)
            blocks.append([])
            continue
        stripped = line.strip()
        table = stripped.startswith("|")
        was_table = bool(blocks[-1]) and blocks[-1][-1].strip().startswith("|")
        if not stripped or _ITEM.match(stripped) or line.startswith("#") or table != was_table:
            blocks.append([])
        if stripped:
            blocks[-1].append(line)
    return ["\n".join(block) for block in blocks if block]


def _statistics(block: str) -> set[str]:
    """The statistics the value markers of a block quote (outside code spans, where a page explains
    them). A footprint is one measurement, the same under every statistic: it names none."""
    prose = _CODE_SPAN.sub("", block)
    return {match.group(3) or "median" for match in VALUE_MARKER.finditer(prose)
            if not match.group(2).startswith("footprint[")}


def unnamed(block: str) -> list[str]:
    """The statistics a block quotes but does not name in its prose."""
    prose = _CODE_SPAN.sub("", _COMMENT.sub("", block))
    return sorted(s for s in _statistics(block)
                  if not re.search(rf"(?<![\w.])(?:{NAMES[s]})(?![\w])", prose, re.IGNORECASE))


def unnamed_statistics(text: str) -> list[str]:
    """Each block of the page that quotes a statistic it does not name: its start, and what is missing."""
    found = []
    for block in paragraphs(text):
        if missing := unnamed(block):
            start = " ".join(_COMMENT.sub("…", block).split())[:70]
            found.append(f"{start} [{', '.join(missing)}]")
    return found
