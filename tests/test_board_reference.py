# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The stand-in board's published figures (docs/reference/boards/, scripts/board_reference.py):
the board run is stored whole and portable, its calibration is made of the stored runs' own
medians (the board run's, and the reference cell qemu-m4f-freertos's, which its twin measured
again), and the board page renders it. `scripts/board_reference.py --check` measures them again."""
from __future__ import annotations

import gzip
from pathlib import Path

from rtbench.reports import published_calibrations, published_tables
from rtbench.reports import reference_runs as ref

REPO = Path(__file__).resolve().parent.parent
RUN = "boards/qemu-netduinoplus2-freertos"
CALIBRATION = "boards/calibration-qemu-netduinoplus2-freertos"


def _medians(doc: dict) -> dict[str, float]:
    return {ref.label(row): float(row["p50"]) for row in doc["results"] if row["status"] == "ok"}


def test_the_board_run_is_stored_whole_and_portable() -> None:
    doc = ref.load(RUN)
    manifest = doc["manifest"]
    assert manifest["target"] == "board" and manifest["emulator"]["board"].startswith("QEMU netduinoplus2")
    assert not str(manifest["rtbench"]["commit"]).endswith("-dirty")
    assert manifest["image"]["elf"].startswith("<workspace>/")
    ok = [r for r in doc["results"] if r["status"] == "ok"]
    assert len(ok) > 100 and all(len(r["samples"]) == r["n"] > 0 for r in ok)
    text = gzip.decompress(ref.path_of(RUN).read_bytes()).decode()
    assert str(Path.home()) + "/" not in text and str(REPO) not in text and "/dev/pts/" in text


def test_the_calibration_is_made_of_the_stored_runs_medians() -> None:
    document = published_calibrations.load(CALIBRATION)
    board, emulator = (ref.load(column["reference"]) for column in document["columns"])
    assert [c["reference"] for c in document["columns"]] == [RUN, "qemu-m4f-freertos"]
    on_board, on_emulator = _medians(board), _medians(emulator)
    rows = [row for row in document["rows"] if row["status"] == "ok"]
    assert len(rows) > 80
    for row in rows:
        assert row["medians"] == {"board": on_board[row["label"]], "emulator": on_emulator[row["label"]]}, row
        assert row["ratio"] == row["medians"]["board"] / row["medians"]["emulator"]
    assert document["columns"][0]["image_sha256"] == board["manifest"]["image"]["sha256"]
    assert document["summary"]["benchmarks"] == len(rows) and 0.9 < document["summary"]["median"] < 1.1
    # Portable as the runs are: the board file by its place in the checkout, no machine's path.
    assert document["columns"][0]["settings"]["board_file"] == board["manifest"]["emulator"]["board_file"]
    assert document["columns"][0]["settings"]["board_file"].startswith("<rtbench>/")


def test_the_board_page_shows_the_calibration() -> None:
    page = (REPO / "docs" / "guides" / "boards.md").read_text()
    assert f"<!-- rtbench:calibration {CALIBRATION} -->" in page
    shown = published_tables.replace_markers(page)
    assert "QEMU netduinoplus2 (STM32F405, stand-in board) against qemu-m4f:" in shown
    assert "| `task_switch` |" in shown and "rtbench:calibration" not in shown
    # a value of a stored board run (a reference name with a folder) renders in a sentence
    board_task_switch = _medians(ref.load(RUN))["task_switch"]
    assert f"(`task_switch`'s medians, {board_task_switch:g} against" in shown and "rtbench:value" not in shown
