# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Bad input and misbehaving guests give clear errors, and nothing measured before is lost."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rtbench.acquire import sources
from rtbench.acquire.build import Build, build_image
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.acquire.protocol import StreamParser
from rtbench.errors import RtbenchError
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.store import Store
from tests.conftest import DORMANT_BENCHES, FPU_LABELS, run_catalogue


def by_bench(run: Run) -> dict[str, str]:
    return {r.bench: r.status for r in run.results}


def test_guest_fault_is_decoded_and_earlier_results_are_kept(workspace: Workspace, built_image: Build) -> None:
    run = run_catalogue(workspace, bench="task_switch,sem_take,queue_*", options={"inject": "fault:queue_send"})
    status = by_bench(run)
    assert status["task_switch"] == "ok" and status["sem_take"] == "ok"
    faulted = next(r for r in run.results if r.bench == "queue_send")
    assert faulted.status == "error"
    assert "guest fault" in faulted.reason and "UNDEFINSTR" in faulted.reason
    assert "catalogue.c" in faulted.reason  # the trap's source line, from addr2line
    later = [r for r in run.results if r.bench in ("queue_recv", "queue_wake")]
    assert [r.status for r in later] == ["error", "error"]
    assert all(r.reason.startswith("not run") for r in later)


def test_hung_guest_is_stopped_and_named(workspace: Workspace, built_image: Build) -> None:
    run = run_catalogue(workspace, bench="sem_give,mutex_*", options={"inject": "hang:mutex_lock"}, silence=3.0)
    status = by_bench(run)
    assert status["sem_give"] == "ok"
    hung = next(r for r in run.results if r.bench == "mutex_lock")
    assert hung.status == "error" and "hung" in hung.reason
    assert run.manifest["run"]["exit_status"] is None  # rtbench stopped the emulator


def test_results_before_a_failure_are_stored(workspace: Workspace, built_image: Build) -> None:
    run = run_catalogue(workspace, bench="sem_give,queue_send", options={"inject": "fault:queue_send"})
    with Store(workspace.root / "check.sqlite") as store:
        loaded = store.load(store.save(run))
    assert by_bench(loaded) == {"sem_give": "ok", "queue_send": "error"}
    assert loaded.results[0].raw_samples == run.results[0].raw_samples


def real_log(run: Run) -> list[str]:
    return Path(run.manifest["run"]["console_log"]).read_text().splitlines(keepends=True)


def test_truncated_real_stream_keeps_finished_benchmarks(catalogue_run: Run) -> None:
    lines = real_log(catalogue_run)
    cut = next(i for i, line in enumerate(lines) if " BEGIN bench=queue_wake " in line) + 3
    parser = StreamParser()
    for line in lines[:cut]:
        parser.feed(line)
    capture = parser.finish("the guest exited with status 3")
    status = {r.bench: r.status for r in capture.results}
    assert status["queue_recv"] == "ok" and status["task_switch"] == "ok"
    broken = next(r for r in capture.results if r.bench == "queue_wake")
    assert broken.status == "error" and "status 3" in broken.reason


def test_corrupted_real_stream_marks_only_the_damaged_benchmark(catalogue_run: Run) -> None:
    lines = real_log(catalogue_run)
    begin = next(i for i, line in enumerate(lines) if " BEGIN bench=sem_give " in line)
    damaged = lines[begin + 2].replace(" 6", " 7", 1) if " 6" in lines[begin + 2] else lines[begin + 2][:-12] + "\n"
    lines[begin + 2] = damaged
    parser = StreamParser()
    for line in lines:
        parser.feed(line)
    capture = parser.finish()
    status = {r.label(): r.status for r in capture.results}
    assert status.pop("sem_give") == "error"
    for label in (*FPU_LABELS, *DORMANT_BENCHES):  # qemu-m3 has no FPU, FreeRTOS no dormant task
        assert status.pop(label) == "unsupported"
    assert set(status.values()) == {"ok"}


def test_missing_toolchain_says_what_to_install(workspace: Workspace, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = find_kernel("freertos")
    source = sources.locate(kernel)
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no tools on it
    with pytest.raises(RtbenchError) as err:
        build_image(find_target("qemu-m3"), kernel, "default", source, workspace)
    assert "arm-none-eabi-gcc" in str(err.value) and "gcc-arm-none-eabi" in str(err.value)


def test_wrong_kernel_tree_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RtbenchError, match="not a freertos source tree"):
        sources.locate(find_kernel("freertos"), tmp_path)


def test_unknown_profile_is_refused(workspace: Workspace) -> None:
    kernel = find_kernel("freertos")
    with pytest.raises(RtbenchError, match="no profile 'turbo'"):
        build_image(find_target("qemu-m3"), kernel, "turbo", sources.locate(kernel), workspace)


def test_broken_target_description_is_reported(tmp_path: Path, repo_dir: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    firmware = tmp_path / "firmware"
    shutil.copytree(repo_dir / "firmware", firmware)
    (firmware / "targets" / "qemu-m3" / "target.toml").write_text("name = [unclosed\n")
    monkeypatch.setenv("RTBENCH_FIRMWARE", str(firmware))
    with pytest.raises(RtbenchError, match="not valid TOML"):
        find_target("qemu-m3")
