# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench study ID` beside runs of one's own (--run), its figures ([[figure]]: the Weiss
study's clock sweep, from its stored reference run, as text and on a page), its campaigns
(--measure --campaign, planned here; measured in tests/integration/test_study_campaign.py), and
the mistakes refused with exit status 2. Everything here reads the stored reference runs."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rtbench.analysis import clock_sweep, published, studies
from rtbench.cli import main
from rtbench.reports import published_studies
from rtbench.reports import reference_runs as ref
from rtbench.results.runsource import load_run, run_from_document, run_name
from rtbench.results.stats import median
from rtbench.results.store import Store
from tests.sixth_study import campaign_toml, study_toml

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "reference"
SOFT_CORE = [str(REFERENCE / f"vexriscv-sim-caches-{kernel}.json.gz") for kernel in ("freertos", "ucos2")]

SIXTH = study_toml(
    'order = 9\ntitle = "A sixth study with a figure and a campaign"\nunit = "count per window"\n'
    'campaigns = ["sixth-short"]\n', ("sem_take",),
    tail='\n[[reference]]\nshape = "ratio"\nruns = [{ run = "qemu-m3-freertos", name = "FreeRTOS" }]\n\n'
         '[[figure]]\nshape = "clock_sweep"\ntitle = "The sixth study\'s sweep"\nrun = "vexriscv-sim-caches-ucos2"\n'
         'clocks = "10MHz:20MHz"\ndeadline = "1ms"\n')

CAMPAIGN = campaign_toml("sixth-short")


@pytest.fixture
def sixth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A study folder of one's own (RTBENCH_STUDIES) holding its study.toml and its campaign."""
    folder = tmp_path / "studies" / "sixth"
    folder.mkdir(parents=True)
    (folder / "study.toml").write_text(SIXTH)
    (folder / "sixth-short.toml").write_text(CAMPAIGN)
    monkeypatch.setenv(studies.ENV, str(folder.parent))
    return folder


def _cache_view(runs: list, names: list[str]) -> published.StudyView:
    (view,) = [v for v in published.study_views(runs, names)[1] if v.study["id"] == "weiss_emulation"]
    return view


def _worst(document: dict, variant: str) -> int:
    """The worst chain of the busiest reaction_chain on one CPU variant of a stored run."""
    return max(max(r["samples"]) for r in document["results"] if r["bench"] == "reaction_chain"
               and r["params"].get("cpu_variant") == variant and r["params"].get("tasks") == 8)


def test_the_study_beside_run_files_gives_the_cache_gain_table(capsys: pytest.CaptureFixture[str]) -> None:
    """What `cache --study RUN,RUN` gave: the study's Tables 1 and 2 beside the runs' gains."""
    assert main(["study", "weiss_emulation", "--run", ",".join(SOFT_CORE)]) == 0
    out = capsys.readouterr().out
    runs = [load_run(spec, Path("unused")) for spec in SOFT_CORE]
    names = [run_name(run, spec) for run, spec in zip(runs, SOFT_CORE)]
    assert published_studies.view_text(_cache_view(runs, names)) in out
    # The gain a row shows is the one the run's samples give: the lite variant's task switch.
    by_variant = {r.params["cpu_variant"]: median(r.samples()) for r in runs[0].results if r.bench == "task_preempt"}
    row = next(line for line in out.splitlines() if line.startswith(names[0]) and "lite:" in line)
    assert f"{100 * (by_variant['minimal'] / by_variant['lite'] - 1):+.0f} %" in row.split("I only")[1]
    # And the study's Figure 6 from each of them.
    assert out.count("Figure 6: the reaction chain's used / available time against the clock") == 2
    assert "vexriscv-sim / FreeRTOS" in out and "vexriscv-sim / uC/OS-II" in out


def test_run_alone_takes_the_latest_run_of_each_kernel_on_the_studys_target(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store(tmp_path / "results.sqlite") as store:
        for cell in ("vexriscv-sim-caches-freertos-work18", "vexriscv-sim-caches-freertos",
                     "vexriscv-sim-caches-ucos2", "qemu-m3-freertos"):
            store.save(run_from_document(ref.load(cell)))
        latest = [store.load(2), store.load(3)]  # not the older FreeRTOS run, nor the one on qemu-m3
    assert main(["--home", str(tmp_path), "study", "weiss_emulation", "--run"]) == 0
    out = capsys.readouterr().out
    assert published_studies.view_text(_cache_view(latest, [run_name(run) for run in latest])) in out
    assert "run 1 " not in out and "run 4 " not in out
    # --target says whose: the qemu-m3 run has no CPU variants and no chain to sweep.
    assert main(["--home", str(tmp_path), "study", "weiss_emulation", "--run", "--target", "qemu-m3"]) == 0
    out = capsys.readouterr().out
    assert "None of the study's criteria shown" in out and "not drawn for run 4 " in out


def test_the_studys_figure_is_drawn_from_its_stored_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "figure.html"
    assert main(["study", "weiss_emulation", "--html", str(page), "--plotly", "cdn"]) == 0
    out = capsys.readouterr().out
    document = ref.load("vexriscv-sim-caches-freertos")
    lines = out[out.index("Figure 6"):].splitlines()
    minimal = next(line for line in lines if line.startswith("minimal "))
    worst = _worst(document, "minimal")
    assert str(worst) in minimal.split() and f"{worst / 220e-6 / 1e6:.1f} MHz" in minimal  # the study's 220 us
    clocks = [int(m.group(1)) for line in lines if (m := re.match(r"\s*(\d+) MHz ", line))]
    assert clocks == list(range(25, 81, 5))  # the study's range
    text = page.read_text()
    assert "Figure 6" in text and "minimal worst" in text and "standard median" in text


def test_a_figure_is_data_a_sixth_study_sweeps_its_own_range(sixth: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "sixth"]) == 0
    out = capsys.readouterr().out
    lines = out[out.index("The sixth study's sweep"):].splitlines()
    assert "vexriscv-sim-caches-ucos2: vexriscv-sim / uC/OS-II" in lines[1]
    assert next(line for line in lines if line.startswith("10 MHz")) and not any(line.startswith("25 MHz")
                                                                                for line in lines)
    run = run_from_document(ref.load("vexriscv-sim-caches-ucos2"))
    rows = clock_sweep.sweep(run, "reaction_chain[tasks=8]", 1e-3, [10e6, 20e6])
    assert f"{rows[0].worst / (1e-3 * 20e6):.2f}" in next(line for line in lines if line.startswith("20 MHz"))
    assert main(["study", "sixth", "--check"]) == 0  # the figure renders too


def test_measure_lists_a_campaigns_cells(sixth: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "sixth", "--measure", "--campaign", "sixth-short", "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "campaign sixth-short: 1 cell(s), benchmarks sem_take,sem_give, 20 iterations"
    assert out[1].split() == ["freertos", "qemu-m3", "freertos", "default"]


BROKEN_FIGURE = SIXTH.replace('shape = "clock_sweep"', 'shape = "pie"')


@pytest.mark.parametrize("argv,match", [
    (["study", "weiss_emulation", "--run", "missing.json"], "cannot read missing.json"),
    (["study", "pereira_codesign", "--measure", "--campaign", "x"], "study 'pereira_codesign' names no campaigns"),
    (["study", "weiss_emulation", "--measure", "--campaign", "emulation"],
     "study 'weiss_emulation' has no campaign 'emulation'"),
    (["study", "pereira_codesign", "--html", "page.html"], "study 'pereira_codesign' has no figure to draw"),
    (["study", "weiss_emulation", "--campaign", "emulation-study"], "--campaign names what --measure runs"),
    (["study", "weiss_emulation", "--run", "3", "--target", "qemu-m3"], "--target says whose latest runs"),
    (["study", "weiss_emulation", "--run"], "no runs stored yet"),
    (["cache", "--study", "3,4"], "hint: rtbench study weiss_emulation --run 3,4"),
])
def test_study_mistakes_exit_2_with_a_hint(tmp_path: Path, argv: list[str], match: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--home", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert match in err and "Traceback" not in err


def test_a_figure_of_an_unknown_shape_names_its_file(sixth: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (sixth / "study.toml").write_text(BROKEN_FIGURE)
    studies._registry.cache_clear()
    assert main(["study", "sixth"]) == 2
    err = capsys.readouterr().err
    assert f"{sixth / 'study.toml'}: [[figure]]: shape 'pie' is none of clock_sweep" in err
