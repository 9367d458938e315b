# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench campaign` for real: qemu-m3 cells on a Dask scheduler with two workers on this machine
(loopback only), a worker killed in the middle of a cell, and a local cluster interrupted and
resumed. Every cell must be stored exactly once, and no emulator outlive its cell, nor a temporary
folder its campaign."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rtbench.acquire.build import Build
from rtbench.paths import Workspace
from tests.conftest import home_sharing_builds

REPO = Path(__file__).resolve().parents[2]

MATRIX = """\
[campaign]
name = "{name}"

[settings]
target = "qemu-m3"
bench = "task_switch,sem_take"
iterations = 30
warmup = 5

[axes]
profile = ["default", "debug"]
opt = {opts}
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """The process and everything it started (it leads a session of its own)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if proc.poll() is not None:
            break
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            continue
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # anything the leader left behind
    proc.wait()


@dataclass
class Cluster:
    address: str
    scheduler: subprocess.Popen[bytes]
    workers: dict[str, subprocess.Popen[bytes]]


def _dask(*args: str, log: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    with open(log, "wb") as out:
        return subprocess.Popen([sys.executable, "-m", "dask", *args], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True, env=env, cwd=log.parent)


def _worker_names(address: str) -> set[str]:
    from distributed import Client

    with Client(address, timeout="10s", set_as_default=False) as client:
        return {str(w.get("name")) for w in client.scheduler_info()["workers"].values()}


@pytest.fixture(scope="module")
def worker_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The workers' own workspace (builds), shared by both and kept between tests."""
    return tmp_path_factory.mktemp("worker-home")


@pytest.fixture()
def cluster(tmp_path: Path, worker_home: Path) -> Iterator[Cluster]:
    """`dask scheduler` and two single-threaded `dask worker`s on 127.0.0.1, always stopped."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    started: list[subprocess.Popen[bytes]] = []
    try:
        scheduler = _dask("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard",
                          log=tmp_path / "scheduler.log")
        started.append(scheduler)
        env = {**os.environ, "RTBENCH_HOME": str(worker_home)}
        workers = {}
        for name in ("w1", "w2"):
            folder = tmp_path / name
            folder.mkdir()
            workers[name] = _dask("worker", address, "--name", name, "--nworkers", "1", "--nthreads", "1",
                                  "--no-nanny", "--host", "127.0.0.1", "--no-dashboard", "--local-directory",
                                  str(folder), log=folder / "worker.log", env=env)
            started.append(workers[name])
        deadline = time.monotonic() + 120
        while True:
            try:
                if _worker_names(address) == {"w1", "w2"}:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or any(p.poll() is not None for p in started):
                logs = "".join(p.read_text() for p in tmp_path.rglob("*.log"))
                pytest.fail(f"the Dask cluster did not start:\n{logs[-3000:]}")
            time.sleep(0.5)
        yield Cluster(address, scheduler, workers)
    finally:
        for proc in reversed(started):
            _stop(proc)


def _matrix(folder: Path, name: str, opts: str = '["-O2", "-Os"]', extra: str = "") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(MATRIX.format(name=name, opts=opts) + extra)
    return path


def _campaign(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), "campaign", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=900)


def _stored(home: Path, campaign: str) -> list[tuple[int, dict]]:
    """(run id, campaign record) of every stored run of the campaign."""
    with sqlite3.connect(home / "results.sqlite") as db:
        rows = db.execute("SELECT id, manifest FROM runs ORDER BY id").fetchall()
    records = [(run_id, json.loads(text).get("campaign")) for run_id, text in rows]
    return [(run_id, record) for run_id, record in records if record and record["id"] == campaign]


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _descendants(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        kids = [child for child, ppid in parents.items() if ppid == parent]
        found += kids
        frontier += kids
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _processes_mentioning(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if text.encode() in (entry / "cmdline").read_bytes() and _alive(int(entry.name)):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_a_matrix_on_a_dask_cluster_is_stored_once_and_resumes(cluster: Cluster, tmp_path: Path) -> None:
    home = tmp_path / "home"
    matrix = _matrix(tmp_path, "on-dask")
    first = _campaign(home, str(matrix), "--scheduler", cluster.address)
    assert first.returncode == 0, first.stderr
    assert "Dask cluster at tcp://127.0.0.1" in first.stderr and "[4/4] ok" in first.stderr
    assert "left" not in first.stderr  # no guess of the time left in a log (stderr is not a terminal here)
    stored = _stored(home, "on-dask")
    assert len(stored) == 4 and len({r["cell"] for _, r in stored}) == 4
    assert {r["status"] for _, r in stored} == {"ok"}
    assert len({r["worker"] for _, r in stored}) == 2  # both workers ran cells
    # Run again: every cell is stored, nothing is redone.
    again = _campaign(home, str(matrix), "--scheduler", cluster.address)
    assert again.returncode == 0, again.stderr
    assert "4 already stored, 0 to run" in again.stderr and len(_stored(home, "on-dask")) == 4
    report = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), "report", "--campaign", "on-dask",
                             "--html", str(tmp_path / "on-dask.html"), "--format", "table"], cwd=REPO,
                            capture_output=True, text=True, timeout=120)
    assert report.returncode == 0, report.stderr
    assert "task_switch (medians, profile across)" in report.stdout
    assert (tmp_path / "on-dask.html").read_text().count('class="fig"') == 2
    # A cell that measures the host runs on the submitting machine, after the others, not on a worker.
    host = tmp_path / "with-host.toml"
    host.write_text('[campaign]\nname = "with-host"\n[settings]\nbench = "sem_take"\niterations = 30\n'
                    '[axes]\ntarget = ["linux", "qemu-m3"]\n')
    mixed = _campaign(home, str(host), "--scheduler", cluster.address)
    assert mixed.returncode == 0, mixed.stderr
    assert "target=linux on this machine, alone (it measures the host)" in mixed.stderr
    (qemu_id, qemu), (linux_id, linux) = _stored(home, "with-host")
    assert qemu["axes"] == {"target": "qemu-m3"} and linux["axes"] == {"target": "linux"}
    assert linux_id > qemu_id and linux["worker"] not in {r["worker"] for _, r in stored}


def test_a_sharded_cell_runs_its_shards_as_tasks_and_is_stored_once(cluster: Cluster, tmp_path: Path) -> None:
    home = tmp_path / "home"
    matrix = tmp_path / "sharded.toml"
    matrix.write_text('[campaign]\nname = "sharded"\n[settings]\ntarget = "qemu-m3"\n'
                      'bench = "task_switch,sem_take,queue_send,sched_decision"\niterations = 30\nwarmup = 5\n'
                      'shards = 2\n')
    done = _campaign(home, str(matrix), "--scheduler", cluster.address)
    assert done.returncode == 0, done.stderr
    assert "[1/1] ok" in done.stderr
    ((run_id, record),) = _stored(home, "sharded")
    assert record["identity"]["shards"] == 2 and record["status"] == "ok"
    with sqlite3.connect(home / "results.sqlite") as db:
        manifest = json.loads(db.execute("SELECT manifest FROM runs WHERE id = ?", (run_id,)).fetchone()[0])
        rows = db.execute("SELECT bench, status FROM results WHERE run_id = ? ORDER BY position", (run_id,)).fetchall()
    shards = manifest["shards"]["shards"]
    assert [s["status"] for s in shards] == ["ok", "ok"]
    assert [b for s in shards for b in s["benches"]] == ["task_switch", "sem_take", "queue_send", "sched_decision"]
    assert [bench for bench, _ in rows][:3] == ["task_switch", "sem_take", "queue_send"]
    assert {status for _, status in rows} == {"ok"}
    again = _campaign(home, str(matrix), "--scheduler", cluster.address)
    assert again.returncode == 0 and "1 already stored, 0 to run" in again.stderr


def test_a_worker_killed_mid_cell_loses_and_duplicates_nothing(cluster: Cluster, tmp_path: Path,
                                                               worker_home: Path) -> None:
    home = tmp_path / "home"
    # Fresh optimisation levels: every cell builds its image, so it runs long enough to be caught.
    matrix = _matrix(tmp_path, "killed", opts='["-O1", "-O3"]')
    with open(tmp_path / "campaign.log", "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "rtbench", "--home", str(home), "campaign", str(matrix),
                                 "--scheduler", cluster.address], cwd=REPO, stdout=subprocess.DEVNULL, stderr=log,
                                start_new_session=True)
    try:
        victim = cluster.workers["w1"]
        deadline = time.monotonic() + 180
        cell = None
        while cell is None and time.monotonic() < deadline and proc.poll() is None:
            cell = next((pid for pid in _descendants(victim.pid) if b"rtbench.campaign.child" in _cmdline(pid)), None)
            time.sleep(0.05)
        assert cell is not None, "w1 never ran a cell: " + (tmp_path / "campaign.log").read_text()
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait()
        status = proc.wait(timeout=600)
    finally:
        _stop(proc)
    err = (tmp_path / "campaign.log").read_text()
    assert status == 0, err
    # The killed worker's cell (and its emulator) died with it...
    for _ in range(50):
        if not _alive(cell):
            break
        time.sleep(0.1)
    assert not _alive(cell)
    assert not _processes_mentioning(str(worker_home))  # no emulator of a cell is left
    # ...and Dask ran it again on the other worker: every cell stored exactly once, all ok.
    stored = _stored(home, "killed")
    assert len(stored) == 4 and len({r["cell"] for _, r in stored}) == 4, stored
    assert {r["status"] for _, r in stored} == {"ok"}
    with sqlite3.connect(home / "results.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT COUNT(*) FROM results WHERE run_id NOT IN (SELECT id FROM runs)").fetchone() == (0,)
    assert _worker_names(cluster.address) == {"w2"}


def test_an_interrupted_campaign_resumes_without_redoing_cells(tmp_path: Path) -> None:
    """On the default local cluster: Ctrl-C keeps what finished; a failing cell is stored with its
    error, the others go on, and it is tried again on the next run."""
    home = tmp_path / "home"
    (tmp_path / "resumed.toml").write_text("""\
[campaign]
name = "resumed"
[settings]
target = "qemu-m3"
bench = "task_switch,sem_take"
iterations = 30
[axes]
opt = ["-O2", "-Os", "-O1"]
case = [{ label = "plain", warmup = 5, cold = true },
        { label = "faulty", warmup = 5, options = { inject = "fault:sem_take" } }]
[[exclude]]
case = "faulty"
opt = ["-Os", "-O1"]
""")
    args = [sys.executable, "-m", "rtbench", "--home", str(home), "campaign", str(tmp_path / "resumed.toml"),
            "--workers", "1"]
    proc = subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:
            seen.append(line)
            if "[1/4]" in line:
                break
        proc.send_signal(signal.SIGINT)
        _, rest = proc.communicate(timeout=120)
    finally:
        _stop(proc)
    err = "".join(seen) + rest
    assert proc.returncode == 130, err
    assert "run the same command again to resume" in err
    first = _stored(home, "resumed")
    assert 1 <= len(first) < 4, err
    assert not _processes_mentioning(str(home))  # no cell, emulator or worker left behind
    again = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert again.returncode == 1, again.stderr  # the faulty cell failed; the others are ok
    assert f"{len(first)} already stored, {4 - len(first)} to run" in again.stderr
    second = _stored(home, "resumed")
    assert second[:len(first)] == first and len(second) == 4 and len({r["cell"] for _, r in second}) == 4
    faulty = next(r for _, r in second if r["axes"]["case"] == "faulty")
    assert faulty["status"] == "error"
    assert sum(r["status"] == "ok" for _, r in second) == 3
    # The plain cells asked for the cold first sample (cold = true): each of their results has one.
    with sqlite3.connect(home / "results.sqlite") as db:
        colds = [db.execute("SELECT cold_raw FROM results WHERE run_id = ?", (run_id,)).fetchall()
                 for run_id, record in second if record["axes"]["case"] == "plain"]
    assert len(colds) == 3 and all(rows and None not in {cold for (cold,) in rows} for rows in colds)
    # The failed cell is the only one run again.
    third = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert third.returncode == 1 and "3 already stored, 1 to run" in third.stderr, third.stderr
    assert [run_id for run_id, _ in _stored(home, "resumed")][:4] == [run_id for run_id, _ in second]


def test_ctrl_c_leaves_no_temporary_folder_behind(tmp_path: Path, workspace: Workspace, built_image: Build) -> None:
    """Ctrl-C while a cell runs on the local cluster: its worker is killed as the cluster closes,
    mid-cell, and never removed its `rtbench-cell-*` folder (nor Dask its scratch space). They all
    live in one folder of the campaign's process now, removed once the cluster is closed. The
    session's image is reused (the build directory shared), so the cell starts measuring at once."""
    home, scratch = home_sharing_builds(tmp_path / "home", workspace), tmp_path / "tmp"
    scratch.mkdir()
    matrix = tmp_path / "long.toml"
    matrix.write_text('[campaign]\nname = "long"\n[settings]\ntarget = "qemu-m3"\nbench = "task_switch"\n'
                      'iterations = 300000\nwarmup = 5\n[axes]\nopt = ["-O2"]\n')
    proc = subprocess.Popen([sys.executable, "-m", "rtbench", "--home", str(home), "campaign", str(matrix),
                             "--workers", "1"], cwd=REPO, env={**os.environ, "TMPDIR": str(scratch)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not list(scratch.rglob("rtbench-cell-*")) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert proc.poll() is None, "the campaign ended before its cell started"
        time.sleep(1)
        os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C reaches the terminal's foreground group
        _, err = proc.communicate(timeout=120)
    finally:
        _stop(proc)
    assert proc.returncode == 130, err
    assert "1 cell(s) not run" in err and "Traceback" not in err
    assert list(scratch.iterdir()) == []
    assert not _processes_mentioning(str(home))
