# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The table views (rtbench/reports/tables/): the registry names each one, the docs' marker
<!-- rtbench:table-view NAME ARGS --> puts a view's Markdown into the page (docs/hooks/
command_output.py) with the stored runs as run files, and a bad name or argument stops the build
with the view's message."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rtbench.errors import RtbenchError
from rtbench.reports import reference_runs as ref
from rtbench.reports.tables import registry, rhealstone
from tests import modules

REPO = Path(__file__).resolve().parent.parent


def _hook() -> Any:
    return modules.load("docs/hooks/command_output.py")


def test_a_marker_puts_the_views_markdown_into_the_page_indented_as_the_marker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = "Before.\n\n    <!-- rtbench:table-view rhealstone {qemu-a9-freertos} {qemu-a9-linux-rt} -->\n\nAfter.\n"
    out = _hook().replace(page, REPO)
    assert "rtbench:table-view" not in out and out.startswith("Before.\n\n") and out.endswith("\n\nAfter.\n")
    table = [line for line in out.split("\n") if line.startswith("    |")]
    assert table[0] == ("    | Rhealstone component | rtbench benchmark | qemu-a9-freertos.json (freertos, default, "
                        "-O2) | qemu-a9-linux-rt.json (linux-rt, default, -O2) |")
    # The view of the same runs, called directly, is what the page shows.
    for name in ("qemu-a9-freertos", "qemu-a9-linux-rt"):
        (tmp_path / f"{name}.json").write_text(json.dumps(ref.load(name)))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RTBENCH_HOME", str(tmp_path / "home"))
    direct = rhealstone.render(["qemu-a9-freertos.json", "qemu-a9-linux-rt.json"])
    assert ["    " + line for line in direct.split("\n")] == table


def test_a_bad_view_or_argument_stops_the_build_with_the_views_message() -> None:
    from mkdocs.exceptions import PluginError

    with pytest.raises(PluginError, match=r"(?s)no table view 'no_such'.*one of: .*run_tables"):
        _hook().replace("<!-- rtbench:table-view no_such -->", REPO)
    with pytest.raises(PluginError, match="'fast' is not a clock"):
        _hook().replace("<!-- rtbench:table-view run_tables clocks {qemu-m3-freertos} --clocks fast -->", REPO)


def test_every_view_of_a_stored_record_renders_it_with_its_caption() -> None:
    """The speed records under docs/reference/host/: each view a table, then where and when."""
    recorded = {"bench_speed": "speed", "board_speed": "board-speed", "cycle_model_speed": "cycle-model-speed",
                "first_minutes": "first-minutes", "soc_speed": "soc-speed", "soc_cycles": "soc-cycles",
                "soc_shards": "soc-shards", "shard_exactness": "shard-exactness"}
    for view, record in recorded.items():
        assert (ref.reference_dir() / "host" / f"{record}.json").is_file(), record
        lines = registry.render(view, []).split("\n")
        assert lines[0].startswith("| ") and lines[1].startswith("| --- |"), view
        assert lines[-2] == "" and "rtbench " in lines[-1], view
    with pytest.raises(RtbenchError, match="unrecognized arguments: --show"):
        registry.render("soc_speed", ["--show"])

