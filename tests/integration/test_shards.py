# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench run --shards N` for real: qemu-m3 (FreeRTOS) and vexriscv-sim selections run sharded
and unsharded; every sample is the same but where docs/guides/speed.md says what ran before a
benchmark can move it (each difference must have one of its causes, and the test names any that
has none). A shard killed or hung, and a sharded run stopped by SIGINT, keep the others' results;
host targets refuse --shards."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.analysis import shard_differences
from rtbench.campaign import shard_runs
from rtbench.errors import RtbenchError
from rtbench.model import Run
from rtbench.paths import Workspace
from tests.conftest import TEST_ITERATIONS, TEST_WARMUP, options_read_by

REPO = Path(__file__).resolve().parents[2]
# Plain, instrumented and services images, ticks and interrupts, options read while measuring.
QEMU_SELECTION = ("boot_time,task_switch,task_preempt,sem_take,sem_signal_wake,queue_wake,pool_alloc,pool_free,"
                  "mutex_pi,irq_latency,irq_task_wake,reaction_chain,tick_cost,delay_block,sched_decision,"
                  "window_preempt,task_yield_alone,mutex_create,flag_set,timer_start_stop,timer_delete,heap_free")
SIM_SELECTION = "boot_time,task_switch,task_preempt,sem_signal_wake,irq_task_wake,tick_cost,delay_block,heap_free"
SHORT = {"ticks": "10", "delays": "10", "windows": "2", "window_ms": "20"}


def _quiet(_message: str) -> None:
    pass


def _request(target: str, bench: str, **extra: Any) -> RunRequest:
    settings: dict[str, Any] = {"iterations": TEST_ITERATIONS, "warmup": TEST_WARMUP, "silence": 60.0,
                                "timeout": 600.0, "options": options_read_by(bench, SHORT), **extra}
    return RunRequest(target=target, bench=bench, **settings)


def _sharded(request: RunRequest, workspace: Workspace, shards: int) -> Run:
    return shard_runs.run_sharded(request, shard_runs.plan(request, shards), workspace, _quiet)


def _check_document(unsharded: Run, sharded: Run, shards: int) -> None:
    """One run of every result, in the unsharded run's order; the manifest lists the shards."""
    assert [r.label() for r in sharded.results] == [r.label() for r in unsharded.results]
    record = sharded.manifest["shards"]
    assert record["count"] == shards and len(record["shards"]) == shards
    names = [name for shard in record["shards"] for name in shard["benches"]]
    assert names == unsharded.manifest["run"]["benches"] == sharded.manifest["run"]["benches"]
    assert all(shard["status"] == "ok" for shard in record["shards"])
    plain = {shard["images"].get("plain") for shard in record["shards"]} - {None}
    assert plain == {unsharded.manifest["image"]["sha256"]}  # every shard ran the same image


def test_qemu_m3_sharded_samples_match_but_where_position_moves_them(workspace: Workspace) -> None:
    request = _request("qemu-m3", QEMU_SELECTION)
    unsharded = execute(request, workspace, _quiet)
    sharded = _sharded(request, workspace, 3)
    _check_document(unsharded, sharded, 3)
    found = shard_differences.compare(unsharded, sharded)
    assert found.unexplained == [], f"differ for no reason the guide gives: {found.unexplained}"
    first = set(sharded.manifest["shards"]["shards"][0]["benches"])
    later = [label for label in found.same if label.split("[")[0] not in first]
    assert len(found.same) >= len(unsharded.results) // 2 and later  # not only the first shard's
    assert found.explained  # this selection crosses a digit of the sequence numbers in a later shard
    assert not shard_differences.divides_in_software(unsharded)


def test_vexriscv_sim_sharded_samples_match_but_where_position_moves_them(workspace: Workspace) -> None:
    request = _request("vexriscv-sim", SIM_SELECTION, variants=["minimal"])
    unsharded = execute(request, workspace, _quiet)
    sharded = _sharded(request, workspace, 2)
    _check_document(unsharded, sharded, 2)
    # RV32I divides in software: every sequence number, not only its digits, takes its own time.
    assert shard_differences.divides_in_software(unsharded)
    found = shard_differences.compare(unsharded, sharded)
    assert found.unexplained == [], f"differ for no reason the guide gives: {found.unexplained}"
    second = set(sharded.manifest["shards"]["shards"][1]["benches"])
    assert [label for label in found.same if label.split("[")[0] in second]  # not only the first shard's


def _cli(home: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "rtbench", "--home", str(home), "run", *args], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _shard_processes(parent: int, job: str = "") -> list[int]:
    """The shards' processes (rtbench.campaign.child) started by `parent`; with `job`, only the
    one whose job file is named so (shard-2.json: the second shard)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent and b"rtbench.campaign.child" in command and job.encode() in command:
            found.append(int(entry.name))
    return sorted(found)


def _wait_for(proc: subprocess.Popen[str], text: str, lines: list[str], timeout: float = 300) -> None:
    """Reads the run's progress until a line holds `text`."""
    assert proc.stderr is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        lines.append(line)
        if text in line:
            return
    pytest.fail(f"no progress line with {text!r}:\n{''.join(lines)[-3000:]}")


def _stored(home: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(home / "results.sqlite") as db:
        rows = db.execute("SELECT manifest FROM runs ORDER BY id").fetchall()
    return [json.loads(text) for (text,) in rows]


def _statuses(home: Path) -> dict[str, tuple[str, str]]:
    with sqlite3.connect(home / "results.sqlite") as db:
        rows = db.execute("SELECT bench, status, reason FROM results ORDER BY position").fetchall()
    return {bench: (status, reason) for bench, status, reason in rows}


def test_a_killed_shard_loses_nothing_of_the_others(tmp_path: Path) -> None:
    # Two benchmarks a shard: (task_switch, sem_take) and (queue_send, mutex_lock).
    bench = "task_switch,sem_take,queue_send,mutex_lock"
    proc = _cli(tmp_path, "--bench", bench, "--shards", "2", "--iterations", "200000", "--warmup", "0")
    lines: list[str] = []
    try:
        _wait_for(proc, "shards  2 processes", lines)
        _wait_for(proc, "[shard 2/2] run ", lines)  # the second shard measured one and measures the other
        (second,) = _shard_processes(proc.pid, "shard-2.json")
        os.kill(second, signal.SIGKILL)
        _out, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1, "".join(lines) + err
    status = _statuses(tmp_path)
    manifest = _stored(tmp_path)[-1]
    second = manifest["shards"]["shards"][1]
    assert second["status"] == "error" and "status -9" in second["error"]
    for name in second["benches"]:
        assert status[name][0] == "error" and "shard 2/2 failed" in status[name][1]
    assert all(status[name][0] == "ok" for name in manifest["shards"]["shards"][0]["benches"])
    assert not _shard_processes(proc.pid)


def test_a_hung_shard_is_stopped_by_its_watchdog_and_the_rest_kept(workspace: Workspace) -> None:
    request = _request("qemu-m3", "task_switch,sem_take,queue_send,mutex_lock", silence=3.0,
                       options={"inject": "hang:mutex_lock"})
    run = _sharded(request, workspace, 2)
    status = {r.bench: r for r in run.results}
    assert status["mutex_lock"].status == "error" and "hung" in status["mutex_lock"].reason
    assert [status[name].status for name in ("task_switch", "sem_take")] == ["ok", "ok"]
    hung_shard = next(s for s in run.manifest["shards"]["shards"] if "mutex_lock" in s["benches"])
    assert hung_shard["status"] == "ok" and hung_shard["run"]["exit_status"] is None  # rtbench stopped QEMU


def test_sigint_keeps_what_every_shard_measured(tmp_path: Path) -> None:
    proc = _cli(tmp_path, "--bench", "task_switch,sem_take,queue_send,cpu_reference", "--shards", "2",
                "--iterations", "200000", "--warmup", "0")
    lines: list[str] = []
    try:
        _wait_for(proc, "run     task_switch", lines)  # the first shard finished one benchmark
        os.kill(proc.pid, signal.SIGINT)
        _out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, "".join(lines) + err
    assert "interrupted (SIGINT): the benchmarks that finished were kept" in err
    manifest = _stored(tmp_path)[-1]
    assert manifest["interrupted"] == "SIGINT"
    assert _statuses(tmp_path)["task_switch"][0] == "ok"
    assert not _shard_processes(proc.pid)


@pytest.mark.parametrize("target", ["linux", "board"])
def test_targets_that_run_alone_refuse_shards(target: str) -> None:
    extra = ["--board", "qemu-mps2-an386", "--serial", "/dev/null", "--gdb", "localhost:1"] if target == "board" else []
    proc = subprocess.run([sys.executable, "-m", "rtbench", "run", "--target", target, *extra, "--shards", "2"],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "--shards 2 runs parts of the catalogue side by side" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_sharded_run_is_refused_before_building(workspace: Workspace) -> None:
    with pytest.raises(RtbenchError, match="give 1"):
        shard_runs.plan(_request("qemu-m3", "task_switch"), 0)
