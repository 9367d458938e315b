# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""One table model for every report, and its renderers: aligned text, Markdown, CSV, JSON, HTML."""
from __future__ import annotations

from . import as_csv, as_html, as_json, as_markdown, as_text
from .model import Cell, Column, Row, Table, cell, params_text

# The --format choices of the commands that print tables, in the order --help lists them.
FORMATS = ("table", "markdown", "csv", "json")
_RENDERERS = {"table": as_text.render, "markdown": as_markdown.render, "csv": as_csv.render,
              "json": as_json.render}


def render(table: Table, fmt: str) -> str:
    """The table in one of FORMATS (HTML has its own entry point, as_html.render)."""
    try:
        return _RENDERERS[fmt](table)
    except KeyError:
        raise ValueError(f"unknown table format '{fmt}'") from None


__all__ = ["FORMATS", "Cell", "Column", "Row", "Table", "as_csv", "as_html", "as_json", "as_markdown", "as_text",
           "cell", "params_text", "render"]
