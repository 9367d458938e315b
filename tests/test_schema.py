# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The versioned JSON documents: what rtbench writes matches the published schemas, and what it
reads back is checked, every bad value a clear exit-2 error through the real command line."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from rtbench.acquire.footprint_images import Footprint
from rtbench.analysis.footprint_table import to_json
from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale
from rtbench.reports.report import run_to_json
from rtbench.results import compare, schema
from rtbench.results.runsource import run_from_json

REPO = Path(__file__).resolve().parent.parent
SCALE = Scale("instructions", 5, 16)


def published(kind: str) -> Draft202012Validator:
    name, _, version = kind.partition("/")
    document = json.loads((REPO / "docs" / "schema" / f"{name}-{version}.schema.json").read_text())
    Draft202012Validator.check_schema(document)
    return Draft202012Validator(document)


def sample_run(run_id: int | None = 4, shift: int = 0) -> Run:
    return Run(
        manifest={"target": "qemu-m3", "os": "freertos", "profile": "default", "kernel": {"name": "FreeRTOS"},
                  "clock_hz": None, "warnings": [], "footprint": {"kernel": {"text": 6336, "bss": 17212}}},
        results=[
            Result("task_switch", {}, "instructions", "ok", raw_samples=[192 + 16 * (i % 3) + shift for i in range(30)],
                   overhead_raw=3, scale=SCALE, iterations=30),
            Result("tick_cost", {"tasks": 5}, "instructions", "ok", notes=["tick"], raw_samples=[1120, 1136] * 5,
                   overhead_raw=3, scale=SCALE),
            Result("mutex_pi", {}, "instructions", "fail", reason="owner was not boosted", scale=SCALE),
            Result("tick", {"cpu_variant": "lite"}, "cycles", "unsupported", reason="no tick hook"),
        ],
        run_id=run_id)


def write(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document))
    return path


def rtbench(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RTBENCH_")}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(cwd / "home"), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, env=env)


# --- what rtbench writes ------------------------------------------------------------------------

def test_run_document_carries_its_schema_and_matches_it() -> None:
    document = run_to_json(sample_run())
    assert next(iter(document)) == "schema" and document["schema"] == schema.RUN == "rtbench-run/1"
    published(schema.RUN).validate(json.loads(json.dumps(document)))
    # The schema is not a formality: a wrong type anywhere fails it.
    document["results"][0]["samples"][3] = 1.5
    assert not published(schema.RUN).is_valid(document)


def test_comparison_document_carries_its_schema_and_matches_it() -> None:
    comparison = compare.compare_runs([sample_run(1), sample_run(2, shift=16)], ["A", "B"], resamples=50)
    document = json.loads(json.dumps(compare.to_json(comparison)))
    assert document["schema"] == schema.COMPARE == "rtbench-compare/1"
    published(schema.COMPARE).validate(document)
    assert document["rows"][0]["versus_first"][0]["median"]["significant"] is True
    document["rows"][0]["runs"][0]["status"] = "great"
    assert not published(schema.COMPARE).is_valid(document)


def test_footprint_document_carries_its_schema_and_matches_it() -> None:
    footprint = Footprint("freertos", "default", "V11.2.0",
                          {"kernel": {"text": 6336, "rodata": 0, "data": 8, "bss": 17212, "noinit": 0},
                           "bench": {"text": 5000, "rodata": 3347, "data": 0, "bss": 0, "noinit": 1344}})
    document = json.loads(json.dumps(to_json([footprint], "qemu-m3", "-O2")))
    assert document["schema"] == schema.FOOTPRINT
    published(schema.FOOTPRINT).validate(document)


def test_every_published_schema_is_installed_with_the_package() -> None:
    from rtbench.paths import schema_dir

    for kind in (schema.RUN, schema.COMPARE, schema.FOOTPRINT, schema.BISECT):
        assert schema.schema_file(kind).parent == schema_dir()
        assert json.loads(schema.schema_file(kind).read_text())["properties"]["schema"]["const"] == kind


# --- reading back ------------------------------------------------------------------------------

def test_a_written_run_reads_back_exactly(tmp_path: Path) -> None:
    run = sample_run()
    back = run_from_json(write(tmp_path / "run.json", run_to_json(run)))
    assert back.run_id == 4 and back.manifest == run.manifest
    assert [(r.bench, r.params, r.status, r.samples()) for r in back.results] == \
        [(r.bench, r.params, r.status, r.samples()) for r in run.results]


def test_a_document_of_an_older_rtbench_without_schema_is_accepted_and_checked(tmp_path: Path) -> None:
    document = run_to_json(sample_run())
    del document["schema"]
    assert len(run_from_json(write(tmp_path / "old.json", document)).results) == 4
    del document["results"][1]["unit"]
    with pytest.raises(RtbenchError, match=r"old.json: results\[1\] \(tick_cost\): the field 'unit' is missing"):
        run_from_json(write(tmp_path / "old.json", document))


def test_integral_floats_are_samples(tmp_path: Path) -> None:
    document = run_to_json(sample_run())
    document["results"][0]["samples"] = [float(s) for s in document["results"][0]["samples"]]
    run = run_from_json(write(tmp_path / "floats.json", document))
    assert run.results[0].samples()[:2] == [59, 64] and all(type(s) is int for s in run.results[0].samples())


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(schema="rtbench-run/2"),
     "is a run in schema rtbench-run/2, and this rtbench reads rtbench-run/1 (it was written by a newer rtbench)"),
    (lambda d: d.update(schema="rtbench-compare/1"), "is a comparison (rtbench-compare/1), not a run"),
    (lambda d: d.update(schema=1), "schema: 1 is an integer, expected a string"),
    (lambda d: d["results"][2].update(status="great"),
     'results[2] (mutex_pi): status: "great" is not one of "ok", "fail", "unsupported", "error"'),
    (lambda d: d["results"][1]["params"].update(tasks=[5]),
     "results[1] (tick_cost): params.tasks: [5] is an array, expected a string, an integer, a number or a boolean"),
    (lambda d: d["results"][0].pop("samples"), "results[0] (task_switch): the field 'samples' is missing"),
    (lambda d: d["results"][1]["histogram"]["counts"].__setitem__(0, -2),
     "results[1] (tick_cost): histogram.counts[0]: -2 is below the minimum 0"),
    (lambda d: d["manifest"].update(kernel="FreeRTOS"), 'manifest.kernel: "FreeRTOS" is a string, expected an object'),
    (lambda d: d["manifest"].update(clock_hz="fast"),
     'manifest.clock_hz: "fast" is a string, expected a number or null'),
    (lambda d: d.update(results={}), "results: {} is an object, expected an array"),
    (lambda d: d.update(run_id="4"), 'run_id: "4" is a string, expected an integer or null'),
])
def test_a_malformed_run_names_the_field(tmp_path: Path, change, message: str) -> None:
    document = json.loads(json.dumps(run_to_json(sample_run())))
    change(document)
    with pytest.raises(RtbenchError) as caught:
        run_from_json(write(tmp_path / "bad.json", document))
    assert str(caught.value).startswith(str(tmp_path / "bad.json"))
    assert message in str(caught.value)


def test_not_an_object_and_not_json(tmp_path: Path) -> None:
    with pytest.raises(RtbenchError, match="the document is an array, expected a run"):
        run_from_json(write(tmp_path / "list.json", [1, 2]))
    (tmp_path / "cut.json").write_text(json.dumps(run_to_json(sample_run()))[:300])
    with pytest.raises(RtbenchError, match=r"cut\.json is not valid JSON"):
        run_from_json(tmp_path / "cut.json")
    with pytest.raises(RtbenchError, match=r"cannot read .*missing\.json"):
        run_from_json(tmp_path / "missing.json")


# --- bad numbers through the real command line: exit 2, a clear message, never a traceback ------

BAD_SAMPLES = {
    "1e30": "1e+30 does not fit a signed 64-bit integer",
    "Infinity": "Infinity is not a finite number",
    "NaN": "NaN is not a finite number",
    "-1e400": "-1e400 is not a finite number",
    "1.5": "1.5 is a number with a fraction, expected an integer",
    "true": "true is a boolean, expected an integer",
    '"12"': '"12" is a string, expected an integer',
    str(2**64): f"{2**64} does not fit a signed 64-bit integer",
}
# Through every command as separate processes: one of each kind (too large, not finite, not an
# integer); every value's message is checked in-process below.
CLI_SAMPLES = ["1e30", "Infinity", "1.5"]
# Where the bad file goes (a check's candidate is read like compare's runs).
COMMANDS = {
    "report": lambda bad, good: ["report", bad],
    "compare": lambda bad, good: ["compare", good, bad],
    "check --baseline": lambda bad, good: ["check", good, "--baseline", bad],
}
PLACEHOLDER = "987654321"  # the second sample of the second result; no other number matches it


@pytest.fixture(scope="module")
def cli_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], subprocess.CompletedProcess]:
    """Every bad value through every command, as separate rtbench processes run side by side."""
    root = tmp_path_factory.mktemp("json")
    document = run_to_json(sample_run())
    good = write(root / "good.json", document)
    document["results"][1]["samples"][1] = int(PLACEHOLDER)
    text = json.dumps(document, indent=1)
    assert text.count(PLACEHOLDER) == 1
    jobs = {}
    for value in CLI_SAMPLES:
        bad = root / f"bad-{list(BAD_SAMPLES).index(value)}.json"
        bad.write_text(text.replace(PLACEHOLDER, value))
        for command, args in COMMANDS.items():
            jobs[value, command] = args(str(bad), str(good))
    with ThreadPoolExecutor(max_workers=8) as pool:
        procs = dict(zip(jobs, pool.map(lambda args: rtbench(root, *args), jobs.values())))
    procs["good", "all"] = subprocess.CompletedProcess([], 0 if all(
        rtbench(root, *args(str(good), str(good))).returncode == 0 for args in COMMANDS.values()) else 1)
    assert not (root / "home").exists()  # reading JSON never makes a workspace
    return {key: proc for key, proc in procs.items()}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("value", CLI_SAMPLES)
def test_bad_sample_is_exit_2_naming_file_and_result(cli_outcomes, value: str, command: str) -> None:
    proc = cli_outcomes[value, command]
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    bad = next(arg for arg in proc.args if arg.endswith(f"bad-{list(BAD_SAMPLES).index(value)}.json"))
    assert f"rtbench: error: {bad}: results[1] (tick_cost): samples[1]: {BAD_SAMPLES[value]}" in proc.stderr


def test_the_good_file_passes_every_command(cli_outcomes) -> None:
    assert cli_outcomes["good", "all"].returncode == 0


@pytest.mark.parametrize(("value", "message"), [
    *BAD_SAMPLES.items(),
    ("-Infinity", "-Infinity is not a finite number"),
    ("null", "null is null, expected an integer"),
    (str(-(2**63) - 1), f"{-(2**63) - 1} does not fit a signed 64-bit integer"),
    ("1" * 5000, "is not valid JSON"),  # beyond Python's digit limit: still a clear error
])
def test_more_bad_samples(tmp_path: Path, value: str, message: str) -> None:
    document = run_to_json(sample_run())
    document["results"][1]["samples"][1] = int(PLACEHOLDER)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document).replace(PLACEHOLDER, value))
    with pytest.raises(RtbenchError, match=re.escape(message)):
        run_from_json(path)
