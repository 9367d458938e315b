# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Fairness lint rules: data-driven matching of manifest differences."""
from __future__ import annotations

from rtbench.results.fairness import Rule, differences, flatten, lint_text, load_rules


def _manifest(**config: str) -> dict:
    return {"kernel": {"name": "FreeRTOS", "version": "V11.2.0", "config": {"tick_hz": "100", **config}},
            "compiler": {"opt_flags": "-O2", "flags": {"kernel": ["-mthumb", "-O2", "-Wall", "-DX=1"]}},
            "emulator": {"timing": "-icount shift=7"}, "run": {"console_log": "a.log", "seconds": 1.0}}


def test_flatten() -> None:
    assert flatten({"a": {"b": 1, "c": {"d": [1]}}, "e": None}) == {"a.b": 1, "a.c.d": [1], "e": None}


def test_alike_runs_have_no_differences() -> None:
    assert differences([_manifest(), _manifest()]) == []
    assert lint_text([], ["A", "B"]) == ""


def test_specific_rule_wins_and_unknown_config_is_still_flagged() -> None:
    diffs = differences([_manifest(asserts="0"), _manifest(asserts="1", new_knob="on")])
    labels = {d.path: d.label for d in diffs}
    assert labels == {"kernel.config.asserts": "asserts", "kernel.config.new_knob": "kernel configuration"}
    new_knob = next(d for d in diffs if d.path == "kernel.config.new_knob")
    assert new_knob.values == ("(not recorded)", "on")


def test_run_bookkeeping_is_not_a_bias() -> None:
    other = _manifest()
    other["run"] = {"console_log": "b.log", "seconds": 2.0}
    assert differences([_manifest(), other]) == []


def test_kernel_version_only_matters_for_the_same_kernel() -> None:
    older = _manifest()
    older["kernel"]["version"] = "V10.6.2"
    assert [d.label for d in differences([_manifest(), older])] == ["kernel version"]
    zephyr = _manifest()
    zephyr["kernel"].update(name="Zephyr", version="4.1.0")
    assert differences([_manifest(), zephyr]) == []


def test_list_flags_show_only_the_differing_items_and_ignore_warnings_and_defines() -> None:
    other = _manifest()
    other["compiler"]["opt_flags"] = "-O0"
    other["compiler"]["flags"]["kernel"] = ["-mthumb", "-O0", "-Wextra", "-DX=2"]
    diffs = differences([_manifest(), other])
    assert [(d.label, d.values) for d in diffs] == [("optimisation flags", ("-O2", "-O0")),
                                                    ("code-generation flags", ("-O2", "-O0"))]


def test_emulator_timing_mode() -> None:
    other = _manifest()
    other["emulator"]["timing"] = "wall clock"
    (diff,) = differences([_manifest(), other])
    assert diff.label == "emulator timing mode"
    assert "timing mode" in lint_text([diff], ["A", "B"]) and "A: -icount shift=7" in lint_text([diff], ["A", "B"])


def test_rules_come_from_the_data_file() -> None:
    rules = load_rules()
    assert any(r.path == "kernel.config.tick_hz" for r in rules)
    custom = [Rule(path="kernel.config.*", label="cfg", why="w")]
    assert [d.label for d in differences([_manifest(), _manifest(tick_hz="1000")], custom)] == ["cfg"]


def test_section_flags_are_named_apart_from_other_code_generation_flags() -> None:
    with_sections, without = _manifest(), _manifest()
    with_sections["compiler"]["flags"]["kernel"] = ["-mthumb", "-O2", "-ffunction-sections", "-fdata-sections"]
    without["compiler"]["flags"]["kernel"] = ["-mthumb", "-O2", "-ffunction-sections", "-fno-data-sections"]
    (diff,) = differences([with_sections, without])
    assert (diff.label, diff.path, diff.values) == ("section flags", "compiler.flags.kernel",
                                                    ("-fdata-sections", "-fno-data-sections"))
    assert "section anchors" in diff.why
    # Another code-generation flag differing as well: each rule names its own items.
    without["compiler"]["flags"]["kernel"].append("-fno-inline")
    assert [(d.label, d.values) for d in differences([with_sections, without])] == [
        ("section flags", ("-fdata-sections", "-fno-data-sections")),
        ("code-generation flags", ("(none)", "-fno-inline"))]


def test_a_layer_one_run_did_not_record_is_named_once() -> None:
    older = _manifest()
    del older["compiler"]["flags"]
    assert [(d.label, d.values) for d in differences([_manifest(), older])] == [
        ("code-generation flags", ("(none)", "(not recorded)"))]
