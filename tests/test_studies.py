# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The study registry (rtbench/studies/<id>/study.toml) and `rtbench study`: a study is one folder,
its tables render from the stored reference runs, --check finds a stored figure its samples do
not give, --measure plans the study's reference cells."""
from __future__ import annotations

import gzip
import json
import statistics
import subprocess
from pathlib import Path

import pytest

from rtbench.analysis import studies
from rtbench.cli import main
from rtbench.reports import reference_runs as ref
from tests.sixth_study import study_toml

STUDY = study_toml(
    'order = 9\ntitle = "A sixth study (a test\'s own)"\nplatform = "a test bench"\nunit = "count per window"\n',
    tail='\n[[reference]]\nshape = "ratio"\ntitle = "The sixth study on qemu-m3"\n'
         'runs = [{ run = "qemu-m3-freertos", name = "FreeRTOS" }]\n')


@pytest.fixture
def sixth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding one study folder, `sixth`, named by RTBENCH_STUDIES and nowhere else."""
    (tmp_path / "sixth").mkdir()
    (tmp_path / "sixth" / "study.toml").write_text(STUDY)
    monkeypatch.setenv(studies.ENV, str(tmp_path))
    return tmp_path


def _median(cell: str, bench: str) -> float:
    row = next(r for r in ref.load(cell)["results"] if ref.label(r) == bench)
    return float(statistics.median(row["samples"]))


def test_the_five_studies_are_folders_with_their_figures_and_runs() -> None:
    known = studies.all_studies()
    assert list(known) == ["ugurel2012", "pereira_codesign", "weiss_emulation", "peters2013", "anh_tan"]
    for study in known.values():
        assert study.folder == studies.STUDIES_DIR / study.id and study.facts["rows"], study.id
        assert (Path(__file__).resolve().parents[1] / "docs" / study.page).is_file(), study.page
        assert all(ref.path_of(cell).is_file() for cell in study.cells()), study.id
    assert known["weiss_emulation"].shapes, "the cache view comes from its view_module"


def test_a_sixth_study_is_one_folder(sixth: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert list(studies.all_studies())[-1] == "sixth"
    assert studies.get("sixth").cells() == ["qemu-m3-freertos"]
    assert main(["study", "sixth"]) == 0
    out = capsys.readouterr().out
    ratio = _median("qemu-m3-freertos", "sem_give") / _median("qemu-m3-freertos", "sem_take")
    row = next(line for line in out.splitlines() if line.startswith("| sem_give |"))
    # rtbench's ratio from the stored run, then the study's: a count of 50 is twice the cost of 100.
    assert [c.strip() for c in row.strip("|").split("|")][2:] == [f"{ratio:.2f}", "50 (2.00)"]
    assert "**The sixth study on qemu-m3**" in out and "transcribed in" in out
    assert main(["study", "sixth", "--check"]) == 0
    assert "1 stored reference run(s)" in capsys.readouterr().out


def test_check_finds_a_stored_figure_its_samples_do_not_give(sixth: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    doc = ref.load("qemu-m3-freertos")
    row = next(r for r in doc["results"] if ref.label(r) == "sem_give")
    row["p50"] += 1
    (runs / "qemu-m3-freertos.json.gz").write_bytes(gzip.compress(json.dumps(doc).encode()))
    assert main(["study", "sixth", "--check", "--runs", str(runs)]) == 1
    assert f"qemu-m3-freertos: sem_give: stored {row['p50']}" in capsys.readouterr().out


def test_an_unknown_study_names_the_one_meant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "ugurel"]) == 2
    err = capsys.readouterr().err
    assert "no published study 'ugurel'" in err and "did you mean ugurel2012?" in err
    assert main(["study", "weiss_emulation", "--dry-run"]) == 2  # --dry-run only with --measure


def test_measure_plans_the_studys_reference_cells(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "pereira_codesign", "--measure", "--dry-run"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert sorted(listed) == sorted(studies.get("pereira_codesign").cells()) and len(listed) == 4


def test_bash_completes_the_study_ids(tmp_path: Path) -> None:
    from rtbench.cli import completion, parser

    assert list(completion.positional_values()["STUDY"].names) == list(studies.all_studies())
    script = tmp_path / "rtbench.bash"
    script.write_text(completion.script(parser(), "bash"))
    probe = (f"source {script}; COMP_WORDS=(rtbench study pe); COMP_CWORD=2; _rtbench; echo \"${{COMPREPLY[*]}}\"; "
             "COMP_WORDS=(rtbench run pe); COMP_CWORD=2; _rtbench; echo \"${COMPREPLY[*]}\"")
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines() == ["pereira_codesign peters2013", ""], out.stderr  # only where a STUDY goes
