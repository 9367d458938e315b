# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The HTML report's text and structure, from small runs built here (Chromium draws the real ones
in tests/integration/test_reports.py)."""
from __future__ import annotations

import json
import re

from rtbench.model import Result, Run, Scale
from rtbench.reports.htmlreport import render


def result(bench: str, samples: list[int], unit: str = "instructions", status: str = "ok", **params: object) -> Result:
    return Result(bench, dict(params), unit, status, reason="" if status == "ok" else "owner was not boosted",
                  raw_samples=samples, scale=Scale(unit))


def run(shift: int, run_id: int, failing: bool = False) -> Run:
    return Run({"target": "qemu-m3", "profile": "default"}, [
        result("task_switch", [61 + shift] * 30 + [113] * 2),
        result("tick_cost", [35 + shift] * 20, tasks=0),
        result("tick_cost", [797 + shift, 800 + shift] * 10, tasks=30),
        result("mutex_pi", [] if failing else [787] * 20, status="fail" if failing else "ok"),
        result("boot_time", [24725 + shift]),
        result("footprint", [6380], unit="bytes", part="kernel", section="text"),
    ], run_id=run_id)


def _figure_data(page: str, div_id: str) -> list[dict]:
    """The traces plotly is given for one figure div."""
    start = page.index(f'Plotly.newPlot(                        "{div_id}",')
    data = page[page.index("[", start):]
    return json.JSONDecoder().raw_decode(data)[0]


def test_one_run_opens_with_its_statuses_and_names_failures() -> None:
    page = render([run(0, 1, failing=True)], ["run 1"])
    verdict = page[page.index('<section id="verdict"'):page.index("</section>")]
    assert 'class="verdict bad"' in verdict
    assert "run 1: 6 results: 5 ok, 1 fail" in verdict
    assert 'mutex_pi: <b class="worse">fail</b>: owner was not boosted' in verdict
    assert page.index('id="verdict"') < page.index("<table") and 'id="ratio-chart"' not in page
    assert "all 6 results ok" in render([run(0, 1)], ["run 1"])


def test_a_comparison_opens_with_its_verdict_and_one_ratio_chart() -> None:
    page = render([run(0, 1), run(3, 2, failing=True)], ["run 1", "run 2"])
    verdict = page[page.index('<section id="verdict"'):page.index("</section>")]
    assert "B against A: 3 of 3 sampled benchmarks differ significantly (3 slower)" in verdict
    assert "boot_time 24725 → 24728 instructions (×1.00012)" in verdict  # a single value: no interval
    assert "mutex_pi: <b class=\"worse\">fail in B: owner was not boosted</b>" in verdict
    assert verdict.count("owner was not boosted") == 1 and "<p>run 2: 6 results: 5 ok, 1 fail</p>" in verdict
    assert page.index('id="verdict"') < page.index('class="plotly-graph-div"')
    chart = _figure_data(page, "ratio-chart")
    labels = {label for trace in chart for label, *_ in trace["customdata"]}
    assert labels == {"task_switch", "tick_cost[tasks=0]", "tick_cost[tasks=30]"}  # no single value, no failure
    # Distributions: one figure per unit, a box per benchmark and run, not one histogram each.
    assert page.count("Histogram") == 0 and page.count('"type":"box"') == 2
    singles = page[page.index("<h3>Single values</h3>"):page.index('id="comparison"')]
    assert "[" not in re.sub(r"<[^>]+>", "", singles)  # values and ratios, no interval


def test_three_runs_give_one_verdict_and_one_chart_panel_each() -> None:
    page = render([run(0, 1), run(0, 2), run(5, 3)], ["run 1", "run 2", "run 3"])
    assert "B against A: no significant difference in any of the 4 sampled benchmarks" in page
    assert "C against A: 3 of 4 sampled benchmarks differ significantly (3 slower)" in page
    assert '"text":"B\\u002fA"' in page and '"text":"C\\u002fA"' in page  # the panels' titles


def test_runs_in_different_units_say_why_they_are_not_compared() -> None:
    cycles = run(0, 2)
    for r in cycles.results:
        r.unit = "cycles" if r.unit == "instructions" else r.unit
    page = render([run(0, 1), cycles], ["run 1", "run 2"])
    verdict = page[page.index('<section id="verdict"'):page.index("</section>")]
    assert "Not compared: cannot compare runs measured in different units" in verdict
    assert "run 1: all 6 results ok" in verdict and 'id="ratio-chart"' not in page


def test_the_weiss_study_sets_out_its_cache_tables() -> None:
    page = render([run(0, 1)], ["run 1"])
    section = page[page.index('id="study-weiss_emulation"'):]
    section = section[:section.index("</details>")]
    assert "Not compared" not in section
    assert "I+D, 16K I / 8K D" in section and "+340 %" in section and "87 us" in section
    # A qemu-m3 run has no CPU variants: it adds no gains, and the study alone draws no figure.
    assert "run 1" not in section and "Plotly.newPlot" not in section
