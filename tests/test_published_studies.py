# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The studies' pages and the figures quoted in sentences: the study views rendered from the
stored reference runs (each study's [[reference]] tables), the studies' own figures, rtbench:value markers and
the sample outputs of rtbench commands (docs/hooks/command_output.py)."""
from __future__ import annotations

import re
import statistics
from pathlib import Path
from typing import Any

import pytest

from rtbench.analysis import published
from rtbench.analysis import studies as registry
from rtbench.errors import RtbenchError
from rtbench.reports import published_studies as studies
from rtbench.reports import published_tables as tables
from rtbench.reports import reference_runs as ref
from tests import modules

REPO = Path(__file__).resolve().parent.parent


def _result(cell: str, label: str) -> dict[str, Any]:
    return next(r for r in ref.load(cell)["results"] if ref.label(r) == label)


def test_a_value_marker_is_the_stored_median() -> None:
    row = _result("qemu-m3-ucos2", "tick_cost[tasks=5]")
    expected = statistics.median(row["samples"])
    text = tables.replace_markers("costs <!-- rtbench:value qemu-m3-ucos2 tick_cost[tasks=5] --> instructions")
    assert text == f"costs {expected:g} instructions"
    low = tables.replace_markers("<!-- rtbench:value qemu-m3-ucos2 tick_cost[tasks=5] min -->")
    assert low == f"{min(row['samples']):g}"


def test_a_value_marker_in_a_code_span_is_shown() -> None:
    line = "write `<!-- rtbench:value CELL LABEL -->` in a sentence"
    assert tables.replace_markers(line) == line


def test_a_value_that_is_not_a_number_is_an_error() -> None:
    with pytest.raises(RtbenchError, match="has it unsupported"):
        tables.replace_markers("<!-- rtbench:value qemu-m3-ucos2 task_switch -->")
    with pytest.raises(RtbenchError, match="has no such result"):
        tables.replace_markers("<!-- rtbench:value qemu-m3-ucos2 no_such_bench -->")
    with pytest.raises(RtbenchError, match="statistic 'mode'"):
        tables.replace_markers("<!-- rtbench:value qemu-m3-ucos2 sem_take mode -->")


def test_every_study_entry_renders_from_its_runs() -> None:
    data, _ = published.load_studies()
    ids = {s["id"] for s in data["studies"]}
    for study, entries in studies.entries().items():
        assert study in ids, f"unknown study {study}"
        for entry in entries:
            text = studies.entry_block(entry)
            assert "Rendered from the reference runs" in text
            for run, _ in entry.runs:
                assert f"`{run}`" in text


def test_the_ratio_view_divides_the_stored_medians() -> None:
    entry = next(e for e in studies.entries()["ugurel2012"] if e.shape == "ratio")
    run, name = next((r, n) for r, n in entry.runs if "freertos" in r)
    take = statistics.median(_result(run, "sem_take")["samples"])
    give = statistics.median(_result(run, "sem_give")["samples"])
    text = studies.entry_block(entry)
    header = next(line for line in text.splitlines() if line.startswith("| criterion"))
    column = [c.strip() for c in header.strip("|").split("|")].index(f"{name} (ratio)")
    row = next(line for line in text.splitlines() if line.startswith("| sem_give |"))
    assert [c.strip() for c in row.strip("|").split("|")][column] == f"{give / take:.2f}"


def test_the_published_figures_are_the_transcribed_ones() -> None:
    data, _ = published.load_studies()
    for study in data["studies"]:
        text = studies.published_block(study["id"])
        for row in study["rows"]:
            for key, value in row.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    assert f"| {value:g} |" in text or f"| {value:g}\n" in text, (study["id"], key, value)


def _one_study(folder: Path, reference: str) -> None:
    """A study folder `mine` holding ugurel2012's figures and views and the given [[reference]]."""
    source = (registry.STUDIES_DIR / "ugurel2012" / "study.toml").read_text()
    (folder / "mine").mkdir(parents=True)
    (folder / "mine" / "study.toml").write_text(source.split("\n[[reference]]")[0] + "\n" + reference)


def test_an_unknown_study_or_shape_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(RtbenchError, match="no published study 'nope'"):
        tables.replace_markers("<!-- rtbench:study nope -->")
    monkeypatch.setenv(registry.ENV, str(tmp_path / "a"))
    _one_study(tmp_path / "a", '[[reference]]\nshape = "spiral"\nruns = [{ run = "qemu-m3-freertos" }]\n')
    with pytest.raises(RtbenchError, match="no view of shape 'spiral'"):
        studies.block("mine")
    monkeypatch.setenv(registry.ENV, str(tmp_path / "b"))
    _one_study(tmp_path / "b", '[[reference]]\nshape = "ratio"\nruns = []\n')
    with pytest.raises(RtbenchError, match="runs must be a non-empty list"):
        studies.entries()


def _command_hook() -> Any:
    return modules.load("docs/hooks/command_output.py")


def test_a_command_marker_shows_rtbenchs_own_output() -> None:
    hook = _command_hook()
    page = "Before.\n\n<!-- rtbench:command report {qemu-m3-freertos} -->\n\nAfter.\n"
    out = hook.replace(page, REPO)
    assert "rtbench:command" not in out
    assert "```text\n$ rtbench report qemu-m3-freertos.json\n" in out
    take = statistics.median(_result("qemu-m3-freertos", "sem_take")["samples"])
    assert re.search(rf"^sem_take\s.*\b{take:g}\b", out, re.MULTILINE), "the report's sem_take median"
    assert "/tmp/" not in out and str(Path.home()) not in out


def test_a_failing_command_stops_the_build() -> None:
    from mkdocs.exceptions import PluginError

    with pytest.raises(PluginError, match="exit status 2"):
        _command_hook().replace("<!-- rtbench:command compare {qemu-m3-freertos} --bogus -->", REPO)
