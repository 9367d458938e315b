# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The table model and its renderers: aligned text, Markdown, CSV, JSON and HTML."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from rtbench.results import schema
from rtbench.results.tables import FORMATS, Column, Table, as_html, as_markdown, as_text, cell, render

EVIL = "<script>alert(1)</script> a|b `tick` x\ny"


def sample() -> Table:
    table = Table([Column("benchmark", "benchmark", "code"), Column("params", "params"),
                   Column("median", "median", "number"),
                   Column("ratio", "B/A", "parts", ("ratio", "low", "high"))])
    table.add([cell("task_switch"), cell({"tasks": 5}, "tasks=5"), cell(61),
               cell({"ratio": 1.426, "low": 1.42, "high": 1.43}, "1.426 [1.420, 1.430]*")])
    table.add([cell("mutex_pi"), cell({}, "-"), cell(None), cell(None)], note="fail: owner was\nnot boosted",
              classes=("bad",))
    return table


def test_text_aligns_columns_and_puts_notes_below() -> None:
    lines = as_text.render(sample()).splitlines()
    assert lines[0] == "benchmark    params   median                    B/A"
    assert lines[1] == "-----------  -------  ------  ---------------------"
    assert lines[2] == "task_switch  tasks=5      61  1.426 [1.420, 1.430]*"
    assert lines[3] == "mutex_pi     -             -                      -"
    assert lines[4] == "    ^ fail: owner was not boosted"


def test_text_keeps_one_line_per_row_and_shows_control_characters() -> None:
    table = Table([Column("name", "name")])
    table.add([cell("a\x1b[31mred\nnext\tcol")])
    assert as_text.render(table).splitlines()[2] == "a\\x1b[31mred next col"
    assert as_text.render(Table([Column("name", "name")], empty="nothing")) == "nothing"


def test_a_row_must_fill_every_column() -> None:
    with pytest.raises(ValueError, match="2 cells in a table of 4 columns"):
        sample().add([cell(1), cell(2)])


def test_markdown_table() -> None:
    lines = as_markdown.render(sample()).splitlines()
    assert lines[0] == "| benchmark | params | median | B/A |"
    assert lines[1] == "| --- | --- | ---: | ---: |"
    assert lines[2] == r"| `task_switch` | tasks=5 | 61 | 1.426 \[1.420, 1.430\]\* |"
    assert lines[-1] == "- `mutex_pi`: fail: owner was not boosted"


def _unescaped_pipes(line: str) -> int:
    return len(re.findall(r"(?<!\\)\|", line))


def test_markdown_escapes_every_cell() -> None:
    table = Table([Column("benchmark", "benchmark", "code"), Column("params", "params")])
    table.add([cell(EVIL), cell(EVIL)], note=EVIL)
    lines = as_markdown.render(table).splitlines()
    text = "\n".join(lines)
    assert "<script>" not in text and "&lt;script&gt;" in text  # plain text: HTML as entities
    assert len(lines) == 5  # header, rule, one row, blank, one note: no newline survived
    assert _unescaped_pipes(lines[2]) == 3  # the row's own borders only
    # Not a code span: it could hold no escape. Escaped text in both cells instead.
    shown = r"&lt;script&gt;alert(1)&lt;/script&gt; a\|b \`tick\` x y"
    assert lines[2] == f"| {shown} | {shown} |"
    assert lines[4] == f"- {shown}: {shown}"
    assert as_markdown.code("tick_cost[tasks=5]") == "`tick_cost[tasks=5]`"


def test_markdown_escapes_markup_but_not_underscores_inside_words() -> None:
    assert as_markdown.escape("period_ms _x_ 2*3 [a](b) ~~s~~ a\\") == r"period_ms \_x\_ 2\*3 \[a\](b) \~\~s\~\~ a\\"


def test_csv_has_typed_values_split_parts_and_notes() -> None:
    rows = list(csv.reader(io.StringIO(render(sample(), "csv"))))
    assert rows[0] == ["benchmark", "params", "median", "ratio.ratio", "ratio.low", "ratio.high", "note"]
    assert rows[1] == ["task_switch", "tasks=5", "61", "1.426", "1.42", "1.43", ""]
    assert rows[2] == ["mutex_pi", "", "", "", "", "", "fail: owner was\nnot boosted"]


def test_csv_quotes_what_a_spreadsheet_would_run() -> None:
    table = Table([Column("name", "name"), Column("value", "value", "number")])
    table.add([cell("=HYPERLINK(\"x\")"), cell(-12)])
    rows = list(csv.reader(io.StringIO(render(table, "csv"))))
    assert rows[1] == ["'=HYPERLINK(\"x\")", "-12", ""]


def test_json_has_columns_and_typed_rows() -> None:
    data = json.loads(render(sample(), "json"))
    assert next(iter(data)) == "schema" and data["schema"] == schema.TABLE == "rtbench-table/1"
    assert [c["key"] for c in data["columns"]] == ["benchmark", "params", "median", "ratio"]
    assert data["columns"][3]["parts"] == ["ratio", "low", "high"]
    first, second = data["rows"]
    assert first == {"benchmark": "task_switch", "params": {"tasks": 5}, "median": 61,
                     "ratio": {"ratio": 1.426, "low": 1.42, "high": 1.43}, "note": None}
    assert second["median"] is None and second["note"] == "fail: owner was\nnot boosted"


def test_json_matches_its_published_schema() -> None:
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(json.loads(schema.schema_file(schema.TABLE).read_text()))
    data = json.loads(render(sample(), "json"))
    validator.validate(data)
    data["rows"][0]["median"] = [61]  # a list is no cell value
    assert not validator.is_valid(data)


def test_html_escapes_and_marks_rows() -> None:
    table = sample()
    table.add([cell(EVIL), cell(EVIL), cell(1), cell(None)], note=EVIL, classes=("x\"onload=\"y",))
    page = as_html.render(table, classes=("compare",))
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert 'onload="y' not in page
    assert page.startswith('<table class="compare">')
    assert '<tr class="bad"><td class="l"><code>mutex_pi</code></td>' in page
    assert '<tr class="note bad"><td class="l" colspan="4">fail: owner was\nnot boosted</td></tr>' in page
    assert as_html.render(Table([Column("a", "a")], empty="no <rows>")) == '<p class="note">no &lt;rows&gt;</p>'


def test_every_format_renders_and_unknown_ones_are_refused() -> None:
    assert FORMATS == ("table", "markdown", "csv", "json")
    for fmt in FORMATS:
        assert "task_switch" in render(sample(), fmt)
    with pytest.raises(ValueError, match="unknown table format"):
        render(sample(), "yaml")


def test_text_wraps_long_cells_to_a_width() -> None:
    table = Table([Column("property", "property"), Column("a", "kernel a"), Column("n", "n", "number")])
    long = "preemptive, fixed priorities; optional time slicing (off here)"
    table.add([cell("scheduler"), cell(long), cell(123456)])
    text = as_text.render(table, width=40)
    assert max(len(line) for line in text.splitlines()) <= 40
    assert " ".join(text.split()).count("123456") == 1  # a number never wraps
    assert "optional time slicing (off here)" in " ".join(line[11:].strip() for line in text.splitlines())
    assert as_text.render(table) == as_text.render(table, width=1000)  # wide enough: unchanged
