# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Split medians (rtbench/results/split.py): the definition at its edges, the stored reference
runs' known splits, and every place a median is shown never showing a split one bare."""
from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any

import pytest

from rtbench.model import Result, Run, Scale, result_label
from rtbench.reports import published_tables as published
from rtbench.reports import reference_runs as ref
from rtbench.reports.report import run_to_json, runs_table
from rtbench.reports.run_text import run_markdown, run_text
from rtbench.reports.tables import split_medians
from rtbench.results import check, compare, schema, tables
from rtbench.results.runsource import run_from_document
from rtbench.results.split import Split, median_range, median_split, row_split, share_text
from rtbench.results.stats import median

# The issue's two cases: VexRiscv `standard`'s task_switch (413, the upper of 384/413) and
# CV32E40P's (published as 560, 578 on the Wishbone bus with another selection of benchmarks;
# 185, 192 since its cells run from zero-wait RAM).
STANDARD = ("vexriscv-sim-variants-freertos", "task_switch[cpu_variant=standard]")
CV32E40P = ("vexriscv-sim-cv32e40p-freertos", "task_switch")
# Two groups with strays between them, the median one of the strays.
STRAYS = ("qemu-m4f-ucos2-family", "irq_latency")


def _stored(cell: str, label: str) -> dict[str, Any]:
    return next(row for row in ref.load(cell)["results"] if ref.label(row) == label)


def _result(samples: list[int], bench: str = "task_switch") -> Result:
    return Result(bench, {}, "cycles", "ok", raw_samples=samples, scale=Scale("cycles"))


# -- the definition ------------------------------------------------------------------------------

def test_two_values_half_and_half_are_split_and_one_sample_flips_them() -> None:
    split = median_split([560] * 50 + [578] * 50)
    assert split == Split(560, 578, 50, 50, 1)
    assert split.text() == "560 | 578 (50 %)" and median([560] * 50 + [578] * 50) == 560
    # One sample across: the median is the upper value, and the split says so by its share.
    moved = median_split([560] * 49 + [578] * 51)
    assert moved is not None and moved.text() == "560 | 578 (51 %)" and moved.flip == 1


def test_the_groups_may_lie_as_far_as_five_percent_from_half() -> None:
    # n = 100: m = 5 samples may move. 45 / 55 flips with 5; 44 / 56 needs 6 and is not split.
    split = median_split([100] * 45 + [200] * 55)
    assert split == Split(100, 200, 45, 55, 5)
    assert median_split([100] * 44 + [200] * 56) is None
    # The nearest-rank median of an even count is the lower middle value: from the lower group's
    # side the fifth sample to cross flips it at 54 / 46, not at 55 / 45.
    assert median_split([100] * 54 + [200] * 46) == Split(100, 200, 54, 46, 5)
    assert median_split([100] * 55 + [200] * 45) is None


def test_a_jump_must_matter() -> None:
    # At least 1 % of the median: 1009 against 1000 is not a split, 1010 is.
    assert median_split([1000] * 50 + [1009] * 50) is None
    assert median_split([1000] * 50 + [1010] * 50) == Split(1000, 1010, 50, 50, 1)
    # More than one count, however small the values: a one-count wobble is the counter's resolution.
    assert median_split([5] * 50 + [6] * 50) is None
    assert median_split([5] * 50 + [7] * 50) == Split(5, 7, 50, 50, 1)
    # Signed values: measured against the median's magnitude.
    assert median_split([-30] * 50 + [-10] * 50) == Split(-30, -10, 50, 50, 1)


def test_a_slide_is_not_a_split() -> None:
    # Evenly spread samples: a 5 % shift moves the median by 10 %, but step by step.
    assert median_split(list(range(100, 200))) is None
    assert median_range(list(range(100, 200))) == (144, 154)


def test_strays_between_the_groups_still_split_it() -> None:
    samples = [2] * 48 + [7, 10, 12] + [17] * 49
    split = median_split(samples)
    assert split is not None and (split.low, split.high) == (2, 17) and median(samples) == 10


def test_fewer_than_twenty_samples_are_never_split() -> None:
    assert median_split([1] * 10 + [100] * 9) is None
    assert median_split([1] * 10 + [100] * 10) == Split(1, 100, 10, 10, 1)
    assert median_split([]) is None and median_range([7] * 19) is None


def test_the_verdict_is_the_samples_not_their_order() -> None:
    samples = [384] * 49 + [413] * 51
    shuffled = samples[:]
    random.Random(4).shuffle(shuffled)
    assert median_split(shuffled) == median_split(samples)


def test_shares_never_round_to_half_unless_half() -> None:
    assert share_text(Fraction(1, 2)) == "50 %" and share_text(Fraction(51, 100)) == "51 %"
    assert share_text(Fraction(503, 1000)) == "50.3 %" and share_text(Fraction(497, 1000)) == "49.7 %"


def test_a_documents_record_gives_the_split_back() -> None:
    split = Split(384, 413, 49, 51, 1)
    record = split.record()
    assert record == {"modes": [384, 413], "counts": [49, 51], "shares": [0.49, 0.51], "flip": 1}
    assert Split.from_record(record) == split
    assert row_split({"status": "ok", "median_split": record}) == split
    assert row_split({"status": "fail", "median_split": record}) is None


# -- the stored reference runs -------------------------------------------------------------------

def test_the_issues_cases_are_found_in_the_stored_runs() -> None:
    standard = median_split(_stored(*STANDARD)["samples"])
    assert standard is not None and standard.text() == "384 | 413 (51 %)" and standard.flip == 1
    assert _stored(*STANDARD)["p50"] == 413  # the upper group holds more than half
    cv32e40p = median_split(_stored(*CV32E40P)["samples"])
    assert cv32e40p is not None and cv32e40p.text() == "185 | 192 (50 %)" and _stored(*CV32E40P)["p50"] == 185
    strays = median_split(_stored(*STRAYS)["samples"])
    assert strays is not None and (strays.low, strays.high) == (2, 17)
    assert strays.low < _stored(*STRAYS)["p50"] < strays.high


def test_a_stored_run_gets_its_split_from_its_samples() -> None:
    row = _stored(*STANDARD)
    assert row["median_split"] == median_split(row["samples"]).record()  # type: ignore[union-attr]
    assert "median_split" not in _stored("qemu-m3-freertos", "task_switch")


def test_the_count_view_agrees_with_the_definition() -> None:
    counts = split_medians.count()
    every = [line for found in counts.values() for line in found.split]
    assert f"`{STANDARD[0]}` `{STANDARD[1]}`: 384 \\| 413 (51 %)" in every
    assert f"`{CV32E40P[0]}` `{CV32E40P[1]}`: 185 \\| 192 (50 %)" in every
    assert {"qemu-m3", "vexriscv-sim"} <= set(counts)
    cell = ref.load(CV32E40P[0])
    in_cell = [row for row in cell["results"] if row["status"] == "ok" and median_split(row["samples"])]
    assert len([line for line in every if line.startswith(f"`{CV32E40P[0]}` ")]) == len(in_cell) > 1
    lines = split_medians.table(counts)
    assert lines[-1].startswith("| **all** |") and f"| {len(every)} |" in lines[-1]


# -- where a median is shown ---------------------------------------------------------------------

def test_the_run_table_shows_a_split_median_with_both_values() -> None:
    run = Run({"target": "vexriscv-sim"}, [_result([560] * 50 + [578] * 50), _result([888] * 100, "task_preempt")])
    text = run_text(run)
    switch, preempt = (line for line in text.splitlines() if line.startswith(("task_switch", "task_preempt")))
    assert "  560 | 578 (50 %)  " in switch
    assert "|" not in preempt and preempt.split()[4:6] == ["888", "888"]
    assert text.splitlines()[-1].startswith("split: a median shown as a | b (s %) is split")
    assert "\\|" in run_markdown(run).split("\n")[-1]
    # A run without one says nothing of splits.
    assert "split:" not in run_text(Run({}, [_result([888] * 100)]))


def test_csv_and_json_keep_p50_and_add_the_split() -> None:
    run = Run({}, [_result([384] * 49 + [413] * 51), _result([888] * 100, "task_preempt")])
    csv_text = tables.render(runs_table([("a", run)]), "csv")
    header, switch, preempt = csv_text.splitlines()
    assert header.endswith("median_split.low,median_split.high,median_split.low_share,median_split.high_share,"
                           "median_split.flip,note")
    assert ",413," in switch and switch.endswith(",ok,384,413,0.49,0.51,1,")
    assert preempt.endswith(",ok,,,,,,")
    data = tables.as_json.to_data(runs_table([("a", run)]))
    assert data["rows"][0]["p50"] == 413 and data["rows"][0]["median_split"]["high_share"] == 0.51
    assert data["rows"][1]["median_split"] is None
    document = run_to_json(run)
    schema.validate(document, schema.RUN, "test")
    assert document["results"][0]["median_split"] == {"modes": [384, 413], "counts": [49, 51],
                                                      "shares": [0.49, 0.51], "flip": 1}
    assert "median_split" not in document["results"][1]


def test_a_document_without_splits_stays_valid() -> None:
    doc = copy.deepcopy(ref.load(CV32E40P[0]))
    for row in doc["results"]:
        row.pop("median_split", None)
    schema.validate(doc, schema.RUN, "an older run")
    bad = copy.deepcopy(ref.load(CV32E40P[0]))
    next(r for r in bad["results"] if r.get("median_split"))["median_split"]["flip"] = 0
    with pytest.raises(Exception, match="flip"):
        schema.validate(bad, schema.RUN, "bad")


# -- compare and check ---------------------------------------------------------------------------

def _flipped(cell: str, label: str) -> tuple[Run, Run]:
    """The stored run, and a copy in which the fewest samples that flip its median crossed."""
    doc = ref.load(cell)
    edited = copy.deepcopy(doc)
    row = next(r for r in edited["results"] if ref.label(r) == label)
    split = median_split(row["samples"])
    assert split is not None
    below = 2 * split.high_count <= split.n  # the median is the lower value: move samples up
    ordered = sorted(row["samples"])
    edge_low, edge_high = ordered[split.low_count - 1], ordered[split.low_count]
    moved = 0
    for i, value in enumerate(row["samples"]):
        if moved < split.flip and (value <= edge_low if below else value >= edge_high):
            row["samples"][i] = edge_high if below else edge_low
            moved += 1
    assert median(row["samples"]) != median(_stored(cell, label)["samples"])
    return run_from_document(doc), run_from_document(edited)


@pytest.mark.parametrize("case", [STANDARD, CV32E40P])
def test_a_flipped_median_is_no_regression(case: tuple[str, str]) -> None:
    base, cand = _flipped(*case)
    verdicts = {v.label: v for v in check.judge(base, cand, 0.0, metric="median")}
    verdict = verdicts[case[1]]
    assert verdict.outcome == "pass", verdict.message
    assert "split median (baseline " in verdict.message and "judged lower" in verdict.message
    assert check.passed(list(verdicts.values()))
    # The mean still sees the sample that moved.
    assert {v.label: v.outcome for v in check.judge(base, cand, 0.0)}[case[1]] in ("regressed", "improved")


def test_a_split_median_regresses_when_both_values_rise() -> None:
    base = Run({}, [_result([384] * 49 + [413] * 51)])
    assert check.judge(base, Run({}, [_result([390] * 50 + [419] * 50)]), 0.0, "median")[0].outcome == "regressed"
    assert check.judge(base, Run({}, [_result([440] * 100)]), 0.0, "median")[0].outcome == "regressed"
    # Between the two values: neither both above nor both below.
    assert check.judge(base, Run({}, [_result([400] * 100)]), 0.0, "median")[0].outcome == "pass"
    assert check.judge(base, Run({}, [_result([380] * 100)]), 0.0, "median")[0].outcome == "improved"
    # An unsplit baseline whose candidate splits: the candidate's lower value did not rise.
    unsplit = Run({}, [_result([384] * 100)])
    assert check.judge(unsplit, base, 0.0, "median")[0].outcome == "pass"


@pytest.mark.parametrize("case", [STANDARD, CV32E40P])
def test_compare_shows_both_values_and_a_flip_is_not_significant(case: tuple[str, str]) -> None:
    base, cand = _flipped(*case)
    comparison = compare.compare_runs([base, cand], ["a", "b"], resamples=400)
    row = next(r for r in comparison.rows if result_label(r.bench, r.params) == case[1])
    assert not row.significant
    table = compare.comparison_table(comparison)
    shown = next(r for r in table.rows
                 if table.record(r)["benchmark"] == row.bench and table.record(r)["params"] == row.params)
    assert " | " in shown.cells[3].text and " | " in shown.cells[5].text
    document = compare.to_json(comparison)
    schema.validate(document, schema.COMPARE, "compare")
    runs = next(r["runs"] for r in document["rows"] if r["bench"] == row.bench and r["params"] == row.params)
    assert runs[0]["median_split"]["modes"] == runs[1]["median_split"]["modes"]


# -- the published tables and figures ------------------------------------------------------------

def test_every_published_figure_that_is_not_split_is_as_before() -> None:
    """Each cell of each published table: a median that is not split is the bare number it always
    was; a split one shows both values; other statistics are never marked."""
    seen = {"split": 0, "plain": 0}
    for name, spec in published.definitions().items():
        model = published.table(name)
        key = published.STATISTICS[spec.statistic]
        runs = [{ref.label(r): r for r in ref.load(column.run)["results"]} for column in spec.columns]
        for label, row in zip(spec.rows, model.rows):
            for column, by_label, cell in zip(spec.columns, runs, row.cells[2:]):
                stored = by_label.get(label)
                if stored is None or stored["status"] != "ok":
                    continue
                split = median_split(stored["samples"]) if key == "p50" else None
                value = stored[key]
                plain = str(int(value)) if isinstance(value, float) and value.is_integer() else \
                    f"{value:.1f}" if isinstance(value, float) else str(value)
                assert cell.text == (split.text(published._number) if split else plain), (name, label, column.run)
                seen["split" if split else "plain"] += 1
    assert seen["split"] > 10 and seen["plain"] > 1000


def test_a_quoted_split_figure_shows_both_values_escaped() -> None:
    assert published.value(*STANDARD) == "384 \\| 413 (51 %)"
    assert published.value(*STANDARD, statistic="max") == str(_stored(*STANDARD)["max"])  # only the median
    assert published.value("qemu-m3-freertos", "task_switch") == str(_stored("qemu-m3-freertos", "task_switch")["p50"])
    assert ref.figure(_stored(*CV32E40P)) == "185 | 192 (50 %)"


def test_a_table_with_a_split_median_says_how_to_read_it() -> None:
    with_split = [n for n in published.definitions() if "a | b (s %)" in published.caption(n).replace("\\|", "|")]
    assert with_split and "kernels-qemu-m3" in with_split
    for name in with_split:
        assert " \\| " in published.render(name)
    without = [n for n in published.definitions() if n not in with_split]
    assert without and all(" \\| " not in published.render(n) for n in without)
