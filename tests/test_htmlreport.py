# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The HTML report's text and structure, from small runs built here (Chromium draws the real ones
in tests/integration/test_reports.py)."""
from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import plotly.offline
import pytest

from rtbench.analysis.published import StudyView, load_studies, study_views
from rtbench.cli import completion, parser
from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale
from rtbench.reports import htmlstudies, plotly_js, plots, reference_runs
from rtbench.reports.htmlreport import _Figures, page, render
from rtbench.results.runsource import run_from_document, run_from_json
from rtbench.results.stats import median

REPO = Path(__file__).resolve().parent.parent


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


# -- how the page gets plotly.js -----------------------------------------------------------------

def _sources(page: str) -> list[str]:
    return re.findall(r'<script src="([^"]*)"', page)


def test_a_cdn_page_loads_the_installed_plotly_js_by_version_and_hash() -> None:
    inline, cdn = (render([run(0, 1), run(3, 2)], ["A", "B"], plotly=mode) for mode in ("inline", "cdn"))
    bundled = plotly.offline.get_plotlyjs()
    version = plotly.offline.get_plotlyjs_version()
    # inline: the file itself, nothing fetched; it says it opens offline.
    assert _sources(inline) == [] and bundled in inline and "Opens offline: plotly.js is embedded." in inline
    assert plotly_js.MISSING_ID not in inline
    # cdn: one script, the same version from npm's package by jsDelivr, pinned by the file's SHA-384.
    (source,) = _sources(cdn)
    assert source == f"https://cdn.jsdelivr.net/npm/plotly.js-dist-min@{version}/plotly.min.js"
    digest = base64.b64encode(hashlib.sha384(bundled.encode()).digest()).decode()
    assert f'integrity="sha384-{digest}" crossorigin="anonymous"' in cdn
    assert bundled[:2000] not in cdn and len(cdn) < len(inline) - len(bundled) + 10_000
    assert f"plotly.js {version} from cdn.jsdelivr.net (pinned, integrity-checked)" in cdn
    # Its notice for a browser that could not load it is hidden, and first in the body.
    assert re.search(f'<body>\n<p id="{plotly_js.MISSING_ID}" class="fair" hidden>', cdn)
    # Everything but the way plotly.js comes is the same page.
    strip = re.compile(r"<script>.{1000,}?</script>|<script src=[^>]*></script>|"
                       r'<p id="plotly-missing".*?</script>\n|Opens offline[^<]*|Draws its figures[^<]*|'
                       r"rtbench [^,]*, [0-9T:+-]{25}", re.DOTALL)
    assert strip.sub("", inline) == strip.sub("", cdn)
    with pytest.raises(RtbenchError, match="--plotly bundled: not a way"):
        page("t", "w", "", [], plotly="bundled")


def test_every_command_that_writes_a_page_takes_plotly() -> None:
    """--plotly wherever --html is (report, report --campaign, history, bisect, deadline --sweep, study),
    with the same choices and no default of its own: plotly_js.DEFAULT decides."""
    top = parser()
    with_html = {name: {flag: action for action in command._actions for flag in action.option_strings}
                 for name, command in completion.commands(top).items()
                 if any("--html" in action.option_strings for action in command._actions)}
    assert sorted(with_html) == ["bisect", "deadline", "history", "report", "study"]
    for name, options in with_html.items():
        assert "--plotly" in options, name
        assert tuple(options["--plotly"].choices or ()) == plotly_js.MODES and options["--plotly"].default is None
    assert plotly_js.DEFAULT == "inline"  # a page opens offline unless asked otherwise (docs/guides/reports.md)


def test_a_clock_sweep_page_loads_plotly_from_the_cdn_when_asked(tmp_path: Path) -> None:
    """deadline --sweep --html, from a stored soft-core run: the same two ways as the report."""
    document = tmp_path / "run.json"
    document.write_text(json.dumps(reference_runs.load("vexriscv-sim-minimal-freertos")))
    pages = {mode: tmp_path / f"sweep-{mode}.html" for mode in plotly_js.MODES}
    for mode, written in pages.items():
        done = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "home"), "deadline",
                               "--sweep", "25MHz:80MHz", "--run", str(document), "--html", str(written),
                               "--plotly", mode], capture_output=True, text=True, timeout=300, cwd=REPO)
        assert done.returncode == 0, done.stderr
    inline, cdn = (pages[mode].read_text(encoding="utf-8") for mode in ("inline", "cdn"))
    assert _sources(inline) == [] and "Opens offline: plotly.js is embedded." in inline
    assert _sources(cdn) == [plotly_js.script("cdn").split('"')[1]] and 'integrity="sha384-' in cdn
    assert "Clock sweep: reaction_chain" in cdn and len(cdn) < len(inline) - 4_000_000


def test_html_needs_plotly_and_says_how_to_get_it_while_text_does_not(tmp_path: Path) -> None:
    """Without plotly (the html extra) the commands that print still work and --html is refused
    before anything is read, with the command that installs it (the installed wheel without the
    extra: tests/integration/test_wheel.py)."""
    document = tmp_path / "run.json"
    document.write_text(json.dumps(reference_runs.load("qemu-m3-freertos")))
    blocked = ("import sys; sys.modules['plotly'] = None; from rtbench.cli import main; "
               "import rtbench.reports.history, rtbench.reports.bisect; sys.exit(main(sys.argv[1:]))")

    def rtbench(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", blocked, "--home", str(tmp_path / "home"), *args],
                              capture_output=True, text=True, timeout=300, cwd=tmp_path,
                              env={**os.environ, "PYTHONPATH": str(REPO)})

    page = tmp_path / "report.html"
    refused = rtbench("report", str(document), "--html", str(page))
    assert refused.returncode == 2 and not page.exists(), refused.stderr
    assert "--html draws its figures with plotly, which is not installed" in refused.stderr
    assert "hint: run scripts/setup.sh --part html, or pip install 'rtbench[html]'" in refused.stderr
    assert rtbench("deadline", "--sweep", "25MHz:80MHz", "--run", str(document), "--html", str(page)).returncode == 2
    shown = rtbench("report", str(document), "--format", "markdown")
    assert shown.returncode == 0 and "| `task_switch` |" in shown.stdout, shown.stderr
    assert rtbench("report", str(document), "--plotly", "cdn").returncode == 2  # --plotly is for --html


def test_study_shapes_join_points_only_along_an_ordered_axis(reference: dict[str, Run]) -> None:
    """A line between two criteria (or two kinds of cache) would draw a trend that is not there:
    points alone there; lines only where the x axis is a count (Pereira's tasks)."""
    runs = [reference[name] for name in KERNELS]
    _, views = study_views(runs, list(KERNELS))
    drawn = [view for view in views if view.comparable]
    assert {view.shape for view in drawn} >= {"ratio", "window", "scaling"}
    for view in drawn:
        modes = {trace.mode for trace in plots.study_shape(view).data}
        xs = {x for trace in plots.study_shape(view).data for x in trace.x}
        if view.shape == "scaling":
            assert modes == {"lines+markers"} and all(str(x).isdigit() for x in xs)
        else:
            assert modes == {"markers"} and not all(str(x).isdigit() for x in xs), view.shape


def test_one_run_opens_with_its_statuses_and_names_failures() -> None:
    page = render([run(0, 1, failing=True)], ["run 1"])
    verdict = page[page.index('<section id="verdict"'):page.index("</section>")]
    assert 'class="verdict bad"' in verdict
    assert "run 1: 6 results: 5 ok, 1 fail" in verdict
    assert 'mutex_pi: <b class="worse">fail</b>: owner was not boosted' in verdict
    assert page.index('id="verdict"') < page.index("<table") and 'id="ratio-chart"' not in page
    assert "all 6 results ok" in render([run(0, 1)], ["run 1"])


def test_a_run_with_nothing_failed_reads_as_a_pass_and_says_quietly_what_was_not_measured() -> None:
    # The stored default run (qemu-m3, FreeRTOS): 121 ok, and 7 unsupported with their reasons
    # (the soft-float FPU benchmarks, FreeRTOS's dormant start). Nothing failed: no alarm.
    page = render([run_from_document(reference_runs.load("qemu-m3-freertos"))], ["run 1"])
    verdict = page[page.index('<section id="verdict"'):page.index("</section>")]
    assert 'class="verdict same"' in verdict and 'class="worse"' not in verdict
    assert "run 1: 128 results: 121 ok, 7 unsupported (not measured), none failed" in verdict
    quiet = verdict[verdict.index('<div class="quiet">'):]
    assert "Not measured (7, unsupported):" in quiet and quiet.count("<li>") == 7
    assert "<li>task_switch_fpu[fpu=0]: this image uses the soft-float ABI" in quiet
    assert "<li>task_start: FreeRTOS readies a task when it creates it" in quiet
    # A failure among them is still the alarm, named apart from what was not measured.
    failing = run_from_document(reference_runs.load("qemu-m3-freertos"))
    failing.results[0].status, failing.results[0].reason = "fail", "the switch did not happen"
    verdict = render([failing], ["run 1"])
    assert 'class="verdict bad"' in verdict and "1 fail, 7 unsupported" in verdict
    assert '<b class="worse">fail</b>: the switch did not happen' in verdict


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


def _section(page: str, study_id: str) -> str:
    """One study's part of the report, up to its figures as published."""
    section = page[page.index(f'id="study-{study_id}"'):]
    return section[:section.index("</details>")]


def test_a_study_no_run_overlaps_has_no_section() -> None:
    page = render([run(0, 1)], ["run 1"])
    # A qemu-m3 run has no CPU variants: none of the Weiss study's criteria, so no section of its
    # own, only its title in the line that names the studies left out; Ugurel's boot time is there.
    assert 'id="study-weiss_emulation"' not in page and 'id="study-ugurel2012"' in page
    left_out = re.findall(r'<p class="note studies-left-out">(.*?)</p>', page)
    assert len(left_out) == 1 and "Performance Analysis of a RTOS by Emulation" in left_out[0]
    assert "Benchmarking of Xilkernel" not in left_out[0]
    # A run that overlaps no study at all: no studies section, and none in the page's links.
    alone = Run({"target": "qemu-m3"}, [result("cpu_reference", [5000] * 10)], run_id=3)
    page = render([alone], ["run 3"])
    assert 'id="studies"' not in page and "published studies" not in page and "study-" not in page


# -- the studies beside the stored reference runs ---------------------------------------------

KERNELS = ("qemu-m3-freertos", "qemu-m3-ucos2", "qemu-m3-threadx")


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    """The stored reference runs on qemu-m3, read back as `rtbench report` reads a JSON run."""
    folder = tmp_path_factory.mktemp("reference")
    runs = {}
    for name in KERNELS:
        path = folder / f"{name}.json"
        path.write_text(json.dumps(reference_runs.load(name)))
        runs[name] = run_from_json(path)
    return runs


def _without(source: Run, benches: set[str]) -> Run:
    """The run as if measured without these benchmarks (rtbench run --bench chose the others)."""
    return Run(source.manifest, [r for r in source.results if r.bench not in benches], run_id=source.run_id)


def _only(source: Run, benches: set[str]) -> Run:
    return Run(source.manifest, [r for r in source.results if r.bench in benches], run_id=source.run_id)


def _view(views: list[StudyView], study_id: str, shape: str) -> StudyView:
    (found,) = [v for v in views if v.study["id"] == study_id and v.shape == shape]
    return found


def _mapping(study_id: str, shape: str) -> dict:
    (spec,) = [spec for spec in load_studies()[1][study_id] if spec["shape"] == shape]
    return spec


def test_views_keep_only_the_criteria_some_run_measured(reference: dict[str, Run]) -> None:
    dropped = {"queue_send", "queue_recv", "window_queue"}
    runs = [_without(reference[name], dropped) for name in KERNELS[:2]]
    _, views = study_views(runs, list(KERNELS[:2]))
    for shape in ("ratio", "window"):
        view, spec = _view(views, "ugurel2012", shape), _mapping("ugurel2012", shape)
        missing = [c["study"] for c in spec["criteria"] if c["bench"] in dropped]
        assert missing and [item.criterion for item in view.left_out] == missing
        assert [row[0] for row in view.rows] == [c["study"] for c in spec["criteria"] if c["study"] not in missing]
        assert all(x not in missing for series in view.series for x, _ in series.points)
        note = view.left_out_note
        assert note.startswith("Left out, as no run measured them: ") and all(c in note for c in missing)
        benches = note[note.index("--bench ") + len("--bench "):].rstrip(".").split(",")
        assert set(benches) >= {c["bench"] for c in spec["criteria"] if c["study"] in missing}
    # The full runs hold every criterion the study reported: nothing left out.
    _, full = study_views([reference[name] for name in KERNELS[:2]], list(KERNELS[:2]))
    assert not _view(full, "ugurel2012", "ratio").left_out and not _view(full, "ugurel2012", "window").left_out


def test_a_view_whose_criteria_no_run_holds_is_one_line(reference: dict[str, Run]) -> None:
    boot_only = _only(reference["qemu-m3-freertos"], {"boot_time", "footprint"})
    _, views = study_views([boot_only], ["A"])
    ratio = _view(views, "ugurel2012", "ratio")
    assert ratio.rows == [] and not ratio.comparable
    assert ratio.left_out_note.startswith("None of the study's criteria shown, as no run measured them: ")
    page = render([boot_only], ["A"])
    section = _section(page, "ugurel2012")
    # The ratio and window views are a line each; the absolute figures (boot time, footprint) stay.
    assert section.count('<p class="note left-out">None of the study') == 2
    assert 'id="study-table-ugurel2012-1"' not in section and 'id="study-table-ugurel2012-3"' in section
    assert "Plotly.newPlot" not in section


def test_init_time_and_footprint_stand_beside_the_study_in_their_own_units(reference: dict[str, Run]) -> None:
    runs = [reference[name] for name in KERNELS]
    _, views = study_views(runs, list(KERNELS))
    view = _view(views, "ugurel2012", "absolute")
    study_rows = {row["criterion"]: row for row in view.study["rows"]}
    columns = _mapping("ugurel2012", "absolute")["columns"]
    assert [row[0] for row in view.rows] == ["init_time_ms", "footprint_text_bytes"] and not view.left_out
    for row, crit in zip(view.rows, _mapping("ugurel2012", "absolute")["criteria"]):
        params = crit.get("params", {})
        measured = [next(r for r in run.results if r.bench == crit["bench"] and r.params == params) for run in runs]
        assert row[2:2 + len(runs)] == [f"{median(r.samples()):.0f} {r.unit}" for r in measured]
        study = study_rows[row[0]]
        unit = study["unit"].split(" (")[0]
        assert row[2 + len(runs):] == ["-" if study[c] is None else f"{study[c]:g} {unit}" for c in columns]
    assert {row[2].split()[1] for row in view.rows} == {"instructions", "bytes"}  # the runs' own units
    assert "different hardware" in view.explanation and "not converted" in view.explanation
    assert not view.comparable  # absolute figures draw no shape


def test_study_tables_stack_names_and_put_each_figure_over_its_ratio(reference: dict[str, Run]) -> None:
    runs = [reference[name] for name in KERNELS]
    page = htmlstudies.section(runs, list(KERNELS), _Figures().add)  # the section alone: no comparison to wait for
    _, views = study_views(runs, list(KERNELS))
    ratio = _view(views, "ugurel2012", "ratio")
    table = page[page.index('id="study-table-ugurel2012-1"'):]
    table = table[:table.index("</table>")]
    assert table.count("</th>") == len(ratio.columns) - 1  # criterion and benchmark share a column
    for row in ratio.rows:
        criterion, bench = html.escape(row[0]), html.escape(row[1]).replace("[", "[<wbr>")
        assert f'<td class="l">{criterion}<span class="sub">{bench}</span></td>' in table
        value, ratio_text = row[-1].split(" ")
        assert f'<td class="study">{value}<span class="sub">{ratio_text}</span></td>' in table
    assert '<th class="study">study freertos<span class="sub">value (ratio)</span></th>' in table
