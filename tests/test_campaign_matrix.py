# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A campaign's matrix file: read, checked with errors that name the file, the line and the key,
and expanded into cells whose identity changes exactly when their numbers could; one cell given
twice is refused; a campaign's workers are bounded, and a stop signal while its cluster starts
ends it without leaving a process behind."""
from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rtbench.acquire.platforms import Kernel
from rtbench.acquire.sources import KernelSource
from rtbench.campaign import cells, matrix
from rtbench.campaign.settings import TICK_PROFILES
from rtbench.errors import RtbenchError
from tests.runfiles import in_process

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "campaigns" / "freertos-12.toml"


def registry(kernel: Kernel, path: Path | None) -> KernelSource:
    """Where sources.locate would find the kernel, without running cargo."""
    if path is not None:
        return KernelSource(path, "V-user", "--kernel-src")
    if kernel.name == "posix":
        return KernelSource(None, "Linux test", "the running kernel (nothing to fetch)")
    return KernelSource(Path(f"/registry/{kernel.name}"), "V11.2.0", "crate freertos-next 0.12.0 (cargo registry)")


def expand(text: str, tmp_path: Path, name: str = "study.toml") -> list[cells.Cell]:
    path = tmp_path / name
    path.write_text(text)
    return cells.expand(matrix.read(path), locate=registry)


def error(text: str, tmp_path: Path) -> str:
    path = tmp_path / "study.toml"
    path.write_text(text)
    with pytest.raises(matrix.MatrixError) as caught:
        cells.expand(matrix.read(path), locate=registry)
    return str(caught.value)


BASE = """\
[campaign]
name = "study"

[settings]
bench = "task_switch"
iterations = 50

[axes]
profile = ["default", "debug"]
opt = ["-O2", "-Os"]
"""


def test_the_sample_matrix_is_twelve_cells(tmp_path: Path) -> None:
    found = cells.expand(matrix.read(SAMPLE), locate=registry)
    assert len(found) == 12 and len({c.key for c in found}) == 12
    first = found[0]
    assert first.axes == {"profile": "default", "opt": "-O2", "platform": "qemu-m3"}
    assert (first.request.target, first.request.os, first.request.iterations) == ("qemu-m3", "freertos", 200)
    minimal = next(c for c in found if c.axes == {"profile": "debug", "opt": "-Os", "platform": "vexriscv-sim/minimal"})
    request = minimal.request
    assert (request.target, request.variants, request.profile, request.opt_flags) == (
        "vexriscv-sim", ["minimal"], "debug", "-Os")
    assert minimal.identity["variants"] == ["minimal"] and "task_switch" in minimal.identity["benches"]
    assert not any(c.measures_host for c in found)


def test_exclusions_and_repeats(tmp_path: Path) -> None:
    text = BASE.replace('name = "study"', 'name = "study"\nrepeats = 3') + """
[[exclude]]
profile = "debug"
opt = ["-Os"]
"""
    found = expand(text, tmp_path)
    assert len(found) == 3 * 3
    assert {(c.axes["profile"], c.axes["opt"]) for c in found} == {("default", "-O2"), ("default", "-Os"),
                                                                   ("debug", "-O2")}
    assert len({c.key for c in found}) == 9 and {c.repeat for c in found} == {1, 2, 3}


def test_a_cells_key_changes_with_what_changes_its_numbers_only(tmp_path: Path) -> None:
    keys = {c.title(): c.key for c in expand(BASE, tmp_path)}
    assert keys == {c.title(): c.key for c in expand(BASE, tmp_path)}  # stable
    more = {c.title(): c.key for c in expand(BASE.replace("iterations = 50", "iterations = 51"), tmp_path)}
    assert not set(more.values()) & set(keys.values())
    # Another campaign name, description or axis order changes nothing measured: same cells.
    renamed = BASE.replace('name = "study"', 'name = "other"\ndescription = "the same cells"')
    reordered = renamed.replace('profile = ["default", "debug"]\nopt = ["-O2", "-Os"]',
                                'opt = ["-Os", "-O2"]\nprofile = ["debug", "default"]')
    assert {c.key for c in expand(reordered, tmp_path)} == set(keys.values())
    # A setting given in [settings] or on a one-value axis is the same setting.
    moved = BASE.replace('iterations = 50\n', '').replace("[axes]\n", "[axes]\niterations = [50]\n")
    assert {c.key for c in expand(moved, tmp_path)} == set(keys.values())


def test_table_values_tick_rates_and_option_axes(tmp_path: Path) -> None:
    text = """\
[settings]
bench = "tick_cost,window_sem_take"
[axes]
tick = [100, "1kHz"]
"option.ticks" = [100, 500]
platform = [{ target = "qemu-m3", label = "m3" }, { target = "vexriscv-sim", cpu_variant = ["minimal", "lite"] }]
"""
    found = expand(text, tmp_path, "ticks.toml")
    assert len(found) == 8
    labels = {tuple(c.axes.values()) for c in found}
    assert ("1kHz", "500", "vexriscv-sim/minimal+lite") in labels and ("100", "100", "m3") in labels
    cell = next(c for c in found if c.axes == {"tick": "1kHz", "option.ticks": "500", "platform": "m3"})
    assert cell.request.profile == TICK_PROFILES[1000] == "tick1k" and cell.request.options == {"ticks": "500"}
    vex = next(c for c in found if c.axes["platform"].startswith("vexriscv"))
    assert vex.request.variants == ["minimal", "lite"]


def test_cold_per_campaign_or_per_cell(tmp_path: Path) -> None:
    plain = {c.title(): c.key for c in expand(BASE, tmp_path)}
    everywhere = expand(BASE.replace("iterations = 50", "iterations = 50\ncold = true"), tmp_path)
    assert all(c.request.cold and c.identity["cold"] is True for c in everywhere)
    assert not {c.key for c in everywhere} & set(plain.values())  # another image: other numbers
    per_cell = expand(BASE + 'where = [{ target = "qemu-m3", cold = true, label = "m3-cold" }]\n', tmp_path)
    assert {c.request.cold for c in per_cell} == {True}
    axis = expand(BASE.replace('opt = ["-O2", "-Os"]', 'opt = ["-O2"]\ncold = [false, true]'), tmp_path)
    assert [(c.axes["cold"], c.request.cold) for c in axis] == [("false", False), ("true", True)] * 2
    # Without cold, a cell is what it was before the setting existed: same key.
    assert {c.key for c in axis if not c.request.cold} == {k for t, k in plain.items() if "-O2" in t}
    assert error(BASE.replace("iterations = 50", 'cold = "yes"'), tmp_path).endswith(
        "study.toml:6: settings.cold: cold must be true or false, not 'yes'")


def test_linux_cells_measure_the_host(tmp_path: Path) -> None:
    found = expand('[axes]\ntarget = ["qemu-m3", "linux"]\n[settings]\nbench = "sem_take"\n', tmp_path)
    assert [c.measures_host for c in found] == [False, True]
    assert found[1].request.os is None and found[1].identity["kernel"] == "posix"


def _located(message: str) -> tuple[str, int]:
    match = re.match(r"(.+?):(\d+): ", message)
    assert match, message
    return match.group(1), int(match.group(2))


@pytest.mark.parametrize(("text", "line", "words"), [
    (BASE + 'platform = [{ target = "qemu-m3" }, { target = "qemu-m4" }]\n', 11,
     ["axes.platform[1].target", "unknown target 'qemu-m4'", "known targets"]),
    (BASE.replace("iterations = 50", "iteratons = 50"), 6, ["settings.iteratons", "unknown key", "iterations"]),
    (BASE.replace("iterations = 50", 'iterations = "50"'), 6, ["settings.iterations", "whole number"]),
    (BASE.replace('"-Os"]', '"Os"]'), 10, ["axes.opt[1]", "Os is not a compiler flag"]),
    (BASE.replace('"debug"]', '"debgu"]'), 9, ["axes.profile[1]", "no kernel has a profile 'debgu'"]),
    (BASE.replace('"debug"]', '"default"]'), 9, ["axes.profile", "'default' is given twice"]),
    (BASE + "[[exclude]]\nprofile = \"default\"\nkernel = \"freertos\"\n", 13, ["exclude[0].kernel", "no such axis"]),
    (BASE + "[[exclude]]\nopt = \"-O3\"\n", 12, ["exclude[0].opt", "no value '-O3'", "-O2, -Os"]),
    (BASE + 'platform = ["qemu-m3"]\n', 11, ["axes.platform", "not a setting", "tables of settings"]),
    (BASE.replace('name = "study"', "repeats = 0"), 2, ["campaign.repeats", "from 1 to 1000"]),
    (BASE.replace('name = "study"', 'name = "a study"'), 2, ["campaign.name", "not a usable campaign id"]),
    (BASE + "[extra]\nx = 1\n", 11, ["extra", "unknown table"]),
    (BASE.replace("[axes]", "[axes"), 8, ["not valid TOML"]),
    (BASE + 'bench = ["sem_*", "nosuch_*"]\n', 11, ["axes.bench[1]", "'nosuch_*' matches no benchmark"]),
])
def test_a_bad_matrix_names_its_line_and_key(tmp_path: Path, text: str, line: int, words: list[str]) -> None:
    message = error(text, tmp_path)
    path, found_line = _located(message)
    assert path == str(tmp_path / "study.toml") and found_line == line, message
    for word in words:
        assert word in message, message


def test_a_cell_rtbench_run_would_refuse_names_the_cell(tmp_path: Path) -> None:
    message = error(BASE + 'kernel = ["freertos", "freertos-hw"]\n', tmp_path)
    assert "cell profile=default opt=-O2 kernel=freertos-hw" in message
    assert "freertos-hw port does not support qemu-m3" in message and "lines 9, 10, 11" in message
    assert "[[exclude]]" in message
    # Excluding it makes the matrix good.
    fixed = BASE + 'kernel = ["freertos", "freertos-hw"]\nplatform = [{ target = "qemu-m3" }, ' \
        '{ target = "vexriscv-sim", cpu_variant = "minimal" }]\n[[exclude]]\nkernel = "freertos-hw"\n' \
        'platform = "qemu-m3"\n'
    assert len(expand(fixed, tmp_path)) == 4 * 3
    both = error(BASE.replace("[settings]", '[settings]\nprofile = "debug"'), tmp_path)
    assert "profile is set both by axis 'profile' (line 10) and by [settings] (line 5)" in both
    tick = error(BASE + "tick = [1000]\n", tmp_path)
    assert "tick" in tick and "profile" in tick and "tick1k" in tick
    variant = error(BASE + 'cpu_variant = ["minimal"]\n', tmp_path)
    assert "qemu-m3 has no hardware variants" in variant


def test_the_command_line_says_what_is_wrong_without_a_traceback(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rtbench = in_process(capsys, tmp_path / "home")
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + 'platform = [{ target = "qemu-m4" }]\n')
    outcome = rtbench("campaign", str(bad))
    assert outcome.returncode == 2 and "Traceback" not in outcome.stderr
    assert f"{bad}:11: axes.platform[0].target: unknown target 'qemu-m4'" in outcome.stderr
    missing = rtbench("campaign", str(tmp_path / "nothing.toml"))
    assert missing.returncode == 2 and "cannot read the matrix file" in missing.stderr
    assert rtbench("campaign", str(SAMPLE), "--workers", "0").returncode == 2
    both = rtbench("campaign", str(SAMPLE), "--workers", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert both.returncode == 2 and "does not apply with --scheduler" in both.stderr
    assert not (tmp_path / "home").exists()  # nothing was created for a refused campaign


def test_the_time_left_is_estimated_per_target(tmp_path: Path) -> None:
    from rtbench.campaign.execution import Done, _Progress

    found = cells.expand(matrix.read(SAMPLE), locate=registry)  # 4 qemu-m3 cells, 8 vexriscv-sim cells
    lines: list[str] = []
    tally = _Progress(found, lines.append, on_terminal=True)
    tally.workers = 2
    qemu = [c for c in found if c.request.target == "qemu-m3"]
    vex = [c for c in found if c.request.target == "vexriscv-sim"]
    tally.cell(Done(qemu[0], "ok", 1, None, "w1", 4.0), 1)
    assert lines[-1].startswith("[1/12] ok    profile=default opt=-O2 platform=qemu-m3: run 1, 4 s on w1")
    assert lines[-1].endswith("0 failed · about 22 s left")  # 11 cells of 4 s, on two workers
    tally.cell(Done(vex[0], "error", None, "it broke\nbadly", "w2", 60.0), 1)
    assert "[2/12] error" in lines[-2] and "not stored" in lines[-2] and "1 failed" in lines[-2]
    assert lines[-2].endswith("about 3 min 36 s left")  # (3 x 4 s + 7 x 60 s) / 2
    assert lines[-1] == "        it broke"
    for cell in qemu[1:] + vex[1:]:
        tally.cell(Done(cell, "ok", 9, None, "w1", 1.0), 1)
    assert lines[-1].endswith("all cells done") and lines[-1].startswith("[12/12]")

    logged: list[str] = []  # not on a terminal: what happened, no guess
    _Progress(found, logged.append, on_terminal=False).cell(Done(qemu[0], "ok", 1, None, "w1", 4.0), 1)
    assert logged == ["[1/12] ok    profile=default opt=-O2 platform=qemu-m3: run 1, 4 s on w1 · 0 failed"]


@pytest.mark.parametrize(("axis", "labels"), [
    ('opt = ["-O2", "-O2 "]', "'opt=-O2' and 'opt=-O2 '"),
    ('platform = [{ target = "qemu-m3" }, { target = "qemu-m3", label = "m3" }]',
     "'platform=qemu-m3' and 'platform=m3'"),
])
def test_one_cell_under_two_labels_is_refused_naming_both(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          axis: str, labels: str) -> None:
    """Measured once and stored twice, as two identical runs, if it were let through."""
    path = tmp_path / "twice.toml"
    path.write_text(f'[settings]\nbench = "task_switch"\n[axes]\n{axis}\n')
    outcome = in_process(capsys, tmp_path / "home")("campaign", str(path))
    assert outcome.returncode == 2 and "Traceback" not in outcome.stderr
    assert f"{path} (line 4): the cells {labels} are the same cell" in outcome.stderr
    assert not (tmp_path / "home").exists()


def test_a_matrix_whose_exclusions_leave_no_cell_is_refused(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.toml"
    path.write_text(BASE + '[[exclude]]\nprofile = ["default", "debug"]\n')
    outcome = in_process(capsys, tmp_path / "home")("campaign", str(path))
    assert outcome.returncode == 2 and "the exclusions leave out every cell" in outcome.stderr


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_listening(port: int, process: subprocess.Popen, seconds: float = 60.0) -> None:
    """Until a server just started accepts connections on the port (slow to start on a busy machine)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1.0):
            return
        time.sleep(0.2)
    raise AssertionError(f"nothing listened on port {port} within {seconds:g} s")


def _left_in_session(session: int, grace: float = 5.0) -> list[str]:
    """The processes still in a session (a campaign's workers would be there) after `grace`
    seconds: multiprocessing's resource tracker ends just after the process it served."""
    deadline = time.monotonic() + grace
    while (left := _in_session(session)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def _in_session(session: int) -> list[str]:
    left = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            left.append(stat.parent.name)
    return left


def _campaign_stopped_at(marker: str, tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """A real campaign in a session of its own, sent SIGTERM once its stderr shows `marker`."""
    env = {**os.environ, "RTBENCH_HOME": str(tmp_path / "home")}
    proc = subprocess.Popen([sys.executable, "-m", "rtbench", "campaign", str(SAMPLE), *args], env=env,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, start_new_session=True)
    assert proc.stderr is not None
    seen = ""
    while marker not in seen:
        line = proc.stderr.readline()
        assert line, seen  # it ended before reaching the point to stop it at
        seen += line
    proc.send_signal(signal.SIGTERM)
    return proc, seen


def _ended(proc: subprocess.Popen[str], seconds: float) -> tuple[int, str]:
    try:
        code = proc.wait(timeout=seconds)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # this test's own campaign, still deaf to SIGTERM
            proc.wait()
    assert proc.stderr is not None
    return code, proc.stderr.read()


def test_more_workers_than_cpus_is_refused(tmp_path: Path) -> None:
    """100 000 workers grew memory until "Too many open files", and only SIGKILL stopped it (so
    the campaign runs in a process of its own, ended by _ended should it start them again)."""
    from rtbench.campaign.execution import local_workers

    env = {**os.environ, "RTBENCH_HOME": str(tmp_path / "home")}
    proc = subprocess.Popen([sys.executable, "-m", "rtbench", "campaign", str(SAMPLE), "--workers", "100000"],
                            env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    code, stderr = _ended(proc, 60)
    assert code == 2 and f"--workers 100000 is more than the {local_workers()} CPU(s)" in stderr
    assert not (tmp_path / "home").exists()


def test_sigterm_while_waiting_for_a_clusters_first_worker_stops_at_once(tmp_path: Path) -> None:
    """A real scheduler without workers: the campaign waits for one (60 s), and a stop signal in
    that wait ends it, where the wait used to hold the signal until it was over."""
    port = _free_port()
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--no-dashboard"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
    try:
        _wait_listening(port, scheduler)
        proc, _ = _campaign_stopped_at("waiting up to 60 s for a worker", tmp_path,
                                       "--scheduler", f"tcp://127.0.0.1:{port}")
        code, rest = _ended(proc, 15)
    finally:
        scheduler.terminate()
        scheduler.wait(timeout=30)
    assert code == 128 + signal.SIGTERM, rest
    assert "12 cell(s) not run" in rest and "Traceback" not in rest


def test_sigterm_while_the_local_cluster_starts_leaves_nothing_running(tmp_path: Path) -> None:
    proc, _ = _campaign_stopped_at("local Dask cluster", tmp_path, "--workers", "1")
    code, rest = _ended(proc, 60)
    assert code == 128 + signal.SIGTERM, rest
    assert "12 cell(s) not run" in rest and "Traceback" not in rest
    assert _left_in_session(proc.pid) == []


def test_a_campaign_already_running_in_the_workspace_is_refused(tmp_path: Path) -> None:
    """Two invocations of one campaign on one workspace would both run every cell not yet stored."""
    import subprocess
    import sys

    from rtbench.acquire.build_once import exclusive
    from rtbench.cli.campaign import campaign_lock
    from rtbench.paths import Workspace

    matrix = tmp_path / "twice.toml"
    matrix.write_text('[campaign]\nname = "twice"\n[settings]\nbench = "sem_take"\niterations = 10\n')
    home = Workspace(tmp_path / "ws")
    with exclusive(campaign_lock(home, "twice"), lambda: None):  # the first invocation, still running
        proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home.root), "campaign", str(matrix)],
                              capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "the campaign 'twice' is already running" in proc.stderr and "Traceback" not in proc.stderr
    assert not home.store.exists()  # it ran and stored nothing


def test_a_matrix_beyond_the_cell_cap_is_refused_at_once(tmp_path: Path) -> None:
    """A typo that multiplies the axes (here 24 x 24 x 24 iterations) must not check cells for minutes."""
    import subprocess
    import sys
    import time

    from rtbench.campaign.cells import MAX_CELLS

    values = ", ".join(str(10 + i) for i in range(24))
    matrix = tmp_path / "huge.toml"
    matrix.write_text(f"[campaign]\nname = \"huge\"\n[axes]\niterations = [{values}]\nwarmup = [{values}]\n"
                      f"timeout = [{', '.join(str(100 + i) for i in range(24))}]\n")
    assert MAX_CELLS < 24 ** 3
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "ws"), "campaign", str(matrix),
                           "--list"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "13,824 combinations" in proc.stderr, proc.stderr
    assert time.monotonic() - started < 30


def test_a_scheduler_that_refuses_is_said_at_once(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as probe:  # a port nothing listens on once the probe is closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    matrix = tmp_path / "m.toml"
    matrix.write_text('[campaign]\nname = "m"\n[settings]\nbench = "sem_take"\niterations = 10\n')
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "ws"), "campaign", str(matrix),
                           "--scheduler", f"tcp://127.0.0.1:{port}"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "cannot reach the Dask scheduler" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and time.monotonic() - started < 15


@pytest.mark.parametrize("answer", [b"", b"HTTP/1.1 400 Bad Request\r\n\r\n",
                                    (16).to_bytes(8, "little") + b"\xff" * 64])
def test_something_else_than_a_scheduler_is_said_in_seconds(tmp_path: Path, answer: bytes) -> None:
    # A silent listener (as a host behind a proxy that drops the packets) and a web server: Dask
    # would wait 20 s, or read "HTTP/1.1" as a frame length and try to allocate exabytes. The
    # third passes the probe (a plausible frame length) and sends garbage: Dask's struct.error
    # ended the campaign in a traceback (exit 1), after its half-made client stalled 40 s.

    server = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                accepted.append(conn)
                if answer:
                    conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    matrix = tmp_path / "m.toml"
    matrix.write_text('[campaign]\nname = "m"\n[settings]\nbench = "sem_take"\niterations = 10\n')
    started = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "ws"), "campaign",
                               str(matrix), "--scheduler", f"tcp://127.0.0.1:{server.getsockname()[1]}"],
                              capture_output=True, text=True, timeout=120)
    finally:
        server.close()
        for conn in accepted:
            conn.close()
    assert proc.returncode == 2 and "but not as a Dask scheduler" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and time.monotonic() - started < 15


@pytest.mark.parametrize("address, message", [
    ("not a url", "--scheduler 'not a url' is not a Dask scheduler address ([PROTOCOL://]HOST:PORT)"),
    ("tcp://127.0.0.1:99999", "port 99999 is outside 1..65535"),
    ("http://127.0.0.1:8786", "http:// is not a protocol Dask connects with"),
])
def test_a_scheduler_that_is_no_address_is_refused_at_once(tmp_path: Path, address: str, message: str) -> None:
    """The right error came first, then a 40 s stall and Dask's `Client.__del__ ... TimeoutError`."""
    matrix = tmp_path / "m.toml"
    matrix.write_text('[campaign]\nname = "m"\n[settings]\nbench = "sem_take"\niterations = 10\n')
    for command in (["campaign", str(matrix)], ["history", "--revs", "a..b"]):
        started = time.monotonic()
        proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path / "ws"), *command,
                               "--scheduler", address], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2 and message in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr
        assert time.monotonic() - started < 15


def test_a_campaign_timeout_takes_the_command_lines_durations() -> None:
    from rtbench.campaign import settings

    assert settings._seconds("2min", "timeout") == 120 and settings._seconds(90, "timeout") == 90
    with pytest.raises(RtbenchError, match="is not a duration"):
        settings._seconds("soon", "timeout")
