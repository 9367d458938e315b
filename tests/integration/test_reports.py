# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""compare, check, report --html and footprint on real stored runs, through the command line."""
from __future__ import annotations

import copy
import http.server
import json
import re
import ssl
import subprocess
import sys
import threading
import urllib.parse
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import plotly.offline
import pytest

from rtbench.acquire import catalogue, doctor, kernel_facts, platforms
from rtbench.acquire.build import Build
from rtbench.campaign import matrix, reference_cells
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.reports import htmlreport, plotly_js, reference_runs
from rtbench.results import fairness
from rtbench.results.compare import ratio_text
from rtbench.results.stats import median
from rtbench.results.store import Store
from tests.conftest import run_catalogue

from . import browser, png


def rtbench(home: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), *args],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def debug_run(workspace: Workspace, built_image: Build) -> Run:
    """The same catalogue with the debug profile: asserts, stack checking and trace on."""
    return run_catalogue(workspace, profile="debug")


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, workspace: Workspace, catalogue_run: Run,
         debug_run: Run) -> Path:
    """A workspace whose store holds: 1 default, 2 debug, 3 default again (a real second run)."""
    root = tmp_path_factory.mktemp("reports-home")
    with Store(Workspace(root).store) as store:
        for run in (catalogue_run, debug_run, run_catalogue(workspace)):
            store.save(copy.deepcopy(run))
    return root


@pytest.fixture(scope="module")
def baseline(home: Path) -> Path:
    path = home / "baseline.json"
    proc = rtbench(home, "report", "1", "--json", str(path))
    assert proc.returncode == 0, proc.stderr
    return path


def test_fairness_lint_on_real_runs_with_different_profiles(catalogue_run: Run, debug_run: Run) -> None:
    diffs = fairness.differences([catalogue_run.manifest, debug_run.manifest])
    labels = {d.label for d in diffs}
    assert {"asserts", "trace hooks", "stack checking"} <= labels
    assert "optimisation flags" not in labels and "tick rate" not in labels


def test_compare_marks_the_debug_cost_and_nothing_between_identical_runs(home: Path) -> None:
    proc = rtbench(home, "compare", "1", "2", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert {f["label"] for f in data["fairness"]} >= {"asserts", "trace hooks", "stack checking"}
    rows = {(r["bench"], json.dumps(r["params"], sort_keys=True)): r for r in data["rows"]}
    switch = rows[("task_switch", "{}")]
    debug, _again = switch["versus_first"]
    assert debug["median"]["ratio"] > 1.1 and debug["median"]["ratio_ci"][0] > 1.0 and debug["median"]["significant"]
    for row in data["rows"]:
        same = row["versus_first"][1]
        if same is None:
            continue
        for stat in ("median", "mean"):
            assert not same[stat]["significant"], row["bench"]
            if same[stat]["ratio"] is not None:
                assert same[stat]["ratio_ci"] == [1.0, 1.0]

    text = rtbench(home, "compare", "1", "2")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0].startswith("fairness: the runs differ")
    assert any(line.startswith("task_switch") and line.rstrip().endswith("*") for line in lines)
    markdown = rtbench(home, "compare", "1", "3", "--markdown")
    assert "| `task_switch` |" in markdown.stdout and "Fairness" not in markdown.stdout


def test_check_passes_identical_runs_at_zero_threshold(home: Path, baseline: Path) -> None:
    proc = rtbench(home, "check", "--baseline", str(baseline), "--threshold", "0%")  # the last run, 3
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "check passed" in proc.stdout and "fairness" not in proc.stdout


def test_check_fails_a_real_regression_with_junit(home: Path, baseline: Path, tmp_path: Path) -> None:
    junit = tmp_path / "check.xml"
    proc = rtbench(home, "check", "2", "--baseline", str(baseline), "--junit", str(junit))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "REGRESSION task_switch: median and mean regressed beyond 5.0%" in proc.stdout
    assert "asserts (kernel.config.asserts) differs" in proc.stdout
    suite = ET.parse(junit).getroot().find("testsuite")
    failed = {case.get("name") for case in suite.iter("testcase") if case.find("failure") is not None}
    assert "task_switch" in failed and "tick_cost[tasks=0]" not in failed  # the tick path has no asserts
    assert int(suite.get("failures")) == len(failed) > 10


def test_check_catches_an_injected_regression_in_a_json_candidate(home: Path, baseline: Path, tmp_path: Path) -> None:
    data = json.loads(baseline.read_text())
    row = next(r for r in data["results"] if r["bench"] == "sem_take")
    row["samples"] = [s + 3 for s in row["samples"]]  # 50 -> 53 instructions: +6 %
    candidate = tmp_path / "candidate.json"
    candidate.write_text(json.dumps(data))
    proc = rtbench(home, "check", str(candidate), "--baseline", str(baseline), "--threshold", "5")
    assert proc.returncode == 1
    regressed = [line for line in proc.stdout.splitlines() if line.startswith("REGRESSION")]
    assert regressed == [line for line in regressed if line.startswith("REGRESSION sem_take:")] and len(regressed) == 1
    assert "median 50 -> 53 instructions (+6.0%)" in proc.stdout
    # Within a 10 % threshold it passes; a lost benchmark fails.
    assert rtbench(home, "check", str(candidate), "--baseline", str(baseline), "--threshold", "10%").returncode == 0
    row["status"], row["reason"], row["samples"] = "error", "stream cut", []
    candidate.write_text(json.dumps(data))
    lost = rtbench(home, "check", str(candidate), "--baseline", str(baseline), "--threshold", "10%")
    assert lost.returncode == 1 and "FAIL sem_take: error in the candidate: stream cut" in lost.stdout


def test_different_units_are_refused(home: Path, baseline: Path, tmp_path: Path) -> None:
    data = json.loads(baseline.read_text())
    for row in data["results"]:
        if row["unit"] == "instructions":
            row["unit"] = "cycles"
    cycles = tmp_path / "cycles.json"
    cycles.write_text(json.dumps(data))
    for args in (("compare", "1", str(cycles)), ("check", str(cycles), "--baseline", str(baseline))):
        proc = rtbench(home, *args)
        assert proc.returncode == 2
        assert "different units" in proc.stderr and "instructions" in proc.stderr and "cycles" in proc.stderr
    page = tmp_path / "mixed.html"
    assert rtbench(home, "report", "1", str(cycles), "--html", str(page)).returncode == 0
    assert "<b>Not compared:</b> cannot compare runs measured in different units" in page.read_text()


def test_bad_inputs_are_clear_errors(home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"results": [')
    proc = rtbench(home, "check", "--baseline", str(broken))
    assert proc.returncode == 2 and "not valid JSON" in proc.stderr
    assert "compare needs at least two runs" in rtbench(home, "compare", "1").stderr
    assert "no run with id 99" in rtbench(home, "compare", "1", "99").stderr


class _Resources(HTMLParser):
    """Every URL the page would load by itself: script src, link href, img/iframe/source src."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"script": "src", "link": "href", "img": "src", "iframe": "src", "source": "src"}.get(tag)
        self.urls += [v for k, v in attrs if k == wanted and v]


def test_html_report_renders_offline_in_chromium(home: Path, tmp_path: Path) -> None:
    if browser.chromium() is None:
        pytest.fail("chromium is missing: run scripts/setup.sh")
    page = tmp_path / "report.html"
    proc = rtbench(home, "report", "1", "2", "--html", str(page))
    assert proc.returncode == 0, proc.stderr
    text = page.read_text(encoding="utf-8")
    parser = _Resources()
    parser.feed(text)
    assert parser.urls == []  # plotly.js is inline: nothing is fetched at view time
    for needle in ("Fairness", "asserts", "Load scaling", "Footprint", 'id="study-ugurel2012"', "count per 10 ms",
                   "task_preempt_load against tasks", 'id="ratio-chart"', "Single values"):
        assert needle in text, needle
    # The verdict comes first, before any table or figure.
    assert text.index('id="verdict"') < min(text.index("<table"), text.index('class="plotly-graph-div"'))
    figures = text.count('class="plotly-graph-div"')
    # The ratio chart, one distribution figure per unit (and one for the signed lateness), one load
    # scaling figure per swept benchmark, the footprint and two study shapes: not one histogram per
    # benchmark.
    swept = sum(1 for b in catalogue.scan() if b.param and "," not in b.param and len(b.values) > 1)
    assert swept >= 7 and 4 + swept <= figures <= 10 + swept, figures

    dom, errors = browser.load(page, tmp_path)
    assert errors == []
    # Plotly draws each figure into SVG; every figure div must hold a rendered plot.
    assert dom.count('class="main-svg"') >= figures
    assert dom.count('class="plot-container plotly"') == figures
    # Several benchmarks per distribution figure: a box per benchmark and run, drawn.
    instructions = text.index("instructions: ")
    assert re.match(r"instructions: (\d+) benchmark", text[instructions:])
    assert dom.count('class="box"') >= 2 * 30


def test_html_report_opens_with_a_drawn_verdict_and_ratio_chart(home: Path, tmp_path: Path, catalogue_run: Run,
                                                                 debug_run: Run) -> None:
    """Default against debug: the verdict names the slower benchmarks and the chart draws them; the
    screenshot (kept as tmp_path/report.png) shows both drawn, not just present in the DOM."""
    if browser.chromium() is None:
        pytest.fail("chromium is missing: run scripts/setup.sh")
    page = tmp_path / "report.html"
    assert rtbench(home, "report", "1", "2", "--html", str(page)).returncode == 0
    dom, errors, rects = browser.layout(page, tmp_path)
    assert errors == []
    verdict = dom[dom.index('id="verdict"'):dom.index("</section>", dom.index('id="verdict"'))]
    assert re.search(r"B against A: (\d+) of (\d+) sampled benchmarks differ significantly \(\d+ slower", verdict)
    switch = {run.manifest["profile"]: median(next(r for r in run.results if r.bench == "task_switch").samples())
              for run in (catalogue_run, debug_run)}
    assert f'task_switch <b class="worse">×{ratio_text(switch["debug"] / switch["default"])}' in verdict
    assert "Failed or missing:</b> none" in verdict
    assert re.search(r"Single values</b> \(one sample each, compared exactly, no interval\): [1-9] of 7 changed",
                     verdict)
    chart = dom[dom.index('id="ratio-chart"'):dom.index("</section>", dom.index('id="ratio-chart"'))]
    # A median and a mean marker per sampled benchmark, each with its interval's bar.
    assert len(re.findall(r'<path class="point[ "]', chart)) == chart.count('class="xerror"') > 2 * 40
    assert "task_switch" in chart and "ratio to A (log scale)" in chart

    shot = browser.screenshot(page, tmp_path, tmp_path / "report.png")
    pixels = png.read(shot).astype(int)
    assert pixels.shape == (browser.WINDOW[1], browser.WINDOW[0], 3)

    def region(name: str) -> np.ndarray:
        x, y, width, height = (round(v) for v in rects[name])
        assert y + min(height, 300) <= pixels.shape[0], f"{name} is below the screenshot"
        return pixels[y:y + height, x:x + width]

    box = region("verdict")
    text_pixels = (box.max(axis=2) < 110).sum()  # dark glyphs of the headline and lists
    red_text = ((box[:, :, 0] > 140) & (box[:, :, 1] < 80) & (box[:, :, 2] < 80)).sum()  # the slower ratios
    assert text_pixels > 3000 and red_text > 500, (text_pixels, red_text)
    chart_pixels = region("ratio-chart")
    drawn = (chart_pixels.min(axis=2) < 200).mean()
    red_markers = ((abs(chart_pixels[:, :, 0] - 214) < 30) & (chart_pixels[:, :, 1] < 90)
                   & (chart_pixels[:, :, 2] < 90)).sum()
    grey_markers = ((abs(chart_pixels - 140) < 12).all(axis=2)).sum()  # the unchanged ones
    assert drawn > 0.01 and red_markers > 1000 and grey_markers > 20, (drawn, red_markers, grey_markers)
    # A blank stretch of the page, right of the headline's end, stays blank: the checks see pixels, not noise.
    assert (pixels[5:15, -60:-20] > 240).all()


def _kernel_rows(page: str) -> dict[str, list[str]]:
    """The report's kernel table, row label -> cells, and the notes below it."""
    section = page[page.index("From each port's description"):]
    table = section[:section.index("</table>")]
    rows = {m[0]: re.findall(r"<td[^>]*>([^<]*)</td>", m[1])
            for m in re.findall(r"<tr[^>]*><td[^>]*>([^<]*)</td>(.*?)</tr>", table)}
    rows["notes"] = re.findall(r"<p class='note'>([^<]*)</p>", section[len(table):].split("<h2", 1)[0])
    return rows


def test_a_report_shows_the_api_its_run_recorded_with_the_kernel_tree_gone(catalogue_run: Run,
                                                                          tmp_path: Path) -> None:
    """The report reads the API counts the run recorded when it ran, not the kernel tree, which
    may be gone (another machine, a tree moved); a run stored before they were recorded says so."""
    recorded = catalogue_run.manifest["kernel"]["api"]
    tree = Path(catalogue_run.manifest["kernel"]["source"])
    counted = kernel_facts.api_names(platforms.find_kernel("freertos"), tree)
    assert recorded == {category: len(names) for category, names in counted.items()}
    gone = copy.deepcopy(catalogue_run.manifest)
    gone["kernel"]["source"] = str(tmp_path / "removed-tree")
    rows = _kernel_rows(htmlreport.render([Run(gone, catalogue_run.results)], ["A"], plotly="cdn"))
    assert rows["API: total"] == [str(sum(recorded.values()))] and int(rows["API: total"][0]) > 100
    assert rows["API: message"] == [str(recorded["message"])] and rows["notes"] == []
    del gone["kernel"]["api"]
    older = _kernel_rows(htmlreport.render([Run(gone, catalogue_run.results)], ["A"], plotly="cdn"))
    assert older["API: total"] == ["-"] and "API: message" not in older
    assert older["notes"] == ["freertos: the run recorded no API counts: rtbench kernels --os freertos counts them"]


OTHER_CPUS = {"cv32e40p", "minerva", "hazard3"}  # the soft-core's CPUs besides its own VexRiscv


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else [] if value is None else [value]


def test_published_studies_fit_a_laptop_screen(tmp_path: Path) -> None:
    """The eleven whole-catalogue reference runs of the RTOS kernels (every target's own core, three
    kernels, the default profile, no timing model; the soft-core's other CPUs, CV32E40P, Minerva
    and Hazard3, aside) in one report: each study table's columns, the study's included, fit a
    1200 px wide window without scrolling sideways."""
    if browser.chromium() is None:
        pytest.fail("chromium is missing: run scripts/setup.sh")
    cells = [value for axis in matrix.read(reference_cells.matrix_path()).axes for value in axis.values]
    whole = [value.label for value in cells if not {"bench", "profile", "cycles_model"} & set(value.settings)
             and value.settings["kernel"] in ("freertos", "ucos2", "threadx")
             and not OTHER_CPUS & {str(v).split(":")[0] for v in _listed(value.settings.get("cpu_variant"))}]
    assert len(whole) == 11, whole
    runs = []
    for name in whole:
        runs.append(tmp_path / f"{name}.json")
        runs[-1].write_text(json.dumps(reference_runs.load(name)))
    page = tmp_path / "studies.html"
    proc = rtbench(tmp_path, "report", *map(str, runs), "--html", str(page))
    assert proc.returncode == 0, proc.stderr
    errors, widths = browser.widths(page, tmp_path, 1200)
    assert errors == []
    tables = {name: size for name, size in widths.items() if name.startswith("study-table-")}
    assert len(runs) >= 3 and len(tables) >= 4, sorted(tables)  # Ugurel's three views and Pereira's
    for name, (scroll, client) in tables.items():
        assert 0 < client <= 1200 and scroll <= client, (name, scroll, client)


class _Cdn:
    """A local HTTPS server standing in for the CDN (Chromium sends the CDN's host to it): it
    serves `body` at every path, with the CORS header a crossorigin script needs."""

    def __init__(self, folder: Path) -> None:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        "/CN=localhost", "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
                       check=True, capture_output=True, timeout=60)
        self.body, self.paths = b"", []
        cdn = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                cdn.paths.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "application/javascript")
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Content-Length", str(len(cdn.body)))
                self.end_headers()
                self.wfile.write(cdn.body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def flags(self) -> tuple[str, ...]:
        host = urllib.parse.urlparse(plotly_js.CDN_URL).hostname
        return (f"--host-resolver-rules=MAP {host} 127.0.0.1:{self.server.server_address[1]}",
                "--ignore-certificate-errors")


def test_a_cdn_page_draws_with_the_pinned_file_and_only_with_it(tmp_path: Path) -> None:
    """--plotly cdn: the page draws its figures with plotly.js from the CDN's address (here a local
    server), and a browser refuses a file that is not the one pinned by its hash: the page then
    says why its figures are missing."""
    if browser.chromium() is None:
        pytest.fail("chromium is missing: run scripts/setup.sh")
    run = tmp_path / "run.json"
    run.write_text(json.dumps(reference_runs.load("qemu-m3-freertos")))
    page = tmp_path / "cdn.html"
    proc = rtbench(tmp_path, "report", str(run), "--html", str(page), "--plotly", "cdn")
    assert proc.returncode == 0, proc.stderr
    figures = page.read_text(encoding="utf-8").count('class="plotly-graph-div"')
    assert figures >= 3 and page.stat().st_size < 1_000_000
    cdn = _Cdn(tmp_path)
    try:
        cdn.body = plotly.offline.get_plotlyjs().encode("utf-8")  # the installed plotly's own file
        dom, errors = browser.load(page, tmp_path, cdn.flags())
        assert errors == [] and dom.count('class="plot-container plotly"') == figures
        assert re.search(f'<p id="{plotly_js.MISSING_ID}"[^>]* hidden', dom)
        version = plotly.offline.get_plotlyjs_version()
        assert cdn.paths == [f"/npm/plotly.js-dist-min@{version}/plotly.min.js"]
        cdn.body = cdn.body.replace(f"v{version}".encode(), b"v0.0.0", 1)  # one changed byte: not the file pinned
        dom, errors = browser.load(page, tmp_path, cdn.flags())
        assert len(cdn.paths) == 2 and 'class="plot-container plotly"' not in dom
        assert re.search(f'<p id="{plotly_js.MISSING_ID}" class="fair">', dom)  # shown
        assert errors and all("Plotly is not defined" in e for e in errors)
    finally:
        cdn.server.shutdown()


def test_footprint_command_splits_kernel_benchmarks_and_rest(workspace: Workspace, catalogue_run: Run,
                                                             debug_run: Run, tmp_path: Path) -> None:
    # The session's workspace: both images are already built there and are reused.
    out = tmp_path / "footprint.json"
    proc = rtbench(workspace.root, "footprint", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    # Every profile of FreeRTOS and of the kernels whose trees are given (UCOS2_PATH, THREADX_PATH,
    # ASP3_PATH, MTKERNEL_PATH) that run on qemu-m3.
    images = {(i["kernel"], i["profile"]) for i in data["images"]}
    given = {"freertos"} | {name for name in ("ucos2", "threadx", "asp3", "mtkernel")
                            if doctor.part("kernel", name).ready}
    target = platforms.find_target("qemu-m3")
    assert images == {(kernel.name, profile) for kernel in platforms.kernels()
                      if kernel.name in given and kernel.runs_on(target) for profile in kernel.profiles
                      if kernel.profile_runs_on(profile, target)}
    assert {("freertos", "default"), ("freertos", "debug"), ("freertos", "tick1k")} <= images
    default = next(i for i in data["images"] if i["kernel"] == "freertos" and i["profile"] == "default")
    parts = default["parts"]
    measured = {(r.params["part"], r.params["section"]): r.raw_samples[0]
                for r in catalogue_run.results if r.bench == "footprint"}
    assert parts["kernel"]["text"] + parts["kernel"]["rodata"] == measured[("kernel", "text")]
    assert parts["image"]["text"] + parts["image"]["rodata"] == measured[("image", "text")]
    assert parts["image"]["bss"] == measured[("image", "bss")]
    for kind in ("text", "rodata", "data", "bss"):
        assert sum(parts[p][kind] for p in ("kernel", "port", "benchmarks", "rest")) == parts["image"][kind]
    assert parts["benchmarks"]["rodata"] > 0 and parts["kernel"]["text"] > 1000
    assert re.search(r"^freertos\s+V\S+\s+debug\s+kernel", proc.stdout, re.MULTILINE), proc.stdout


def test_the_browser_probe_reports_script_errors(tmp_path: Path) -> None:
    # The check above is only worth something if a broken page fails it.
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><html><head><script>no_such_function();</script></head><body>x</body></html>")
    _, errors = browser.load(page, tmp_path)
    assert len(errors) == 1 and "no_such_function" in errors[0]


def test_published_studies_are_compared_as_ratios(catalogue_run: Run) -> None:
    from rtbench.analysis.published import study_views

    about, views = study_views([catalogue_run], ["A"])
    assert "shapes and ratios" in about
    ugurel, ugurel_windows, ugurel_absolute, pereira, weiss, peters, anh_tan = views
    # Two studies give no figures to compare (a draft without results; charts only): said, not drawn.
    for view, study in ((peters, "peters2013"), (anh_tan, "anh_tan")):
        assert view.study["id"] == study and view.shape == "none" and not view.rows and not view.comparable
        assert view.explanation.startswith("Not compared: ")
    assert ugurel.study["unit"].startswith("count per 10 ms") and ugurel.comparable
    row = next(r for r in ugurel.rows if r[0] == "task_preempt")
    by_name = {s.name: dict(s.points) for s in ugurel.series}
    medians = {r.bench: sorted(r.samples())[(len(r.samples()) + 1) // 2 - 1] for r in catalogue_run.results
               if not r.params and r.status == "ok"}
    assert by_name["A"]["task_preempt"] == pytest.approx(medians["task_preempt"] / medians["sem_take"])
    # The study counts operations: FreeRTOS did 156 takes but 30 preemptions per 10 ms -> 5.2x the cost.
    assert by_name["study freertos"]["task_preempt"] == pytest.approx(156 / 30)
    assert row[-1] == "30 (5.20)" and by_name["study xilkernel"]["task_preempt"] is None
    # Table 9.1 as measured: counts per tick window beside the study's, the load rows included.
    assert ugurel_windows.study is ugurel.study and ugurel_windows.shape == "window"
    counts = {(r.bench, tuple(sorted(r.params.items()))): sorted(r.samples())[(len(r.samples()) + 1) // 2 - 1]
              for r in catalogue_run.results if r.bench.startswith(("window_", "uart_irq_serve"))}
    rows = {r[0]: r for r in ugurel_windows.rows}
    take = counts[("window_sem_take", ())]
    for n in (5, 10, 15):
        load = counts[("window_preempt", (("tasks", n),))]
        assert rows[f"task_preempt_load_{n}"][2] == f"{load:g} ({load / take:.2f})"
    ucos2 = {"task_preempt_load_15": 50, "uart_irq_serving": 54}
    for criterion, count in ucos2.items():
        assert rows[criterion][4] == f"{count} ({count / 302:.2f})"  # the study's uC/OS-II column
    assert rows["uart_irq_serving"][1] == "uart_irq_serve[semaphore=0]"
    assert ugurel_windows.comparable
    # Init time and footprint stand beside the study's in their own units, not as ratios.
    assert ugurel_absolute.shape == "absolute" and [row[0] for row in ugurel_absolute.rows] == [
        "init_time_ms", "footprint_text_bytes"]
    boot = next(r for r in catalogue_run.results if r.bench == "boot_time")
    assert ugurel_absolute.rows[0][2] == f"{median(boot.samples()):.0f} {boot.unit}"
    # Table I maps to two scenarios (blocked tasks between the pair, or ready ones below it): a panel each.
    assert {s.group for s in pereira.series} == {"switch_context: sched_decision_prio",
                                                 "switch_context: sched_decision_blocked", "tick_increment"}
    # qemu-m3 has no caches, vexriscv-sim has: the study's tables come without rtbench's gains,
    # and the note says they come from a vexriscv-sim run's CPU variants.
    assert weiss.shape == "cache_gain" and not weiss.comparable
    assert "vexriscv-sim run" in weiss.explanation and not any(row[0] == "A" for row in weiss.rows)


def test_kernels_profiles_each_port_with_its_footprints(workspace: Workspace, catalogue_run: Run) -> None:
    proc = rtbench(workspace.root, "kernels", "--os", "freertos", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    rows = {row["property"]: row["freertos"] for row in json.loads(proc.stdout)["rows"]}
    assert rows["version"] == catalogue_run.manifest["kernel"]["version"]
    # The port's description agrees with what the image reports about itself.
    pi = next(r for r in catalogue_run.results if r.bench == "mutex_pi")
    assert any(rows["mutex protocol"] in note for note in pi.notes)
    assert rows["API: total"] > 100
    one_task = rows["kernel text, one task (qemu-m3, bytes)"]
    catalogue = rows["kernel text, catalogue (qemu-m3, bytes)"]
    assert 1000 < one_task < catalogue
    measured = {(r.params["part"], r.params["section"]): r.raw_samples[0]
                for r in catalogue_run.results if r.bench == "footprint"}
    assert catalogue == measured[("kernel", "text")]
