# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Cortex-M timing model's host side: choosing a model, the plugin's log, every sample in
model cycles (its pairing with the instants the plugin logged), the unit in JSON and tables.
The plugin itself runs in tests/integration/test_cycle_model.py."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rtbench.acquire import cycle_model, model_samples, platforms
from rtbench.acquire.model_samples import ModelLog
from rtbench.errors import RtbenchError
from rtbench.model import ModelCycles, Result, Run, Scale
from rtbench.reports.report import results_table, run_to_json
from rtbench.results import schema
from rtbench.results.model_cycles import model_run
from rtbench.results.runsource import run_from_document

UNIT = "cycles (model: cortex-m3, 0 wait states)"
PLUGIN_SOURCES = Path(cycle_model.__file__).resolve().parent.parent / "data" / "qemu_plugin"


def test_a_target_models_its_own_core_by_default_and_takes_wait_states() -> None:
    m3, m0 = platforms.find_target("qemu-m3"), platforms.find_target("qemu-m0")
    assert cycle_model.parse("", m3) == cycle_model.CycleModel("cortex-m3", 0)
    assert cycle_model.parse(None, m0).core == "cortex-m0"
    assert cycle_model.parse("cortex-m0plus,ws=1", m0) == cycle_model.CycleModel("cortex-m0plus", 1)
    assert cycle_model.parse("ws=2", m3).unit == "cycles (model: cortex-m3, 2 wait states)"
    assert cycle_model.CycleModel("cortex-m4", 1).unit == "cycles (model: cortex-m4, 1 wait state)"


@pytest.mark.parametrize(("spec", "target", "message"), [
    ("", "qemu-m7", "qemu-m7 has no Cortex-M timing model"),
    ("cortex-m4", "qemu-m3", "qemu-m3 does not run cortex-m4's instruction set"),
    ("cortex-m7", "qemu-m3", "no model of the core 'cortex-m7'"),
    ("cortex-m3,wait=2", "qemu-m3", "'wait=2' is not a parameter of the model"),
    ("cortex-m3,ws=16", "qemu-m3", "16 wait states is more than the model takes"),
])
def test_a_model_the_target_cannot_run_is_refused_with_what_it_can(spec: str, target: str, message: str) -> None:
    with pytest.raises(RtbenchError, match=re.escape(message)):
        cycle_model.parse(spec, platforms.find_target(target))


def test_every_core_prices_every_class_the_decoder_knows() -> None:
    names = re.search(r"rtb_kind_names\[RTB_K_COUNT\] = \{(.*?)\};",
                      (PLUGIN_SOURCES / "rtb_thumb_decode.c").read_text(), re.DOTALL)
    assert names is not None
    kinds = re.findall(r'"(\w+)"', names.group(1))
    for core, spec in cycle_model.table()["cores"].items():
        assert list(spec["cost"]) == kinds, core
        assert set(spec["taken"]) <= set(kinds), core


def _log(reads: list[tuple[int, int]], stores: list[int], begins: list[int], entries: tuple[tuple[int, int], ...] = (),
         total: int = 10_000) -> ModelLog:
    instants = sorted([(i, c, False) for i, c in reads] + [(i, c, True) for i, c in entries])
    return ModelLog(instants=[i for i, _, _ in instants], cycles=[c for _, c, _ in instants],
                    entry=[e for _, _, e in instants], stores=stores, begins=begins,
                    totals={"instructions": total, "cycles": 2 * total})


def _calibration(start: int = 10) -> list[tuple[int, int]]:
    """31 back-to-back pairs, 2 instructions and 3 model cycles apart."""
    return [(start + 10 * k + d, 100 + 20 * k + 3 * d // 2) for k in range(31) for d in (0, 2)]


def _result(samples: list[int], overhead: int = 2, bench: str = "sem_give") -> Result:
    return Result(bench=bench, params={}, unit="instructions", status="ok", raw_samples=samples, overhead_raw=overhead,
                  scale=Scale("instructions"))


def test_each_sample_takes_the_model_cycles_between_its_reads_less_the_read_overhead() -> None:
    reads = [*_calibration(), (1000, 5000), (1052, 5129), (1100, 5200), (1152, 5330)]
    log = _log(reads, stores=[1060, 1160], begins=[900])
    result = _result([52, 52])
    model_samples.attach([result], log, UNIT, "instructions")
    # overhead: 3 model cycles; samples: 129 - 3 and 130 - 3
    assert result.model == ModelCycles(UNIT, [126, 127])


def test_a_sample_timed_from_an_interrupt_starts_at_the_entry() -> None:
    reads = [*_calibration(), (1002, 5013)]
    log = _log(reads, stores=[1010], begins=[900], entries=((1000, 5000),))
    result = _result([2], overhead=0, bench="irq_latency")
    model_samples.attach([result], log, UNIT, "instructions")
    assert result.model == ModelCycles(UNIT, [13])


def test_an_interrupt_that_waited_finds_its_fire_instant_before_the_entry() -> None:
    reads = [*_calibration(), (1010, 5030)]
    log = _log(reads, stores=[1020], begins=[900], entries=((1005, 5010),))
    log.waits = {1000: 4990, 1001: 4992}
    result = _result([10], overhead=0, bench="irq_latency")
    model_samples.attach([result], log, UNIT, "instructions")
    assert result.model == ModelCycles(UNIT, [40])


def test_a_later_read_that_no_entry_leads_to_is_not_the_interrupts_end() -> None:
    """uC/OS-II's irq_latency on qemu-m3: the handler reads at 1002 (its entry at 1000), a task
    reads again at 1080 before the sample is stored, and a later waiting entry logged the cycles
    of every instant before it, 1078 among them: the sample still ends at the handler's read."""
    reads = [*_calibration(), (1002, 5013), (1080, 5200)]
    log = _log(reads, stores=[1100], begins=[900], entries=((1000, 5000),))
    log.waits = {1078: 5199, 1079: 5200}
    result = _result([2], overhead=0, bench="irq_latency")
    model_samples.attach([result], log, UNIT, "instructions")
    assert result.model == ModelCycles(UNIT, [13])


def test_spans_captured_before_they_are_sampled_pair_with_their_captures_after_the_warm_up() -> None:
    reads = [*_calibration(), (1000, 5000), (1031, 5073), (2000, 7000), (2031, 7075), (3000, 9000), (3031, 9077)]
    log = _log(reads, stores=[4000, 4001], begins=[900])
    log.captures = [1040, 2040, 3040]
    result = _result([31, 31], overhead=0, bench="tick_cost")
    result.warmup = 1
    model_samples.attach([result], log, UNIT, "instructions")
    assert result.model == ModelCycles(UNIT, [75, 77])


def test_a_sample_no_pair_of_instants_explains_leaves_the_result_without_model_cycles_and_says_why() -> None:
    log = _log([*_calibration(), (1000, 5000), (1052, 5129)], stores=[1060], begins=[900])
    result = _result([47])
    model_samples.attach([result], log, UNIT, "instructions")
    assert result.model is not None and result.model.samples == []
    assert result.model.reason.startswith("sample 1: no two instants the model saw lie 47 instructions apart")


def test_results_and_benchmark_starts_that_do_not_pair_leave_every_result_without_model_cycles() -> None:
    log = _log(_calibration(), stores=[], begins=[900, 950])
    results = [_result([52]), _result([60])]
    results.append(Result(bench="tm_basic", params={}, unit="operations", status="ok", raw_samples=[7]))
    model_samples.attach(results, log, UNIT, "instructions")
    assert all(r.model is not None and "saw 2 benchmark runs start, the stream 3" in r.model.reason for r in results)


def test_counting_results_get_no_model_and_other_statuses_say_so() -> None:
    log = _log(_calibration(), stores=[], begins=[900, 950])
    counting = Result(bench="tm_basic", params={}, unit="operations", status="ok", raw_samples=[7])
    failed = Result(bench="mutex_pi", params={}, unit="instructions", status="fail")
    model_samples.attach([counting, failed], log, UNIT, "instructions")
    assert counting.model is None and failed.model == ModelCycles(UNIT, [], "the result is fail")


def test_the_log_reads_every_record_and_needs_its_end(tmp_path: Path) -> None:
    log = tmp_path / "model.log"
    log.write_text("R 12 30\nX 20 40 8364\nS 25\nC 26\nB 27\nW 5 100 1 2 3\nE 30 70 1 1 0\n")
    found = model_samples.read_log(log)
    assert (found.instants, found.cycles, found.entry) == ([12, 20], [30, 40], [False, True])
    assert (found.stores, found.captures, found.begins) == ([25], [26], [27])
    assert found.waits == {5: 100, 6: 101, 7: 103, 8: 106}
    assert found.totals == {"instructions": 30, "cycles": 70, "entries": 1, "returns": 1, "tailchains": 0}
    log.write_text("R 12 30\n")
    with pytest.raises(RtbenchError, match="has no end"):
        model_samples.read_log(log)


def _modelled_run() -> Run:
    timed = Result(bench="task_switch", params={}, unit="instructions", status="ok", raw_samples=[52, 52, 53],
                   scale=Scale("instructions"), model=ModelCycles(UNIT, [129, 129, 131]))
    untimed = Result(bench="boot_time", params={}, unit="instructions", status="ok", raw_samples=[24651],
                     scale=Scale("instructions"), model=ModelCycles(UNIT, reason="a sum of spans"))
    return Run(manifest={"target": "qemu-m3", "cycle_model": {"unit": UNIT, "version": 1}}, results=[untimed, timed])


def test_model_cycles_survive_the_run_document_and_its_schema() -> None:
    document = run_to_json(_modelled_run())
    schema.validate(document, schema.RUN, "test")
    row = document["results"][1]["model_cycles"]
    assert (row["unit"], row["n"], row["p50"], row["samples"]) == (UNIT, 3, 129, [129, 129, 131])
    assert document["results"][0]["model_cycles"] == {"unit": UNIT, "n": 0, "reason": "a sum of spans"}
    back = run_from_document(document)
    assert [r.model for r in back.results] == [r.model for r in _modelled_run().results]


def test_a_table_shows_model_cycles_in_a_row_of_their_own() -> None:
    lines = results_table(_modelled_run().results).splitlines()
    rows = [line.split() for line in lines if line.startswith(("boot_time", "task_switch"))]
    assert [row[:4] for row in rows] == [["boot_time", "-", "instructions", "1"], ["boot_time", "-", "model", "cycles"],
                                         ["task_switch", "-", "instructions", "3"],
                                         ["task_switch", "-", "model", "cycles"]]
    assert rows[1][-2:] == ["no", "model"] and rows[3][4] == "3" and "129" in rows[3]
    assert any("model: a sum of spans" in line for line in lines)


def test_in_model_cycles_a_run_keeps_the_results_that_have_them_in_their_unit() -> None:
    modelled = model_run(_modelled_run())
    assert [(r.bench, r.unit, r.status, r.samples()) for r in modelled.results] == [
        ("boot_time", UNIT, "error", []), ("task_switch", UNIT, "ok", [129, 129, 131])]
    assert modelled.manifest["unit"] == UNIT
